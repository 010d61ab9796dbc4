import { describe, expect, it } from "vitest";
import { classifyPath, isArticleKind, isVaultNote, reportFolderOf, scopeNotes } from "../../../src/core/knowledge/knowledge-layout";

/** The whole-vault rule as it was first written (isVaultNote now calls scopeNotes): the reference to compare with. */
function vaultRule(path: string, knowledgeFolder: string, reportFolder?: string): boolean {
  const reports = reportFolderOf({ knowledgeFolder, ...(reportFolder !== undefined ? { reportFolder } : {}) });
  if (!path.toLowerCase().endsWith(".md") || path.startsWith(`${reports}/`)) return false;
  const kind = classifyPath(path, knowledgeFolder, reportFolder);
  return kind !== "index" && kind !== "log";
}

const folders = ["knowledge", "knowledge/", "/knowledge/", "", "wiki/kb", " knowledge ", "Knowledge"];
const reports: (string | undefined)[] = [undefined, "", "reports", "knowledge/lint", "/Lint Reports/", "knowledge"];
const paths = [
  "knowledge/concepts/a.md",
  "knowledge/index.md",
  "knowledge/log.md",
  "knowledge/reports/lint.md",
  "knowledge/qa/q.MD",
  "knowledge/connections/c.md",
  "knowledge/other.md",
  "knowledge/concepts/a.md.txt",
  "knowledge/img.png",
  "daily/2026-11-26.md",
  "index.md",
  "log.md",
  "reports/r.md",
  "Lint Reports/x.md",
  "knowledge/lint/y.md",
  "wiki/kb/index.md",
  "wiki/kb/note.md",
  "wiki/kbx/note.md",
  "knowledgeable.md",
  "Knowledge/concepts/a.md",
  ".md",
  "md",
  "notes/Ünïcode.md",
  "notes/a.Md",
];

describe("scopeNotes (the router's rule for many notes at once)", () => {
  it("answers as classifyPath and isVaultNote do, for every folder setting and path", () => {
    let routed = 0;
    for (const folder of folders) {
      for (const report of reports) {
        const knowledge = scopeNotes("knowledge", folder, report);
        const vault = scopeNotes("vault", folder, report);
        for (const p of paths) {
          const what = `${JSON.stringify(folder)} ${JSON.stringify(report)} ${p}`;
          expect(knowledge(p), what).toBe(isArticleKind(classifyPath(p, folder, report)));
          expect(vault(p), what).toBe(vaultRule(p, folder, report));
          expect(isVaultNote(p, folder, report), what).toBe(vault(p));
          if (knowledge(p)) routed++;
        }
      }
    }
    expect(routed).toBeGreaterThan(50);
  });
});
