import { describe, expect, it } from "vitest";
import { classifyPath, isArticleKind, reportFolderOf } from "../../../src/core/knowledge/knowledge-layout";
import { isArticlePath } from "../../../src/core/knowledge/write-rules";
import { isLintReportNote, reportFolderProblem, writeLintReport } from "../../../src/core/workflows/write-lint-report";
import { InMemoryNoteStore } from "../../fakes/in-memory-note-store";

const RULES = { knowledgeFolder: "knowledge", dailyFolder: "daily", dailyFormat: "YYYY-MM-DD", reportFolder: "" };
const RULES_WITH = (reportFolder: string) => ({ ...RULES, reportFolder });
const REPORT = '# Lint report: v\n\n- `knowledge/concepts/a.md:3:1` Broken link [[b]]: nothing named "b"; embed ![[c.png]]\n';

describe("lint reports in the knowledge layout", () => {
  it("are their own kind, in <knowledge>/reports by default or the folder set, and never articles", () => {
    expect(reportFolderOf(RULES)).toBe("knowledge/reports");
    expect(classifyPath("knowledge/reports/lint-2026-11-24.md", "knowledge")).toBe("report");
    expect(classifyPath("knowledge/reports/lint-2026-11-24.md", "knowledge", "knowledge/audit")).toBe("article");
    expect(classifyPath("knowledge/audit/x.md", "knowledge", "knowledge/audit")).toBe("report");
    expect(classifyPath("knowledge/reportsx/a.md", "knowledge")).toBe("article");
    expect(isArticleKind("report")).toBe(false);
    expect(isArticlePath("knowledge/reports/lint-2026-11-24.md", RULES)).toBe(false);
    expect(isArticlePath("knowledge/audit/x.md", { ...RULES, reportFolder: "knowledge/audit/" })).toBe(false);
  });
});

