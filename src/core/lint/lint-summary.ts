import type { LintFinding, Severity } from "./lint-types";

/** Lint counts and the most important findings, errors first. */
export interface LintSummary {
  total: number;
  bySeverity: Record<Severity, number>;
  byCheck: { check: string; count: number }[];
  top: LintFinding[];
}

const RANK: Record<Severity, number> = { error: 0, warning: 1, suggestion: 2 };

/** Sums findings up (optionally one note's): counts by severity and by check, and the `top` first, errors first. */
export function summarizeFindings(all: readonly LintFinding[], options: { note?: string; top: number }): LintSummary {
  const findings = options.note === undefined ? all : all.filter((f) => f.path === options.note);
  const bySeverity: Record<Severity, number> = { error: 0, warning: 0, suggestion: 0 };
  const checks = new Map<string, number>();
  for (const f of findings) {
    bySeverity[f.severity]++;
    checks.set(f.check, (checks.get(f.check) ?? 0) + 1);
  }
  const top = [...findings]
    .sort((a, b) => RANK[a.severity] - RANK[b.severity] || (a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line))
    .slice(0, options.top);
  const byCheck = [...checks].map(([check, count]) => ({ check, count })).sort((a, b) => b.count - a.count || (a.check < b.check ? -1 : 1));
  return { total: findings.length, bySeverity, byCheck, top };
}

/** The summary in words, as the MCP server's lint_summary and Obsidian's command line give it; `where` names what was linted. */
export function formatLintSummary(s: LintSummary, where: string): string {
  if (s.total === 0) return `No lint findings in ${where}.`;
  const lines = [
    `${s.total} finding${s.total === 1 ? "" : "s"} in ${where}: ${s.bySeverity.error} error(s), ${s.bySeverity.warning} warning(s), ${s.bySeverity.suggestion} suggestion(s).`,
    `By check: ${s.byCheck.map((c) => `${c.check} ${c.count}`).join(", ")}.`,
    "",
    `Top ${s.top.length}:`,
  ];
  for (const f of s.top) lines.push(`- ${f.severity} ${f.check} ${f.path}:${f.line}: ${f.message.replace(/\s+/g, " ")}`);
  return lines.join("\n");
}
