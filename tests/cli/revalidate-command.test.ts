import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "../../src/cli/main";
import { runKc } from "../fakes/run-kc";
import { REVALIDATE_TOOL } from "../../src/core/compile/revalidate";
import { startLoopbackAnthropic, type LoopbackServer, type ScriptedReply } from "../fakes/loopback-anthropic-server";
import { FIXTURE_VAULT } from "../core/compile/compile-fixture";
import { CONFIG_DIR } from "../fakes/config-dir";

let server: LoopbackServer;
let vault: string;
beforeEach(async () => {
  server = await startLoopbackAnthropic();
  vault = mkdtempSync(join(tmpdir(), "kc-revalidate-"));
  cpSync(FIXTURE_VAULT, vault, { recursive: true });
});
afterEach(async () => {
  await server.close();
  rmSync(vault, { recursive: true, force: true });
});

const ARTICLE = "knowledge/concepts/sqlite-wal-mode.md";
const read = (p: string): string => readFileSync(join(vault, p), "utf8");
const tool = (input: unknown): ScriptedReply => ({ kind: "tool", name: REVALIDATE_TOOL.name, input });

async function kc(args: string[], env: Record<string, string | undefined> = { ANTHROPIC_API_KEY: "sk-test" }, confirm?: (q: string) => Promise<boolean>) {
  // The model options belong to the commands that call a model; undo takes none of them.
  const model = args[0] === "undo" ? [] : ["--base-url", server.baseUrl, "--model", "claude-test", "--month", "2026-11"];
  return runKc([...args, ...model], env, confirm);
}

describe("kc revalidate", () => {
  it("re-stamps what the model keeps after --yes, logs it, leaves the body, and kc undo puts the bytes back", async () => {
    const before = read(ARTICLE);
    const logBefore = read("knowledge/log.md");
    const data = join(vault, `${CONFIG_DIR}/plugins/ckp-knowledge-compiler/data.json`);
    expect(existsSync(data)).toBe(false);
    server.replies.push(tool({ similar_high: [], similar_mid: [{ target: "concepts/retry-with-backoff", stamp: "2026-11" }] }));
    const r = await kc(["revalidate", vault, "concepts/sqlite-wal-mode", "--yes"]);
    expect(r.code).toBe(0);
    expect(server.requests).toHaveLength(1);
    expect(JSON.stringify(server.requests[0]!.body)).toContain("concepts/retry-with-backoff: Retry with backoff");
    expect(r.out).toContain("retry-with-backoff · 2026-11");
    const after = read(ARTICLE);
    expect(after).toContain('"[[concepts/retry-with-backoff|retry-with-backoff · 2026-11]]"');
    expect(after).toContain("validated: 2026-11");
    expect(after.slice(after.indexOf("\n---\n"))).toBe(before.slice(before.indexOf("\n---\n")));
    expect(read("knowledge/log.md")).toContain("revalidate | concepts/sqlite-wal-mode");
    const undo = await kc(["undo", vault]);
    expect(undo.code).toBe(0);
    expect(read(ARTICLE)).toBe(before);
    expect(read("knowledge/log.md").startsWith(logBefore)).toBe(true);
    // an article has no compile state: undo must not invent one
    expect(existsSync(data)).toBe(false);
  });

  it("writes nothing when the person says no", async () => {
    const before = read(ARTICLE);
    server.replies.push(tool({ similar_high: [], similar_mid: [] }));
    const asked: string[] = [];
    const r = await kc(["revalidate", vault, ARTICLE], undefined, async (q) => (asked.push(q), false));
    expect(r.code).toBe(0);
    expect(asked).toEqual(["Write this change?"]);
    expect(r.err).toContain("Not written");
    expect(read(ARTICLE)).toBe(before);
  });

  it("gives up with nothing written when the reply is invalid twice", async () => {
    const before = read(ARTICLE);
    const bad = tool({ similar_high: [{ target: "concepts/not-listed", stamp: "2026-11" }], similar_mid: [] });
    server.replies.push(bad, bad);
    const r = await kc(["revalidate", vault, ARTICLE, "--yes"]);
    expect(r.code).toBe(1);
    expect(r.err).toContain("invalid twice");
    expect(server.requests).toHaveLength(2);
    expect(read(ARTICLE)).toBe(before);
  });

  it("says what is wrong without calling the model: no key, unknown article, no relationships, bad month", async () => {
    let noKeyErr = "";
    const noKeyCode = await runCli(["revalidate", vault, ARTICLE], { out: () => undefined, err: (t) => (noKeyErr += t), isTTY: false, env: {} });
    const noKey = { code: noKeyCode, err: noKeyErr };
    expect(noKey.code).toBe(1);
    expect(noKey.err).toContain("No Anthropic API key");
    const missing = await kc(["revalidate", vault, "concepts/nowhere"]);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('No concept or connection article "concepts/nowhere"');
    const daily = await kc(["revalidate", vault, "daily/2026-11-20.md"]);
    expect(daily.code).toBe(2);
    expect(daily.err).toContain("daily/2026-11-20.md is not a concept or connection article");
    writeFileSync(join(vault, "knowledge/concepts/alone.md"), "---\ntitle: Alone\ntldr: t\nanswers_when: [a]\n---\n# Alone\n");
    const alone = await kc(["revalidate", vault, "concepts/alone"]);
    expect(alone.code).toBe(0);
    expect(alone.err).toContain("nothing to revalidate");
    let err = "";
    const month = await runCli(["revalidate", vault, ARTICLE, "--month", "2026-13"], { out: () => undefined, err: (t) => (err += t), isTTY: false, env: {} });
    expect(month).toBe(2);
    expect(err).toContain("--month");
    expect(server.requests).toHaveLength(0);
  });
});
