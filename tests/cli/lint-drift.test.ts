import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { runKc } from "../fakes/run-kc";

const FIXTURE = join(import.meta.dirname, "..", "fixtures", "drift");
const VAULT = join(FIXTURE, "vault");
const REPO = join(FIXTURE, "repo");

interface JsonFinding {
  check: string;
  path: string;
  line: number;
  column: number;
  message: string;
}

async function lintJson(args: string[]): Promise<{ code: number; findings: JsonFinding[] }> {
  const r = await runKc(["lint", VAULT, "--format", "json", ...args]);
  return { code: r.code, findings: r.out ? (JSON.parse(r.out) as { findings: JsonFinding[] }).findings : [] };
}

describe("kc lint --repo (drift of citations)", () => {
  it("reports moved and deleted files and renamed and deleted symbols in four languages, each at its citation", async () => {
    const { findings } = await lintJson(["--repo", REPO]);
    const drift = findings.filter((f) => f.check.startsWith("cited-")).map((f) => `${f.line}:${f.column} ${f.check} ${f.message}`);
    expect(drift).toEqual([
      "9:20 cited-file-missing Cites src/sync/queue.ts, which is not in the repository (moved, renamed or deleted?).",
      "9:58 cited-symbol-missing Cites Outbox.drain in src/sync/outbox.ts, but drain is no longer defined there.",
      "13:71 cited-symbol-missing Cites FieldMerge.resolve_all in server/merge.py, but resolve_all is no longer defined there.",
      "14:42 cited-file-missing Cites server/retry.py, which is not in the repository (moved, renamed or deleted?).",
      "17:88 cited-symbol-missing Cites Cursor.Rewind in cmd/sync.go, but Rewind is no longer defined there.",
      "18:40 cited-symbol-missing Cites Hlc::tock in core/src/clock.rs, but tock is no longer defined there.",
    ]);
    expect(new Set(findings.filter((f) => f.check.startsWith("cited-")).map((f) => f.path))).toEqual(new Set(["knowledge/concepts/offline-sync.md"]));
  });

  it("reports no drift without a repository, and refuses a repository folder that does not exist", async () => {
    const { findings } = await lintJson([]);
    expect(findings.filter((f) => f.check.startsWith("cited-"))).toEqual([]);
    const r = await runKc(["lint", VAULT, "--repo", join(REPO, "nope")]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("is not a folder");
  });

  it("reports an article unconfirmed for longer than --stale-after-days as a suggestion", async () => {
    const { findings } = await lintJson(["--stale-after-days", "1"]);
    expect(findings.filter((f) => f.check === "unconfirmed-article").map((f) => f.message)).toEqual([
      expect.stringMatching(/^Not confirmed for \d+ days \(last 2026-11-01; the limit is 1\)/),
    ]);
    expect((await runKc(["lint", VAULT, "--stale-after-days", "soon"])).code).toBe(2);
  });
});
