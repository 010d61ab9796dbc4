import { afterEach, describe, expect, it } from "vitest";
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runKc } from "../fakes/run-kc";
import { sarifProblems } from "../fakes/sarif-shape";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function vault(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "kc-sarif-"));
  dirs.push(dir);
  for (const [p, content] of Object.entries(files)) {
    mkdirSync(join(dir, p, ".."), { recursive: true });
    writeFileSync(join(dir, p), content);
  }
  return dir;
}

const article = (body: string): string => `---\ntitle: T\ntldr: t\nanswers_when: [a]\n---\n# T\n\n${body}\n`;

describe("kc lint --format sarif", () => {
  it("prints a valid SARIF log with vault-relative locations and exits 1 on errors, as the markdown report does", async () => {
    const dir = vault({ "knowledge/concepts/a b.md": article("See [[nowhere]].") });
    const r = await runKc(["lint", dir, "--format", "sarif"]);
    expect(r.code).toBe(1);
    const log = JSON.parse(r.out);
    expect(sarifProblems(log)).toEqual([]);
    const broken = log.runs[0].results.find((x: { ruleId: string }) => x.ruleId === "broken-link");
    expect(broken.level).toBe("error");
    expect(broken.locations[0].physicalLocation).toEqual({ artifactLocation: { uri: "knowledge/concepts/a%20b.md", uriBaseId: "%SRCROOT%" }, region: { startLine: 8, startColumn: 5 } });
    expect(log.runs[0].tool.driver.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("exits 0 with an empty result list when there are no errors", async () => {
    const dir = vault({ "knowledge/concepts/a.md": article("[[b]]"), "knowledge/concepts/b.md": article("[[a]]") });
    const r = await runKc(["lint", dir, "--format", "sarif"]);
    expect(r.code).toBe(0);
    const log = JSON.parse(r.out);
    expect(sarifProblems(log)).toEqual([]);
    expect(log.runs[0].results.filter((x: { level: string }) => x.level === "error")).toEqual([]);
  });

  it("names the formats it knows when given another", async () => {
    const r = await runKc(["lint", ".", "--format", "xml"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("md, json or sarif");
  });
});
