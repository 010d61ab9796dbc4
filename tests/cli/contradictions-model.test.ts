import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { runKc } from "../fakes/run-kc";
import { shortHash } from "../../src/core/util/short-hash";
import { startLoopbackAnthropic, type LoopbackServer } from "../fakes/loopback-anthropic-server";
import { changedPaths, hashVault } from "../fakes/vault-snapshot";
import { CONFIG_DIR } from "../fakes/config-dir";

const art = (links: string, body: string) => `---\ntldr: t\nanswers_when: [x]\n${links}---\n${body}`;
const FILES: Record<string, string> = {
  "knowledge/concepts/retry.md": art('similar_high: ["[[keys|keys · 2026-11]]"]\n', "# Retry\n\nThe client retries an upload at most 5 times.\n"),
  "knowledge/concepts/keys.md": art("", "# Keys\n\nEvery upload is retried up to 3 times with the same key.\n"),
  "knowledge/concepts/clock.md": art('similar_mid: ["[[retry|retry · 2026-11]]"]\n', "# Clock\n\nHybrid logical clocks order the writes of every device.\n"),
  "knowledge/concepts/ttl.md": art('similar_mid: ["[[keys|keys · 2026-11]]"]\n', "# TTL\n\nIdempotency keys expire after 24 hours on the server.\n"),
};
const STATE = `${CONFIG_DIR}/plugins/ckp-knowledge-compiler/contradictions-state.json`;

let server: LoopbackServer;
let vault: string;
beforeEach(async () => {
  server = await startLoopbackAnthropic();
  vault = mkdtempSync(join(tmpdir(), "kc-contra-model-"));
  for (const [p, t] of Object.entries(FILES)) {
    mkdirSync(dirname(join(vault, p)), { recursive: true });
    writeFileSync(join(vault, p), t);
  }
});
afterEach(async () => {
  await server.close();
  rmSync(vault, { recursive: true, force: true });
});

const kc = (args: string[]) => runKc([...args, "--base-url", server.baseUrl, "--model", "claude-test"], { ANTHROPIC_API_KEY: "sk-test" });
const tool = (conflicts: unknown) => ({ kind: "tool" as const, name: "report_contradictions", input: { conflicts } });
const REAL = {
  quote_a: "Every upload is retried up to 3 times",
  quote_b: "The client retries an upload at most 5 times.",
  explanation: "3 retries against 5.",
  confidence: "high",
};

async function lintFindings() {
  const r = await runKc(["lint", vault, "--format", "json"]);
  return (JSON.parse(r.out) as { findings: { check: string; path: string; line: number; related?: { path: string; line: number }[] }[] }).findings.filter(
    (f) => f.check === "contradiction",
  );
}

