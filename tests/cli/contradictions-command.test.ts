import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runKc } from "../fakes/run-kc";
import { startLoopbackAnthropic, type LoopbackServer } from "../fakes/loopback-anthropic-server";
import { changedPaths, hashVault } from "../fakes/vault-snapshot";
import { FIXTURE_VAULT } from "../core/compile/compile-fixture";
import { CONFIG_DIR } from "../fakes/config-dir";

let server: LoopbackServer;
let vault: string;
beforeEach(async () => {
  server = await startLoopbackAnthropic();
  vault = mkdtempSync(join(tmpdir(), "kc-contra-"));
  cpSync(FIXTURE_VAULT, vault, { recursive: true });
});
afterEach(async () => {
  await server.close();
  rmSync(vault, { recursive: true, force: true });
});

async function kc(args: string[]) {
  return runKc([...args, "--base-url", server.baseUrl, "--model", "claude-haiku-5-5"], { ANTHROPIC_API_KEY: "sk-test" });
}
const none = () => ({ kind: "tool" as const, name: "report_contradictions", input: { conflicts: [] } });

describe("kc contradictions", () => {
  it("on a vault without a knowledge folder says what is missing (exit 2), as the other commands do, instead of 0 pairs", async () => {
    rmSync(join(vault, "knowledge"), { recursive: true });
    const before = hashVault(vault);
    const r = await kc(["contradictions", vault, "--dry-run"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('The knowledge folder "knowledge"');
    expect(r.err).toContain("does not exist");
    expect(r.err).not.toMatch(/pairs? to check/);
    expect(r.out).toBe("");
    expect(server.requests).toHaveLength(0);
    expect(changedPaths(before, hashVault(vault))).toEqual([]);
  });

  it("lists the pairs and the estimate with --dry-run, without any call or write", async () => {
    const before = hashVault(vault);
    const r = await kc(["contradictions", vault, "--dry-run"]);
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/^\d+ pairs? to check \(0 unchanged since checked, 0 dismissed\); about \d+ input tokens, about \$0\.\d+\./);
    expect(r.out).toContain("<->");
    expect(server.requests).toHaveLength(0);
    expect(changedPaths(before, hashVault(vault))).toEqual([]);
  });

  it("checks each pair once, reports quoted conflicts, changes no note, and pays nothing again for unchanged pairs", async () => {
    const before = hashVault(vault);
    const dry = await kc(["contradictions", vault, "--dry-run", "--format", "json"]);
    const pairs = (JSON.parse(dry.out) as { pairs: { a: string; b: string }[] }).pairs;
    expect(pairs.length).toBeGreaterThan(0);
    const first = pairs[0]!;
    const lineOf = (p: string) =>
      readFileSync(join(vault, p), "utf8")
        .split("\n")
        .find((l) => l.split(" ").length > 6)!
        .trim();
    server.replies.push({
      kind: "tool",
      name: "report_contradictions",
      input: { conflicts: [{ quote_a: lineOf(first.a), quote_b: lineOf(first.b), explanation: "they disagree", confidence: "medium" }] },
    });
    for (let i = 1; i < pairs.length; i++) server.replies.push(none());
    const r = await kc(["contradictions", vault, "--yes"]);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`${first.a}:`);
    expect(r.out).toContain("they disagree (medium confidence)");
    expect(server.requests).toHaveLength(pairs.length);
    expect(changedPaths(before, hashVault(vault)).filter((p) => !p.endsWith("/"))).toEqual([
      `${CONFIG_DIR}/plugins/ckp-knowledge-compiler/contradictions-state.json`,
    ]);
    const again = await kc(["contradictions", vault, "--dry-run"]);
    expect(again.err).toMatch(/^0 pairs to check \(\d+ unchanged since checked/);
    writeFileSync(join(vault, first.a), `${readFileSync(join(vault, first.a), "utf8")}\nOne more line.\n`);
    const changed = await kc(["contradictions", vault, "--dry-run"]);
    expect(changed.err).not.toMatch(/^0 pairs/);
  });

  it("does not call the model without --yes when no one can be asked", async () => {
    // A batch above the person's threshold (here any cost at all) is one kc must ask about.
    const plugin = join(vault, CONFIG_DIR, "plugins", "ckp-knowledge-compiler");
    mkdirSync(plugin, { recursive: true });
    writeFileSync(join(plugin, "data.json"), JSON.stringify({ compile: { confirmAboveUsd: 0 } }));
    const r = await kc(["contradictions", vault]);
    expect(r.err).toContain("no terminal to ask: re-run with --yes");
    expect(r.code).toBe(2);
    expect(server.requests).toHaveLength(0);
  });
});
