import { formatLintPlace } from "./format-lint-place";
import type { LintCheck } from "./lint-check";
import { LINT_CHECKS } from "./lint-checks";
import type { LintFinding, LintPlace, Severity } from "./lint-types";

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
  for (const f of findings) c[f.severity]++;
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

/**
 * A stable JSON report for tools: meta, counts and findings with 1-based line and column. The text is exactly
 * `JSON.stringify(report, null, 2)` (a test holds it to that), but each finding is written from its fields: an indented
 * stringify of 40,000 findings walked every value through the engine's slower indenting path (a 6,000-finding report
 * took ~10 ms).
 */
export function formatLintJson(findings: readonly LintFinding[], meta: LintReportMeta): string {
  const head = JSON.stringify({ ...meta, counts: countBySeverity(findings) }, null, 2);
  const open = `${head.slice(0, -2)},\n  "findings": `;
  if (findings.length === 0) return `${open}[]\n}\n`;
  return `${open}[\n${findings.map(findingJson).join(",\n")}\n  ]\n}\n`;
}

const str = JSON.stringify;

/** One finding as the report's indented JSON writes it, at its depth in the findings list. */
function findingJson(f: LintFinding): string {
  let out = `    {\n      "check": ${str(f.check)},\n      "severity": ${str(f.severity)},\n      "path": ${str(f.path)},\n      "line": ${f.line + 1},\n      "column": ${f.col + 1},\n      "message": ${str(f.message)},\n      "fixable": ${f.fix !== undefined}`;
  if (f.related) {
    out += f.related.length === 0 ? ',\n      "related": []' : `,\n      "related": [\n${f.related.map(placeJson).join(",\n")}\n      ]`;
  }
  return `${out}\n    }`;
}

function placeJson(r: LintPlace): string {
  const label = r.label === undefined ? "" : `,\n          "label": ${str(r.label)}`;
  return `        {\n          "path": ${str(r.path)},\n          "line": ${r.line + 1},\n          "column": ${r.col + 1}${label}\n        }`;
}
