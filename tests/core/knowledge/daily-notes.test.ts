import { describe, expect, it } from "vitest";
import { dailyNotePath, matchDailyNote, readDailyNotesConfig } from "../../../src/core/knowledge/daily-notes";
import { classifyPath, isVaultNote, slugify } from "../../../src/core/knowledge/knowledge-layout";

describe("daily notes", () => {
  it("reads the core plugin's config and falls back on bad input", () => {
    expect(readDailyNotesConfig('{"folder":"/Journal/","format":"DD.MM.YYYY"}')).toEqual({ folder: "Journal", format: "DD.MM.YYYY" });
    expect(readDailyNotesConfig("{}")).toEqual({ folder: "", format: "YYYY-MM-DD" });
    expect(readDailyNotesConfig("not json")).toBeNull();
    expect(readDailyNotesConfig(null)).toBeNull();
  });

  it("recognises daily notes by folder and moment format, including nested folders and literals", () => {
    expect(matchDailyNote("daily/2026-09-14.md", { dailyFolder: "daily", dailyFormat: "YYYY-MM-DD" })).toBe("2026-09-14");
    expect(matchDailyNote("daily/notes.md", { dailyFolder: "daily", dailyFormat: "YYYY-MM-DD" })).toBeNull();
    expect(matchDailyNote("other/2026-09-14.md", { dailyFolder: "daily", dailyFormat: "YYYY-MM-DD" })).toBeNull();
    expect(matchDailyNote("J/2026/09/2026-09-14.md", { dailyFolder: "J", dailyFormat: "YYYY/MM/YYYY-MM-DD" })).toBe("2026-09-14");
    expect(matchDailyNote("14 Sep 2026, Monday.md", { dailyFolder: "", dailyFormat: "D MMM YYYY, dddd" })).toBe("2026-09-14");
    expect(matchDailyNote("Log [x] 2026-13-01.md", { dailyFolder: "", dailyFormat: "[Log [x]] YYYY-MM-DD" })).toBeNull();
  });

  it("takes the folder whole, trims its slashes, and reads .md in any case", () => {
    const at = (path: string, dailyFolder: string): string | null => matchDailyNote(path, { dailyFolder, dailyFormat: "YYYY-MM-DD" });
    expect(at("Daily Notes/2026-09-14.md", "Daily")).toBeNull();
    expect(at("Daily2026-09-14.md", "Daily")).toBeNull();
    expect(at("Daily/2026-09-14.md", "/Daily/")).toBe("2026-09-14");
    expect(at("Daily/2026-09-14.md", "//Daily")).toBe("2026-09-14");
    expect(at("2026-09-14.md", "/")).toBe("2026-09-14");
    expect(at("Daily/2026-09-14.MD", "Daily")).toBe("2026-09-14");
    expect(at("Daily/2026-09-14.mD", "Daily")).toBe("2026-09-14");
    expect(at("Daily/2026-09-14.mdx", "Daily")).toBeNull();
    expect(at("Daily/2026-09-14md", "Daily")).toBeNull();
    expect(at("Daily/x/2026-09-14.md", "Daily")).toBeNull();
    expect(at("Daily/2026-09-14/.md", "Daily")).toBeNull();
    expect(at(".md", "")).toBeNull();
  });

  it("builds a daily note path that it recognises again", () => {
    for (const fmt of ["YYYY-MM-DD", "DD.MM.YYYY", "YYYY/MM/YYYY-MM-DD dddd", "MMMM Do, YYYY"]) {
      const p = dailyNotePath("2026-11-02", { dailyFolder: "daily", dailyFormat: fmt });
      expect(matchDailyNote(p, { dailyFolder: "daily", dailyFormat: fmt })).toBe("2026-11-02");
    }
  });
});

describe("knowledge layout", () => {
  it("classifies paths under the knowledge folder", () => {
    expect(classifyPath("knowledge/index.md", "knowledge")).toBe("index");
    expect(classifyPath("knowledge/concepts/a.md", "knowledge/")).toBe("concept");
    expect(classifyPath("knowledge/qa/a.md", "knowledge")).toBe("qa");
    expect(classifyPath("knowledgeable/a.md", "knowledge")).toBeNull();
    expect(classifyPath("knowledge/pic.png", "knowledge")).toBeNull();
  });

  it("holds every markdown note of the vault but the knowledge folder's index, log and lint reports in the whole-vault scope", () => {
    const kept = ["Projects/a.md", "knowledge/concepts/a.md", "knowledge/notes.md", "index.md", "elsewhere/log.md"].filter((p) => isVaultNote(p, "knowledge"));
    expect(kept).toEqual(["Projects/a.md", "knowledge/concepts/a.md", "knowledge/notes.md", "index.md", "elsewhere/log.md"]);
    expect(
      ["knowledge/index.md", "knowledge/log.md", "knowledge/reports/lint.md", "Reports/lint.md", "pic.png"].filter((p) =>
        isVaultNote(p, "knowledge", "Reports"),
      ),
    ).toEqual(["knowledge/reports/lint.md"]);
  });

  it("makes kebab-case file names from any title", () => {
    expect(slugify("Retry with Backoff (v2)!")).toBe("retry-with-backoff-v2");
    expect(slugify("日本語 ノート")).toBe("日本語-ノート");
    expect(slugify("🎉🎉")).toBe("untitled");
  });
});
