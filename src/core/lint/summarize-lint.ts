import type { LintFinding, Severity } from "./lint-types";

/** Lint counts and the most important findings, errors first. */
export interface LintSummary {
  total: number;
  bySeverity: Record<Severity, number>;
  byCheck: { check: string; count: number }[];
  top: LintFinding[];
}

const RANK: Record<Severity, number> = { error: 0, warning: 1, suggestion: 2 };

/** Sums findings up: counts by severity and by check (most first), and the `top` findings, errors first, then by place. */
export function summarizeLint(findings: readonly LintFinding[], top: number): LintSummary {
  const bySeverity: Record<Severity, number> = { error: 0, warning: 0, suggestion: 0 };
  const checks = new Map<string, number>();
  for (const f of findings) {
    bySeverity[f.severity]++;
    checks.set(f.check, (checks.get(f.check) ?? 0) + 1);
  }
  const first = [...findings]
    .sort((a, b) => RANK[a.severity] - RANK[b.severity] || (a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line))
    .slice(0, top);
  const byCheck = [...checks].map(([check, count]) => ({ check, count })).sort((a, b) => b.count - a.count || (a.check < b.check ? -1 : 1));
  return { total: findings.length, bySeverity, byCheck, top: first };
}
