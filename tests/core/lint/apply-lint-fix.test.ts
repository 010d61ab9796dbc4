import { describe, expect, it } from "vitest";
import { applyLintFix } from "../../../src/core/lint/apply-lint-fix";
import { formatLintJson, formatLintMarkdown } from "../../../src/core/lint/format-lint-report";
import type { LintFinding } from "../../../src/core/lint/lint-types";
import { expectGolden } from "../../fakes/golden";

describe("applyLintFix", () => {
  it("adds a backlink under an existing Related Concepts section and nowhere else", () => {
    const text = "# B\n\nBody.\n\n## Related Concepts\n- [[x]]\n\n## Sources\n- s\n";
    const r = applyLintFix(text, { kind: "add-backlink", path: "b.md", target: "knowledge/concepts/a.md" });
    expect(r).toEqual({ ok: true, value: "# B\n\nBody.\n\n## Related Concepts\n- [[x]]\n- [[knowledge/concepts/a]]\n\n## Sources\n- s\n" });
  });

  it("adds a Related Concepts section when there is none", () => {
    const r = applyLintFix("# B\nBody.", { kind: "add-backlink", path: "b.md", target: "a.md" });
    expect(r).toEqual({ ok: true, value: "# B\nBody.\n\n## Related Concepts\n- [[a]]\n" });
  });

  it("trims relationships to the cap, keeps an inline list inline, and keeps the body", () => {
    const text = '---\nsimilar_high: ["[[a]]", "[[b]]", "[[c]]", "[[d]]"]\n---\nbody [[x]]\n';
    const r = applyLintFix(text, { kind: "trim-relationships", path: "p.md", property: "similar_high", keep: 3 });
    expect(r.ok && r.value).toBe('---\nsimilar_high: ["[[a]]", "[[b]]", "[[c]]"]\n---\nbody [[x]]\n');
  });

  it("restamps one relationship in our link form", () => {
    const text = '---\nsimilar_mid:\n  - "[[b|b · 2026-01]]"\n  - "[[c|c · 2026-01]]"\n---\nbody\n';
    const r = applyLintFix(text, { kind: "restamp-relationship", path: "p.md", property: "similar_mid", target: "c", stamp: "2026-11" });
    expect(r.ok && r.value).toBe('---\nsimilar_mid:\n  - "[[b|b · 2026-01]]"\n  - "[[c|c · 2026-11]]"\n---\nbody\n');
  });

  it("refuses fixes on invalid YAML", () => {
    const r = applyLintFix('---\nsimilar_high: "[[a\n---\n', { kind: "trim-relationships", path: "p", property: "similar_high", keep: 3 });
    expect(r.ok).toBe(false);
  });
});

describe("lint reports", () => {
  const findings: LintFinding[] = [
    {
      check: "broken-link",
      severity: "error",
      path: "knowledge/concepts/a.md",
      line: 4,
      col: 2,
      message: 'Broken link [[b]]: nothing named "b" in the vault.',
    },
    { check: "orphan-article", severity: "warning", path: "knowledge/concepts/c.md", line: 0, col: 0, message: "Orphan: no other note links here." },
    {
      check: "missing-backlink",
      severity: "warning",
      path: "knowledge/concepts/a.md",
      line: 6,
      col: 0,
      message: '[[d]] → "knowledge/concepts/d.md" does not link back to this note.',
      fix: { kind: "add-backlink", path: "knowledge/concepts/d.md", target: "knowledge/concepts/a.md" },
    },
  ];
  const meta = { vaultName: "demo", noteCount: 12, scope: "knowledge" as const, date: "2026-11-22" };

  it("renders markdown grouped by severity and check, matching the golden file", () => {
    expectGolden("lint-report.md", formatLintMarkdown(findings, meta));
  });

  it("renders stable JSON with 1-based positions, matching the golden file", () => {
    expectGolden("lint-report.json", formatLintJson(findings, meta));
  });
});
