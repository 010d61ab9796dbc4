import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runKc } from "../fakes/run-kc";
import { startLoopbackAnthropic, type LoopbackServer } from "../fakes/loopback-anthropic-server";
import { changedPaths, hashVault } from "../fakes/vault-snapshot";

const FIXTURE = join(import.meta.dirname, "..", "fixtures", "drift");
// A copy per test: a model call records its spend in the vault's plugin folder, never in the checked-in fixture.
let VAULT: string;
const REPO = join(FIXTURE, "repo");

let server: LoopbackServer;
beforeEach(async () => {
  VAULT = join(mkdtempSync(join(tmpdir(), "kc-drift-model-")), "vault");
  cpSync(join(FIXTURE, "vault"), VAULT, { recursive: true });
  server = await startLoopbackAnthropic();
});
afterEach(async () => {
  await server.close();
  rmSync(join(VAULT, ".."), { recursive: true, force: true });
});

const kc = (args: string[]) =>
  runKc(["drift", VAULT, "--repo", REPO, "--model-check", "--today", "2027-06-01", ...args, "--base-url", server.baseUrl, "--model", "claude-test"], {
    ANTHROPIC_API_KEY: "sk-test",
  });
const reply = (outdated: unknown) => ({ kind: "tool" as const, name: "report_outdated_claims", input: { outdated } });

describe("kc drift --model-check against the Messages API", () => {
  it("prints a statement the cited source no longer supports as a suggestion, drops an invented quote, and changes nothing", async () => {
    const before = hashVault(VAULT);
    server.replies.push(
      reply([
        { quote: "retries stop at `src/sync/outbox.ts:MAX_RETRIES`", explanation: "MAX_RETRIES is 5 now, and the article implies 3." },
        { quote: "The queue is flushed every minute", explanation: "invented" },
      ]),
    );
    const r = await kc(["--yes"]);
    expect(server.requests).toHaveLength(1);
    const sent = JSON.stringify(server.requests[0]!.body);
    expect(sent).toContain("export const MAX_RETRIES = 5;");
    expect(sent).not.toContain("import { Queue }");
    expect(r.out.trim().split("\n")).toEqual([
      'knowledge/concepts/offline-sync.md:10  cited-claim-drift  "retries stop at `src/sync/outbox.ts:MAX_RETRIES`": MAX_RETRIES is 5 now, and the article implies 3. (suggestion, for review)',
    ]);
    expect(r.err).toContain("1 statement may no longer match the code (nothing was changed); 1 reported quote not in the article dropped");
    expect(r.code).toBe(0);
    expect(changedPaths(before, hashVault(VAULT))).toEqual([]);
  });

  it("treats a malformed reply as nothing found", async () => {
    server.replies.push({ kind: "text", text: "Looks fine to me." });
    const r = await kc(["--yes"]);
    expect(r.out).toBe("");
    expect(r.err).toContain("0 statements may no longer match the code (nothing was changed); 1 reported quote not in the article dropped");
  });

  it("lists the articles and the estimate with --dry-run, leaves recent articles alone, and stays under the token cap, without any call", async () => {
    const dry = await kc(["--dry-run"]);
    expect(dry.out.trim()).toBe("knowledge/concepts/offline-sync.md  (src/sync/outbox.ts, server/merge.py, cmd/sync.go)");
    expect(dry.err).toMatch(/^Model check: 1 article older than 90 days cite code; about \d+ input tokens/);
    const recent = await kc(["--dry-run", "--older-than", "365"]);
    expect(recent.err).toMatch(/^Model check: 0 articles/);
    const capped = await kc(["--yes", "--max-tokens", "100"]);
    expect(capped.err).toContain("Stopped at the token cap (100)");
    const asked = await kc([]);
    expect(asked.err).toContain("re-run with --yes");
    expect(server.requests).toHaveLength(0);
  });
});
