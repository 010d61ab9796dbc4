import { formatLintPlace } from "./format-lint-place";
import type { LintCheck } from "./lint-check";
import { LINT_CHECKS } from "./lint-checks";
import type { LintFinding, Severity } from "./lint-types";

/** What a report says about the run besides the findings. */
export interface LintReportMeta {
  vaultName: string;
  noteCount: number;
  scope: "knowledge" | "vault";
  /** ISO date of the run. */
  date: string;
}

const ORDER: Severity[] = ["error", "warning", "suggestion"];

/** Counts findings by severity. */
export function countBySeverity(findings: readonly LintFinding[]): Record<Severity, number> {
  const c: Record<Severity, number> = { error: 0, warning: 0, suggestion: 0 };
  for (let i = 0; i < findings.length; i++) c[findings[i]!.severity]++;
  return c;
}

/** A markdown report like seed 000's: counts, then findings grouped by severity and check, as `path:line:col message`. */
export function formatLintMarkdown(findings: readonly LintFinding[], meta: LintReportMeta, checks: readonly LintCheck[] = LINT_CHECKS): string {
  const c = countBySeverity(findings);
  const out = [
    `# Lint report: ${meta.vaultName}`,
    "",
    `${meta.date} · ${meta.noteCount} notes · scope: ${meta.scope}`,
    "",
    `**${c.error} errors, ${c.warning} warnings, ${c.suggestion} suggestions**`,
  ];
  if (findings.length === 0) out.push("", "No findings.");
  for (const sev of ORDER) {
    for (const check of checks.filter((k) => k.severity === sev)) {
      const mine = findings.filter((f) => f.check === check.id);
      if (mine.length === 0) continue;
      out.push("", `## ${sev}: ${check.id} (${mine.length})`, "", `_${check.description}_`, "");
      for (const f of mine) out.push(`- \`${formatLintPlace(f, true)}\` ${f.message}${f.fix ? " _(fix available)_" : ""}`);
    }
  }
  return out.join("\n") + "\n";
}

/** A stable JSON report for tools: meta, counts and findings with 1-based line and column. */
export function formatLintJson(findings: readonly LintFinding[], meta: LintReportMeta): string {
  const report = {
    ...meta,
    counts: countBySeverity(findings),
    findings: findings.map((f) => {
      const out: Record<string, unknown> = {
        check: f.check,
        severity: f.severity,
        path: f.path,
        line: f.line + 1,
        column: f.col + 1,
        message: f.message,
        fixable: f.fix !== undefined,
      };
      if (f.related) out.related = f.related.map((r) => ({ path: r.path, line: r.line + 1, column: r.col + 1, label: r.label }));
      return out;
    }),
  };
  return JSON.stringify(report, null, 2) + "\n";
}
