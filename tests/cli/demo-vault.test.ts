import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runCli } from "../../src/cli/main";

const DEMO = join(import.meta.dirname, "..", "..", "examples", "demo-vault");

// The bundled demo vault carries one deliberate example per check (examples/demo-vault/FAULTS.md).
describe("the demo vault", () => {
  it("shows every deliberate fault and nothing else", async () => {
    let out = "";
    const code = await runCli(["lint", DEMO, "--format", "json", "--today", "2026-11-24"], {
      out: (t) => (out += t),
      err: () => undefined,
      isTTY: false,
      env: {},
    });
    expect(code).toBe(1);
    const findings = (JSON.parse(out) as { findings: { check: string; path: string }[] }).findings;
    const byCheck: Record<string, string[]> = {};
    for (const f of findings) (byCheck[f.check] ??= []).push(f.path.replace("knowledge/", ""));
    expect(byCheck).toEqual({
      "broken-link": ["concepts/offline-search.md", "concepts/schema-migrations.md"],
      "ckp-caps": ["concepts/retry-with-backoff.md"],
      "ckp-missing-target": ["concepts/offline-search.md"],
      "ckp-missing-field": ["concepts/offline-search.md"],
      "ckp-unstamped": ["concepts/offline-search.md", "qa/why-did-my-edit-vanish.md"],
      "orphan-article": ["qa/why-did-my-edit-vanish.md"],
      "missing-backlink": ["concepts/offline-search.md", "concepts/operation-based-sync.md", "qa/why-did-my-edit-vanish.md", "qa/why-did-my-edit-vanish.md"],
      "stale-stamp": [
        "concepts/field-merge-rules.md",
        "concepts/offline-search.md",
        "concepts/operation-based-sync.md",
        "concepts/operation-based-sync.md",
        "concepts/retry-with-backoff.md",
        "concepts/retry-with-backoff.md",
      ],
      "sparse-article": ["concepts/silent-push-wakeups.md"],
      "changed-log": ["daily/2026-10-02.md"],
      "uncompiled-log": ["daily/2026-10-20.md"],
      "unconfirmed-article": ["concepts/schema-migrations.md"],
    });
  });

  it("is described by FAULTS.md: its table's findings per check and its totals are the report's", async () => {
    let out = "";
    await runCli(["lint", DEMO, "--format", "json", "--today", "2026-11-24"], { out: (t) => (out += t), err: () => undefined, isTTY: false, env: {} });
    const report = JSON.parse(out) as { findings: { check: string; severity: string }[] };
    const count = (list: string[]): Record<string, number> => list.reduce<Record<string, number>>((m, k) => ({ ...m, [k]: (m[k] ?? 0) + 1 }), {});
    const faults = readFileSync(join(DEMO, "FAULTS.md"), "utf8");
    const described: Record<string, number> = {};
    for (const m of faults.matchAll(/^\|[^|]+\|[^|]+\| ([a-z-]+) \((?:error|warning|suggestion)\) \| (\d+) \|$/gm))
      described[m[1]!] = (described[m[1]!] ?? 0) + Number(m[2]);
    expect(described).toEqual(count(report.findings.map((f) => f.check)));
    const bySeverity = count(report.findings.map((f) => f.severity));
    expect(faults.replace(/\s+/g, " ")).toContain(`${bySeverity.error} errors, ${bySeverity.warning} warnings, ${bySeverity.suggestion} suggestions`);
  });
});
