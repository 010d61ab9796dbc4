import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { formatLintJson, countBySeverity, type LintReportMeta } from "../../../src/core/lint/format-lint-report";
import type { LintFinding } from "../../../src/core/lint/lint-types";

// The JSON report is written finding by finding (format-lint-report.ts) for speed; tools read it as the indented
// JSON.stringify of the report it always was, byte for byte. That stringify is the oracle here.
const oracle = (findings: readonly LintFinding[], meta: LintReportMeta): string =>
  JSON.stringify(
    {
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
    },
    null,
    2,
  ) + "\n";

describe("the JSON lint report", () => {
  it("is byte for byte the indented JSON of the report, for any text in any field", () => {
    // Any UTF-16 units: quotes, backslashes, control characters, lone surrogates, emoji.
    const text = fc.string({ unit: "binary", maxLength: 30 });
    const place = fc.record({ path: text, line: fc.nat(100_000), col: fc.nat(5_000), label: text });
    const finding = fc.record(
      {
        check: text,
        severity: fc.constantFrom("error" as const, "warning" as const, "suggestion" as const),
        path: text,
        line: fc.nat(100_000),
        col: fc.nat(5_000),
        message: text,
        fix: fc.constant({ kind: "add-backlink" as const, path: "a.md", target: "b.md" }),
        related: fc.array(place, { maxLength: 3 }),
      },
      { requiredKeys: ["check", "severity", "path", "line", "col", "message"] },
    );
    const meta = fc.record({ vaultName: text, noteCount: fc.nat(), scope: fc.constantFrom("knowledge" as const, "vault" as const), date: text });
    fc.assert(
      fc.property(fc.array(finding as fc.Arbitrary<LintFinding>, { maxLength: 8 }), meta, (findings, m) => {
        expect(formatLintJson(findings, m)).toBe(oracle(findings, m));
      }),
      { numRuns: 3000 },
    );
  });
});
