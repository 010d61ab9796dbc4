import { formatLintPlace } from "./format-lint-place";
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

/**
 * The summary in words, as the MCP server's lint_summary and Obsidian's command line give it: `where` names what was
 * linted, `note` adds a sentence after the counts (what was left out); places 1-based, as `kc lint` prints them.
 */
export function formatLintSummary(s: LintSummary, where: string, note = ""): string {
  if (s.total === 0) return `No lint findings in ${where}.${note}`;
  const lines = [
    `${s.total} finding${s.total === 1 ? "" : "s"} in ${where}: ${s.bySeverity.error} error(s), ${s.bySeverity.warning} warning(s), ${s.bySeverity.suggestion} suggestion(s).${note}`,
    `By check: ${s.byCheck.map((c) => `${c.check} ${c.count}`).join(", ")}.`,
    "",
    `Top ${s.top.length}:`,
  ];
  for (const f of s.top) lines.push(`- ${f.severity} ${f.check} ${formatLintPlace(f)}: ${f.message.replace(/\s+/g, " ")}`);
  return lines.join("\n");
}
