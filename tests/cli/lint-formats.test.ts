import { afterEach, describe, expect, it } from "vitest";
import { existsSync, mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runKc } from "../fakes/run-kc";
import { parseSarif, sarifProblems } from "../fakes/sarif-shape";
import { localDate } from "../../src/core/util/local-date";
import { CONFIG_DIR } from "../fakes/config-dir";

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
    const log = parseSarif(r.out);
    expect(sarifProblems(log)).toEqual([]);
    const broken = log.runs[0]!.results.find((x) => x.ruleId === "broken-link");
    expect(broken!.level).toBe("error");
    expect(broken!.locations[0]!.physicalLocation).toEqual({
      artifactLocation: { uri: "knowledge/concepts/a%20b.md", uriBaseId: "%SRCROOT%" },
      region: { startLine: 8, startColumn: 5 },
    });
    expect(log.runs[0]!.tool.driver.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("exits 0 with an empty result list when there are no errors", async () => {
    const dir = vault({ "knowledge/concepts/a.md": article("[[b]]"), "knowledge/concepts/b.md": article("[[a]]") });
    const r = await runKc(["lint", dir, "--format", "sarif"]);
    expect(r.code).toBe(0);
    const log = parseSarif(r.out);
    expect(sarifProblems(log)).toEqual([]);
    expect(log.runs[0]!.results.filter((x) => x.level === "error")).toEqual([]);
  });

  it("names the formats it knows when given another", async () => {
    const r = await runKc(["lint", ".", "--format", "xml"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("md, json or sarif");
  });
});

describe("kc lint and written lint reports", () => {
  const handWritten = "---\nkc: lint-report\n---\n# Lint report\n\n- Broken link [[nowhere]]\n";

  it("never lints or routes the notes in the report folder, in either scope", async () => {
    const dir = vault({
      "knowledge/concepts/a.md": article("[[b]]"),
      "knowledge/concepts/b.md": article("[[a]]"),
      "knowledge/reports/lint-2026-11-01.md": handWritten,
    });
    for (const scope of ["knowledge", "vault"]) {
      const r = await runKc(["lint", dir, "--format", "json", "--scope", scope]);
      expect(r.code).toBe(0);
      expect((JSON.parse(r.out) as { findings: { path: string }[] }).findings.filter((f) => f.path.startsWith("knowledge/reports/"))).toEqual([]);
    }
    const route = await runKc(["route", dir, "lint report broken link nowhere", "--format", "json", "--closest"]);
    expect(route.out).not.toContain("knowledge/reports/");
  });

  it("--write-report writes today's report into the report folder, replaces only today's, and keeps stdout the report", async () => {
    const dir = vault({ "knowledge/concepts/a.md": article("See [[nowhere]]."), "knowledge/reports/lint-2026-11-01.md": handWritten });
    const today = localDate();
    const first = await runKc(["lint", dir, "--write-report"]);
    expect(first.code).toBe(1);
    expect(first.out).toContain("## error: broken-link (1)");
    expect(first.err).toContain(`Wrote knowledge/reports/lint-${today}.md`);
    const note = readFileSync(join(dir, `knowledge/reports/lint-${today}.md`), "utf8");
    expect(note).toMatch(new RegExp(`^---\nkc: lint-report\ndate: ${today}\nkc-hash: [0-9a-f]{16}\n---\n# Lint report:`));
    expect(note).toContain("Broken link \\[\\[nowhere]]");
    const second = await runKc(["lint", dir, "--write-report"]);
    expect(second.err).toContain(`Updated knowledge/reports/lint-${today}.md`);
    expect(readFileSync(join(dir, "knowledge/reports/lint-2026-11-01.md"), "utf8")).toBe(handWritten);
    expect(readdirSync(join(dir, "knowledge/reports")).sort()).toEqual(["lint-2026-11-01.md", `lint-${today}.md`].sort());
  });

  it("--write-report leaves a person's note of that name alone, and a report folder outside the knowledge folder unused, with exit 2", async () => {
    const today = localDate();
    const mine = "My notes on today's lint.\n";
    const dir = vault({ "knowledge/concepts/a.md": article("x"), [`knowledge/reports/lint-${today}.md`]: mine });
    const r = await runKc(["lint", dir, "--write-report"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("is not a lint report written by Knowledge Compiler");
    expect(readFileSync(join(dir, `knowledge/reports/lint-${today}.md`), "utf8")).toBe(mine);
    const outside = vault({
      "knowledge/concepts/a.md": article("x"),
      [`${CONFIG_DIR}/plugins/ckp-knowledge-compiler/data.json`]: JSON.stringify({ settings: { reportFolder: "reports" } }),
    });
    const o = await runKc(["lint", outside, "--write-report"]);
    expect(o.code).toBe(2);
    expect(o.err).toContain('The report folder "reports" is outside the knowledge folder "knowledge/"');
    expect(existsSync(join(outside, "reports"))).toBe(false);
  });

  it("--write-report refuses a report folder that is a link leading outside the vault, and writes nothing there", async () => {
    const dir = vault({ "knowledge/concepts/a.md": article("x") });
    const elsewhere = vault({ "keep.txt": "not the vault\n" });
    symlinkSync(elsewhere, join(dir, "knowledge/reports"), "dir");
    const r = await runKc(["lint", dir, "--write-report"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`knowledge/reports/lint-${localDate()}.md is in a folder that links outside the vault; nothing was written to it`);
    expect(readdirSync(elsewhere)).toEqual(["keep.txt"]);
  });

  it("--write-report still writes through a report folder linked to another folder of the same vault", async () => {
    const dir = vault({ "knowledge/concepts/a.md": article("x"), "knowledge/audit/.keep": "" });
    symlinkSync(join(dir, "knowledge/audit"), join(dir, "knowledge/reports"), "dir");
    const r = await runKc(["lint", dir, "--write-report"]);
    expect(r.code).toBe(0);
    expect(readdirSync(join(dir, "knowledge/audit"))).toContain(`lint-${localDate()}.md`);
  });
});