describe("kc contradictions against the Messages API", () => {
  it("keeps what the plugin wrote to the state file while the run waited for the model: the run changes the file as it is then", async () => {
    server.replies.push(tool([REAL]), tool([]), tool([]));
    const claim = {
      path: "knowledge/concepts/retry.md",
      line: 8,
      quote: "The client retries an upload at most 5 times.",
      explanation: "The code retries 3 times.",
      hash: shortHash(FILES["knowledge/concepts/retry.md"]!),
    };
    server.onRequest = () => {
      // Obsidian, open on the same vault, saves a judgement of cited code while the first pair is being checked.
      mkdirSync(join(vault, STATE, ".."), { recursive: true });
      writeFileSync(join(vault, STATE), JSON.stringify({ version: 2, checked: {}, pending: {}, dismissed: {}, found: [], claims: [claim] }));
      server.onRequest = undefined;
    };
    const r = await kc(["contradictions", vault, "--yes"]);
    expect(r.code).toBe(1);
    const saved = JSON.parse(readFileSync(join(vault, STATE), "utf8")) as { found: unknown[]; claims?: unknown[] };
    expect(saved.found).toHaveLength(1);
    expect(saved.claims).toEqual([claim]);
  });

  it("keeps a real conflict, drops an invented quote, leaves the pair of a malformed reply due, and lint shows the conflict in both articles", async () => {
    server.replies.push(
      tool([REAL]),
      tool([
        { quote_a: "Hybrid clocks never order writes", quote_b: "The client retries an upload at most 5 times.", explanation: "invented", confidence: "high" },
      ]),
      { kind: "text", text: "I think they agree." },
    );
    const before = hashVault(vault);
    const r = await kc(["contradictions", vault, "--yes"]);
    expect(server.requests).toHaveLength(3);
    expect(r.code).toBe(1);
    expect(r.out).toContain('knowledge/concepts/keys.md:7  "Every upload is retried up to 3 times"');
    expect(r.out).toContain("3 retries against 5. (high confidence)");
    expect(r.out).not.toContain("invented");
    expect(r.err).toContain("1 contradiction; 1 reported quote not found in the files and dropped; 1 unusable reply (those pairs stay due)");
    expect(changedPaths(before, hashVault(vault)).filter((p) => !p.endsWith("/"))).toEqual([STATE]);

    const shown = await lintFindings();
    expect(shown.map((f) => `${f.path}:${f.line}`)).toEqual(["knowledge/concepts/keys.md:7", "knowledge/concepts/retry.md:8"]);
    expect(shown[0]!.related!.map((p) => `${p.path}:${p.line}`)).toEqual(["knowledge/concepts/keys.md:7", "knowledge/concepts/retry.md:8"]);

    // Nothing checked is paid for again, but the pair whose reply was unusable is still due; editing one article
    // drops its conflict and makes its pairs due again.
    const again = await kc(["contradictions", vault, "--dry-run"]);
    expect(again.out.trim().split("\n")).toEqual(["knowledge/concepts/keys.md  <->  knowledge/concepts/ttl.md  (mid)"]);
    writeFileSync(join(vault, "knowledge/concepts/retry.md"), `${FILES["knowledge/concepts/retry.md"]}\nThe limit is now 3.\n`);
    expect(await lintFindings()).toEqual([]);
    const dry = await kc(["contradictions", vault, "--dry-run"]);
    expect(dry.out.trim().split("\n")).toEqual([
      "knowledge/concepts/keys.md  <->  knowledge/concepts/retry.md  (high)",
      "knowledge/concepts/clock.md  <->  knowledge/concepts/retry.md  (mid)",
      "knowledge/concepts/keys.md  <->  knowledge/concepts/ttl.md  (mid)",
    ]);
    expect(server.requests).toHaveLength(3);
  });

  it("stops at the token cap when replies cost more than estimated, and the next run checks only what was left", async () => {
    server.replies.push({ kind: "text", text: JSON.stringify({ conflicts: [] }), usage: { input: 5000, output: 10 } });
    const r = await kc(["contradictions", vault, "--yes", "--max-tokens", "4000"]);
    expect(server.requests).toHaveLength(1);
    expect(r.err).toContain("Stopped at the token cap (4000)");
    const state = JSON.parse(readFileSync(join(vault, STATE), "utf8")) as { pending: Record<string, unknown> };
    expect(Object.keys(state.pending)).toEqual(["knowledge/concepts/keys.md\u0000knowledge/concepts/retry.md"]);
    const next = await kc(["contradictions", vault, "--dry-run"]);
    expect(next.err).toMatch(/^2 pairs to check \(1 unchanged/);
    expect(next.out).not.toContain("(high)");
  });

  it("plans no more pairs than --max-pairs and --max-tokens allow, and says how many wait", async () => {
    const one = await kc(["contradictions", vault, "--dry-run", "--max-pairs", "1"]);
    expect(one.out.trim().split("\n")).toHaveLength(1);
    expect(one.err).toContain("2 left for a later run by the caps");
    const none = await kc(["contradictions", vault, "--dry-run", "--max-tokens", "100"]);
    expect(none.err).toMatch(/^0 pairs to check .*3 left for a later run/);
    expect(server.requests).toHaveLength(0);
  });

  it("treats an unreadable state file as nothing checked, and never calls without --yes", async () => {
    mkdirSync(dirname(join(vault, STATE)), { recursive: true });
    writeFileSync(join(vault, STATE), "{ not json");
    const r = await kc(["contradictions", vault]);
    expect(r.err).toMatch(/^3 pairs to check/);
    expect(r.err).toContain("re-run with --yes");
    expect(server.requests).toHaveLength(0);
  });
});
