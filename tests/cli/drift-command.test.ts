import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runKc } from "../fakes/run-kc";
import { FIXTURE_VAULT } from "../core/compile/compile-fixture";

let vault: string;
let repo: string;
beforeEach(() => {
  vault = mkdtempSync(join(tmpdir(), "kc-drift-"));
  cpSync(FIXTURE_VAULT, vault, { recursive: true });
  repo = mkdtempSync(join(tmpdir(), "kc-repo-"));
  mkdirSync(join(repo, "src"), { recursive: true });
  writeFileSync(join(repo, "src", "outbox.ts"), "export class Outbox {\n  flush() {}\n}\n");
  writeFileSync(
    join(vault, "knowledge/concepts/outbox.md"),
    "---\ntitle: Outbox\n---\n# Outbox\n\nSee `src/outbox.ts:Outbox.flush`, `src/outbox.ts:Outbox.drain` and `src/queue.ts`.\nAlso `../../etc/passwd.sh`.\n",
  );
});
afterEach(() => {
  rmSync(vault, { recursive: true, force: true });
  rmSync(repo, { recursive: true, force: true });
});

const kc = (args: string[], env: Record<string, string> = {}) => runKc(args, env);

describe("kc drift", () => {
  it("reports citations of files and symbols that no longer exist, with file, line and column", async () => {
    const r = await kc(["drift", vault, "--repo", repo]);
    expect(r.code).toBe(1);
    expect(r.out.trim().split("\n")).toEqual([
      "knowledge/concepts/outbox.md:6:35  cited-symbol-missing  cites Outbox.drain in src/outbox.ts, but drain is no longer defined there",
      "knowledge/concepts/outbox.md:6:68  cited-file-missing  cites src/queue.ts, which is not in the repository (moved, renamed or deleted?)",
    ]);
  });

  it("gives the same 1-based line and column in JSON as in text (and as kc lint --format json)", async () => {
    const r = await kc(["drift", vault, "--repo", repo, "--format", "json"]);
    const json = JSON.parse(r.out) as { findings: { path: string; line: number; col: number }[] };
    expect(json.findings.map((f) => `${f.path}:${f.line}:${f.col}`)).toEqual(["knowledge/concepts/outbox.md:6:35", "knowledge/concepts/outbox.md:6:68"]);
  });

  it("says the knowledge folder is missing, with exit 2, instead of finding nothing", async () => {
    rmSync(join(vault, "knowledge"), { recursive: true, force: true });
    const r = await kc(["drift", vault, "--repo", repo]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('knowledge folder "knowledge"');
    const graph = await kc(["graph", vault]);
    expect(graph.code).toBe(2);
    expect(graph.err).toContain('knowledge folder "knowledge"');
  });

  it("needs a repository folder", async () => {
    expect((await kc(["drift", vault])).code).toBe(2);
    expect((await kc(["drift", vault, "--repo", join(repo, "nope")])).err).toContain("is not a folder");
  });
});