describe("writeLintReport", () => {
  it("writes the day's report as a note marked as a lint report, with quoted links kept as text", async () => {
    const store = new InMemoryNoteStore({});
    const r = await writeLintReport(store, RULES, "2026-11-24", REPORT);
    expect(r).toEqual({ ok: true, value: { path: "knowledge/reports/lint-2026-11-24.md", replaced: false } });
    const text = store.files.get("knowledge/reports/lint-2026-11-24.md")!;
    expect(text).toMatch(/^---\nkc: lint-report\ndate: 2026-11-24\nkc-hash: [0-9a-f]{16}\n---\n# Lint report: v\n/);
    expect(text).toContain("Broken link \\[\\[b]]");
    expect(text).toContain("embed !\\[\\[c.png]]");
    expect(text).not.toMatch(/(^|[^\\])\[\[/);
    expect(isLintReportNote(text)).toBe(true);
  });

  it("writes a finding's quoted tags, HTML, images and links as text, readable, and leaves the report's own markup", async () => {
    const store = new InMemoryNoteStore({});
    const line =
      '- `knowledge/concepts/a.md:3:1` Quote "#secret, <img src=https://x.test/p.png>, ![i](https://x.test/p.png), [t](https://x.test) and `code`" _(fix available)_';
    await writeLintReport(store, RULES, "2026-11-24", `# Lint report: v\n\n## warning: x (1)\n\n_About it._\n\n${line}\n`);
    const text = store.files.get("knowledge/reports/lint-2026-11-24.md")!;
    expect(text).toContain("## warning: x (1)\n\n_About it._\n\n- `knowledge/concepts/a.md:3:1` Quote");
    const message = text
      .split("\n")
      .find((l) => l.startsWith("- "))!
      .slice("- `knowledge/concepts/a.md:3:1` ".length);
    expect(message).toBe(
      'Quote "\\#secret, \\<img src=https://x.test/p.png>, !\\[i](https://x.test/p.png), \\[t](https://x.test) and \\`code\\`" _(fix available)_',
    );
    expect(message).not.toMatch(/(^|\s)#[^\s#]/);
    expect(message).not.toMatch(/(^|[^\\])[<[`]/);
  });

  it("replaces only that day's report and leaves earlier days' reports as they are", async () => {
    const earlier = "---\nkc: lint-report\ndate: 2026-11-23\n---\nold\n";
    const store = new InMemoryNoteStore({ "knowledge/reports/lint-2026-11-23.md": earlier });
    await writeLintReport(store, RULES, "2026-11-24", "first\n");
    const again = await writeLintReport(store, RULES, "2026-11-24", "second\n");
    expect(again).toEqual({ ok: true, value: { path: "knowledge/reports/lint-2026-11-24.md", replaced: true } });
    expect(store.files.get("knowledge/reports/lint-2026-11-24.md")).toMatch(/^---\nkc: lint-report\ndate: 2026-11-24\nkc-hash: [0-9a-f]{16}\n---\nsecond\n$/);
    expect(store.files.get("knowledge/reports/lint-2026-11-23.md")).toBe(earlier);
  });

  it("keeps a report the person edited since it was written, and writes the new one beside it, saying so", async () => {
    const store = new InMemoryNoteStore({});
    const path = "knowledge/reports/lint-2026-11-24.md";
    await writeLintReport(store, RULES, "2026-11-24", "first\n");
    for (const edit of [
      (t: string) => `${t}My note: the broken link is intended.\n`,
      (t: string) => t.replace("---\nfirst", "---\nfirst, checked"),
      (t: string) => t.replace("date:", "tags: [mine]\ndate:"),
    ]) {
      const mine = edit(store.files.get(path)!);
      store.files.set(path, mine);
      store.files.delete("knowledge/reports/lint-2026-11-24-2.md");
      const r = await writeLintReport(store, RULES, "2026-11-24", "second\n");
      expect(r).toEqual({ ok: true, value: { path: "knowledge/reports/lint-2026-11-24-2.md", replaced: false, keptEdited: path } });
      expect(store.files.get(path)).toBe(mine);
      expect(store.files.get("knowledge/reports/lint-2026-11-24-2.md")).toContain("---\nsecond\n");
    }
    // The report beside it is ours and unedited: the next run replaces it, and still leaves the edited one.
    const third = await writeLintReport(store, RULES, "2026-11-24", "third\n");
    expect(third).toEqual({ ok: true, value: { path: "knowledge/reports/lint-2026-11-24-2.md", replaced: true, keptEdited: path } });
    expect(store.files.get("knowledge/reports/lint-2026-11-24-2.md")).toContain("---\nthird\n");
  });

  it("never writes over a note a person made at that name, and says why", async () => {
    for (const mine of ["My own notes about lint.\n", "---\ntitle: lint\n---\nkc: lint-report\n", "---\nkc: lint-reports\n---\n"]) {
      const store = new InMemoryNoteStore({ "knowledge/reports/lint-2026-11-24.md": mine });
      const r = await writeLintReport(store, RULES, "2026-11-24", REPORT);
      expect(r.ok).toBe(false);
      expect(!r.ok && r.error).toContain('is not a lint report written by Knowledge Compiler (its frontmatter has no "kc: lint-report")');
      expect(store.files.get("knowledge/reports/lint-2026-11-24.md")).toBe(mine);
      expect(store.writes).toEqual([]);
    }
  });

  it("leaves a note alone that a person replaced between the check and the write", async () => {
    const store = new InMemoryNoteStore({ "knowledge/reports/lint-2026-11-24.md": "---\nkc: lint-report\n---\nold\n" });
    const process = store.process.bind(store);
    store.process = (path, fn) => {
      store.files.set(path, "A person's note now.\n");
      return process(path, fn);
    };
    const r = await writeLintReport(store, RULES, "2026-11-24", REPORT);
    expect(r.ok).toBe(false);
    expect(store.files.get("knowledge/reports/lint-2026-11-24.md")).toBe("A person's note now.\n");
  });

  it("refuses a report folder outside the knowledge folder, or not a plain folder, before writing anything", async () => {
    const cases: [string, string][] = [
      ["reports", 'The report folder "reports" is outside the knowledge folder "knowledge/"; choose a folder inside it, such as "knowledge/reports".'],
      ["knowledge", 'The report folder "knowledge" is outside the knowledge folder "knowledge/"'],
      ["daily", "outside the knowledge folder"],
      ["knowledge/../daily", "is not a plain folder inside the vault"],
      ["knowledge/.hidden", "is not a plain folder inside the vault"],
    ];
    for (const [reportFolder, message] of cases) {
      const store = new InMemoryNoteStore({});
      const r = await writeLintReport(store, { ...RULES, reportFolder }, "2026-11-24", REPORT);
      expect(r.ok).toBe(false);
      expect(!r.ok && r.error).toContain(message);
      expect(store.files.size).toBe(0);
    }
  });

  it("refuses the articles' folders (concepts, connections, qa, in any case, or inside them) and the knowledge folder, with the reason", async () => {
    for (const reportFolder of ["knowledge/concepts", "knowledge/connections/", "knowledge/qa", "knowledge/Concepts", "knowledge/qa/reports", "knowledge"]) {
      const problem = reportFolderProblem({ ...RULES, reportFolder });
      expect(problem, reportFolder).not.toBeNull();
      const store = new InMemoryNoteStore({ "knowledge/concepts/a.md": "# A\n" });
      expect((await writeLintReport(store, RULES_WITH(reportFolder), "2026-11-24", REPORT)).ok, reportFolder).toBe(false);
      expect(store.writes, reportFolder).toEqual([]);
    }
    expect(reportFolderProblem({ ...RULES, reportFolder: "knowledge/concepts" })).toBe(
      'The report folder "knowledge/concepts" is or is inside the knowledge base\'s concepts folder: its articles would count as reports and drop out of lint, Ask and the graph; choose a folder of its own, such as "knowledge/reports".',
    );
    for (const reportFolder of ["knowledge/audit", "knowledge/reports/lint", "knowledge/conceptsx", "knowledge/audit/qa"])
      expect(reportFolderProblem({ ...RULES, reportFolder }), reportFolder).toBeNull();
  });

  it("refuses a date that is not one, and a knowledge folder the write rules refuse", async () => {
    const store = new InMemoryNoteStore({});
    expect((await writeLintReport(store, RULES, "../x", REPORT)).ok).toBe(false);
    const root = await writeLintReport(store, { ...RULES, knowledgeFolder: "" }, "2026-11-24", REPORT);
    expect(root.ok).toBe(false);
    expect(store.files.size).toBe(0);
  });

  it("turns a store failure into a sentence", async () => {
    const store = new InMemoryNoteStore({});
    store.create = () => Promise.reject(Object.assign(new Error("x"), { code: "EACCES", path: "/v/knowledge/reports" }));
    const r = await writeLintReport(store, RULES, "2026-11-24", REPORT);
    expect(r).toEqual({ ok: false, error: "No report written to knowledge/reports/lint-2026-11-24.md: permission denied (reports)." });
  });
});
