import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { buildLintPaneModel, lintPaneModelSteps, type LintPaneFilter } from "../../src/ui/lint-pane-model";
import { filterLintFindings } from "../../src/core/workflows/lint-run-workflow";
import type { LintFinding, Severity } from "../../src/core/lint/lint-types";

const CHECKS = ["broken-link", "orphan-article", "missing-backlink", "sparse-article"] as const;
const SEV: Record<(typeof CHECKS)[number], Severity> = {
  "broken-link": "error",
  "orphan-article": "warning",
  "missing-backlink": "warning",
  "sparse-article": "suggestion",
};

function findings(n: number, seed = 1): LintFinding[] {
  return Array.from({ length: n }, (_, i) => {
    const check = CHECKS[(i * 7 + seed) % CHECKS.length]!;
    const related = (i + seed) % 11 === 0 ? { related: [{ path: "a.md", line: 0, col: 0, label: "a" }] } : {};
    return { check, severity: SEV[check], path: `notes/n${i % 50}.md`, line: i % 7, col: 0, message: `Finding ${i}`, ...related };
  });
}

/** The pane's model as it was built in one go before: core's filter, the search words, then grouping by check. */
function reference(all: readonly LintFinding[], filter: LintPaneFilter) {
  const counts = { error: 0, warning: 0, suggestion: 0 };
  for (const f of all) counts[f.severity]++;
  const q = filter.query;
  const visible = (filter.lint === null ? all : filterLintFindings(all, filter.lint)).filter(
    (f) => q === "" || f.path.toLowerCase().includes(q) || f.message.toLowerCase().includes(q) || f.check.replace(/-/g, " ").includes(q),
  );
  const groups = new Map<string, { findings: LintFinding[]; related: boolean }>();
  for (const f of visible) {
    const g = groups.get(f.check) ?? { findings: [], related: false };
    g.findings.push(f);
    g.related ||= (f.related?.length ?? 0) > 0;
    groups.set(f.check, g);
  }
  return { counts, groups, shown: visible.length };
}

const filters = fc.record({
  lint: fc.option(
    fc.record({
      severities: fc.subarray(["error", "warning", "suggestion"] as Severity[]),
      note: fc.option(fc.constantFrom("notes/n3.md", "", "notes/n40.md"), { nil: undefined }),
    }),
    { nil: null },
  ),
  query: fc.constantFrom("", "n1", "finding 12", "broken", "missing backlink", "zzz"),
});

describe("the lint pane's model, built in steps", () => {
  it("is what filtering and grouping in one go gave, for any filter", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 10 }), filters, (n, seed, filter) => {
        const all = findings(n, seed);
        const lint =
          filter.lint === null ? null : { severities: filter.lint.severities, ...(filter.lint.note !== undefined ? { note: filter.lint.note } : {}) };
        expect(buildLintPaneModel(all, { lint, query: filter.query })).toEqual(reference(all, { lint, query: filter.query }));
      }),
      { numRuns: 60 },
    );
  });

  it("looks at a bounded number of findings per step, however many there are", () => {
    let reads = 0;
    const all = findings(40000).map((f) => {
      const { severity, ...rest } = f;
      return Object.defineProperty(rest, "severity", { get: () => (reads++, severity), enumerable: true }) as LintFinding;
    });
    const steps = lintPaneModelSteps(all, { lint: null, query: "" });
    let most = 0;
    let yields = 0;
    for (let r = steps.next(); ; r = steps.next()) {
      most = Math.max(most, reads);
      reads = 0;
      if (r.done) {
        expect(r.value.shown).toBe(40000);
        break;
      }
      yields++;
    }
    expect(most).toBeLessThanOrEqual(1024);
    expect(yields).toBeGreaterThanOrEqual(39);
  });

  it("hands back a check's array shown before when its findings are the same objects, and a new one when any changed", () => {
    const all = findings(400);
    const first = buildLintPaneModel(all, { lint: null, query: "" });
    const previous = (id: string) => first.groups.get(id)?.findings;
    const changed = all.map((f) => (f.check === "broken-link" && f.line === 3 ? { ...f } : f));
    const steps = lintPaneModelSteps(changed, { lint: null, query: "" }, previous);
    let r = steps.next();
    while (!r.done) r = steps.next();
    expect(r.value.groups.get("orphan-article")!.findings).toBe(first.groups.get("orphan-article")!.findings);
    expect(r.value.groups.get("broken-link")!.findings).not.toBe(first.groups.get("broken-link")!.findings);
    expect(r.value.groups.get("broken-link")!.findings).toEqual(first.groups.get("broken-link")!.findings);
    // One finding fewer is a change too, though every finding left is the same object.
    const fewer = lintPaneModelSteps(all.slice(0, -1), { lint: null, query: "" }, previous);
    let s = fewer.next();
    while (!s.done) s = fewer.next();
    const lastCheck = all[all.length - 1]!.check;
    expect(s.value.groups.get(lastCheck)!.findings).not.toBe(first.groups.get(lastCheck)!.findings);
  });
});
