import { oneBased } from "./format-lint-place";
import type { LintCheck } from "./lint-check";
import { LINT_CHECKS } from "./lint-checks";
import type { LintFinding, LintPlace, Severity } from "./lint-types";

/** What the SARIF log says about the tool. */
export interface SarifToolInfo {
  version: string;
  informationUri?: string;
}

const LEVEL: Record<Severity, "error" | "warning" | "note"> = { error: "error", warning: "warning", suggestion: "note" };

/** A vault-relative path as a relative URI reference: each segment percent-encoded, `/` kept. */
export function pathToUri(path: string): string {
  return path.split("/").map(encodeURIComponent).join("/");
}

function location(p: { path: string; line: number; col: number }) {
  const at = oneBased(p);
  return {
    physicalLocation: {
      artifactLocation: { uri: pathToUri(p.path), uriBaseId: "%SRCROOT%" },
      region: { startLine: at.line, startColumn: at.column },
    },
  };
}

function related(places: readonly LintPlace[]) {
  return places.map((p, i) => ({ id: i + 1, ...location(p), message: { text: p.label || p.path } }));
}

/**
 * The findings as a SARIF 2.1.0 log for code-scanning tools (GitHub code scanning and others): one run whose driver
 * lists every check as a rule with its description, one result per finding with a vault-relative location (1-based
 * line and column), and a finding's other places as related locations. Checks that are not in the list but have
 * findings get a rule of their own, so every result's ruleIndex points at a rule.
 */
export function formatLintSarif(findings: readonly LintFinding[], tool: SarifToolInfo, checks: readonly LintCheck[] = LINT_CHECKS): string {
  const rules: { id: string; name: string; shortDescription: { text: string }; fullDescription: { text: string }; defaultConfiguration: { level: string } }[] =
    [];
  const index = new Map<string, number>();
  const addRule = (id: string, severity: Severity, description: string): void => {
    if (index.has(id)) return;
    index.set(id, rules.length);
    rules.push({
      id,
      name: ruleName(id),
      shortDescription: { text: description },
      fullDescription: { text: description },
      defaultConfiguration: { level: LEVEL[severity] },
    });
  };
  for (const c of checks) addRule(c.id, c.severity, c.description);
  for (const f of findings) addRule(f.check, f.severity, `Findings of the ${f.check} check.`);
  const results = findings.map((f) => ({
    ruleId: f.check,
    ruleIndex: index.get(f.check)!,
    level: LEVEL[f.severity],
    message: { text: f.message },
    locations: [location(f)],
    ...(f.related && f.related.length > 0 ? { relatedLocations: related(f.related) } : {}),
  }));
  const log = {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: "kc",
            fullName: "Knowledge Compiler lint",
            version: tool.version,
            ...(tool.informationUri ? { informationUri: tool.informationUri } : {}),
            rules,
          },
        },
        columnKind: "utf16CodeUnits",
        results,
      },
    ],
  };
  return JSON.stringify(log, null, 2) + "\n";
}

/** A rule's name in SARIF's PascalCase convention: "broken-link" → "BrokenLink". */
function ruleName(id: string): string {
  return id
    .split(/[^A-Za-z0-9]+/)
    .filter((s) => s !== "")
    .map((s) => s[0]!.toUpperCase() + s.slice(1))
    .join("");
}
