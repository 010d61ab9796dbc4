import { describe, expect, it } from "vitest";
import { formatLintSarif } from "../../../src/core/lint/format-lint-sarif";
import { LINT_CHECKS } from "../../../src/core/lint/lint-checks";
import type { LintFinding } from "../../../src/core/lint/lint-types";
import { parseSarif, sarifProblems } from "../../fakes/sarif-shape";

const FINDINGS: LintFinding[] = [
  { check: "broken-link", severity: "error", path: "knowledge/concepts/a note.md", line: 7, col: 4, message: "Broken link [[b]]" },
  { check: "orphan-article", severity: "warning", path: "knowledge/concepts/b.md", line: 0, col: 0, message: "No note links here" },
  { check: "sparse-article", severity: "suggestion", path: "knowledge/concepts/日本.md", line: 0, col: 0, message: "Sparse: 12 words" },
  {
    check: "contradiction",
    severity: "warning",
    path: "knowledge/concepts/a note.md",
    line: 9,
    col: 0,
    message: "Retries: 3 vs forever",
    related: [{ path: "knowledge/concepts/c.md", line: 2, col: 5, label: "Uploads retry forever." }],
  },
  // A check a newer plugin reports that this list does not know of.
  { check: "checked-by-a-newer-version", severity: "warning", path: "knowledge/concepts/c.md", line: 1, col: 0, message: "Something new" },
];

const sarif = () => parseSarif(formatLintSarif(FINDINGS, { version: "0.1.0" }));

describe("SARIF output of lint", () => {
  it("is a SARIF 2.1.0 log by the schema's structure", () => {
    expect(sarifProblems(sarif())).toEqual([]);
  });

  it("lists every check as a rule with its description, and a rule for a check it was not told about", () => {
    const rules = sarif().runs[0]!.tool.driver.rules;
    expect(rules.slice(0, LINT_CHECKS.length).map((r) => r.id)).toEqual(LINT_CHECKS.map((c) => c.id));
    expect(rules[0]!.shortDescription.text).toBe(LINT_CHECKS[0]!.description);
    expect(rules.find((r) => r.id === "sparse-article")!.defaultConfiguration.level).toBe("note");
    expect(rules.at(-1)!.id).toBe("checked-by-a-newer-version");
  });

  it("gives each finding its level, message and a vault-relative location with 1-based line and column", () => {
    const results = sarif().runs[0]!.results;
    expect(results.map((r) => r.level)).toEqual(["error", "warning", "note", "warning", "warning"]);
    expect(results[0]!.message!.text).toBe("Broken link [[b]]");
    expect(results[0]!.locations[0]!.physicalLocation).toEqual({
      artifactLocation: { uri: "knowledge/concepts/a%20note.md", uriBaseId: "%SRCROOT%" },
      region: { startLine: 8, startColumn: 5 },
    });
    expect(results[2]!.locations[0]!.physicalLocation.artifactLocation.uri).toBe("knowledge/concepts/%E6%97%A5%E6%9C%AC.md");
  });

  it("puts a finding's other places in relatedLocations, and none on findings without them", () => {
    const results = sarif().runs[0]!.results;
    expect(results[0]!.relatedLocations).toBeUndefined();
    expect(results[3]!.relatedLocations).toEqual([
      {
        id: 1,
        message: { text: "Uploads retry forever." },
        physicalLocation: { artifactLocation: { uri: "knowledge/concepts/c.md", uriBaseId: "%SRCROOT%" }, region: { startLine: 3, startColumn: 6 } },
      },
    ]);
  });

  it("has a shape check that catches what code scanning would reject", () => {
    const log = sarif();
    const results = log.runs[0]!.results;
    results[0]!.locations[0]!.physicalLocation.region!.startLine = 0;
    delete results[1]!.message;
    results[2]!.ruleIndex = 0;
    results[3]!.severity = "warning";
    results[3]!.locations[0]!.physicalLocation.artifactLocation.uri = "knowledge/a b.md";
    expect(sarifProblems(log)).toEqual([
      "runs[0].results[0].locations[0].region.startLine: is not an integer >= 1",
      "runs[0].results[1]: lacks message",
      "runs[0].results[1].message: is not an object",
      "runs[0].results[2].ruleIndex: points at broken-link, not sparse-article",
      "runs[0].results[3]: has no property severity in SARIF 2.1.0",
      'runs[0].results[3].locations[0]...artifactLocation.uri: "knowledge/a b.md" is not a relative URI reference',
    ]);
  });
});
