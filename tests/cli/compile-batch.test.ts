import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runKc } from "../fakes/run-kc";
import { pluginFolder } from "../../src/node/node-host";
import { COMPILE_TOOL } from "../../src/core/compile/compile-prompt";
import { startLoopbackAnthropic, type LoopbackServer } from "../fakes/loopback-anthropic-server";
import { FIXTURE_VAULT } from "../core/compile/compile-fixture";
import { validReply } from "../core/compile/scripted-replies";

let server: LoopbackServer;
let vault: string;
beforeEach(async () => {
  server = await startLoopbackAnthropic();
  vault = mkdtempSync(join(tmpdir(), "kc-batch-"));
  cpSync(FIXTURE_VAULT, vault, { recursive: true });
});
afterEach(async () => {
  await server.close();
  rmSync(vault, { recursive: true, force: true });
});

const KEY = { ANTHROPIC_API_KEY: "sk-test" };
const kc = (args: string[], env: Record<string, string> = KEY, confirm?: (q: string) => Promise<boolean>) =>
  runKc([...args, "--base-url", server.baseUrl, "--model", "claude-sonnet-5-5", "--today", "2026-11-22"], env, confirm);

describe("kc compile --all shows the total estimate first", () => {
  it("prints the batch's estimate at the model's price and, above the threshold without a terminal, needs --yes (no request)", async () => {
    const r = await kc(["compile", vault, "--all", "--confirm-above", "0"]);
    expect(r.err).toMatch(/\d+ logs? to compile with claude-sonnet-5-5: about \d+ prompt tokens, about \$\d\.\d{4}, at most \$\d\.\d{4}\./);
    expect(r.err).toContain("re-run with --yes");
    expect(r.code).toBe(2);
    expect(server.requests).toHaveLength(0);
  });

  it("asks on a terminal, and compiles nothing when told no", async () => {
    const questions: string[] = [];
    const r = await kc(["compile", vault, "--all", "--confirm-above", "0"], KEY, (q) => {
      questions.push(q);
      return Promise.resolve(false);
    });
    expect(questions).toHaveLength(1);
    expect(questions[0]).toMatch(/^Compile \d+ logs? \(about \$/);
    expect(r.code).toBe(0);
    expect(server.requests).toHaveLength(0);
  });

  it("takes the plugin's 'Ask before costly compiles' when no flag is given, and goes on below it", async () => {
    mkdirSync(pluginFolder(vault), { recursive: true });
    writeFileSync(join(pluginFolder(vault), "data.json"), JSON.stringify({ compile: { confirmAboveUsd: 100 } }));
    server.replies.push(...Array.from({ length: 10 }, () => ({ kind: "tool" as const, name: COMPILE_TOOL.name, input: validReply() })));
    const questions: string[] = [];
    const r = await kc(["compile", vault, "--all"], KEY, (q) => {
      questions.push(q);
      return Promise.resolve(false);
    });
    expect(r.err).toMatch(/logs? to compile with claude-sonnet-5-5/);
    expect(questions.filter((q) => q.startsWith("Compile "))).toEqual([]);
    expect(server.requests.length).toBeGreaterThan(0);
  });

  it("without a terminal and without --yes refuses before the call, instead of paying and writing nothing", async () => {
    server.replies.push({ kind: "tool" as const, name: COMPILE_TOOL.name, input: validReply() });
    const r = await kc(["compile", vault, "--file", "daily/2026-11-20.md"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("no terminal to review the proposal on");
    expect(server.requests).toHaveLength(0);
  });

  it("still respects the spending caps with --yes: a cap below the first call refuses it before any request", async () => {
    const r = await kc(["compile", vault, "--all", "--yes"], { ...KEY, KC_DAILY_CAP_USD: "0.000001" });
    expect(r.err).toContain("daily cap");
    expect(r.code).toBe(1);
    expect(server.requests).toHaveLength(0);
  });

  it("refuses a --confirm-above that is not an amount", async () => {
    const r = await kc(["compile", vault, "--all", "--confirm-above", "much"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("--confirm-above must be an amount");
  });
});
