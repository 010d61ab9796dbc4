import { describe, expect, it } from "vitest";
import { DEFAULT_KNOWLEDGE_SETTINGS } from "../../../src/core/knowledge/knowledge-settings";
import { parseSettingsJson, validateDailyNotesConfig, validateSettings } from "../../../src/core/knowledge/validate-settings";
import { CONFIG_DIR } from "../../fakes/config-dir";

const FILE = `${CONFIG_DIR}/plugins/ckp-knowledge-compiler/data.json`;
const D = DEFAULT_KNOWLEDGE_SETTINGS;

describe("validateSettings", () => {
  const bad: [string, unknown, Partial<typeof D>, string][] = [
    [
      "a number as the knowledge folder",
      { settings: { knowledgeFolder: 42 } },
      {},
      'settings.knowledgeFolder is 42, not a folder inside the vault (not its root); using "knowledge".',
    ],
    [
      "a folder that climbs out",
      { settings: { knowledgeFolder: "../elsewhere" } },
      {},
      'settings.knowledgeFolder is "../elsewhere", not a folder inside the vault (not its root); using "knowledge".',
    ],
    ["the vault root as the knowledge folder", { settings: { knowledgeFolder: "/" } }, {}, 'settings.knowledgeFolder is "/", not a folder inside the vault'],
    [
      "a list as the daily folder",
      { settings: { dailyFolder: ["daily"] } },
      {},
      'settings.dailyFolder is a list, not a folder inside the vault ("" for its root); using "daily".',
    ],
    ["an empty daily format", { settings: { dailyFormat: " " } }, {}, 'settings.dailyFormat is " ", not a date format such as YYYY-MM-DD; using "YYYY-MM-DD".'],
    [
      "an unknown lint scope",
      { settings: { lintScope: "everything" } },
      {},
      'settings.lintScope is "everything", not "knowledge" or "vault"; using "knowledge".',
    ],
    ["a negative sparse threshold", { settings: { sparseWords: -5 } }, {}, "settings.sparseWords is -5, not a whole number of words, 0 or more; using 200."],
    ["settings that are a string", { settings: "knowledge" }, {}, 'settings is "knowledge", not a set of settings; the defaults are used.'],
  ];
  for (const [name, raw, expected, warning] of bad) {
    it(`falls back to the default for ${name}, with a warning naming the file and field`, () => {
      const v = validateSettings(raw, FILE);
      expect(v.settings).toEqual({ ...D, ...expected });
      expect(v.warnings).toHaveLength(1);
      expect(v.warnings[0]).toContain(`${FILE}: ${warning}`);
      expect(v.compileState).toEqual({ logs: {} });
    });
  }

  it("keeps good values, migrates old forms and tidies folder paths, quietly", () => {
    const v = validateSettings({ settings: { knowledgeFolder: "/kb/", dailyFolder: "", sparseWords: "150", lintScope: "vault", extra: 1 } }, FILE);
    expect(v.settings).toEqual({ ...D, knowledgeFolder: "kb", dailyFolder: "", sparseWords: 150, lintScope: "vault" });
    expect(v.warnings).toEqual([]);
  });

  it("gives the defaults and an empty compile state for a missing file, without a warning", () => {
    expect(validateSettings(undefined, FILE)).toEqual({ settings: D, compileState: { logs: {} }, warnings: [] });
    expect(validateSettings({}, FILE)).toEqual({ settings: D, compileState: { logs: {} }, warnings: [] });
  });

  it("says the compile state is unknown, never empty, when data.json is not an object or compileState is malformed", () => {
    for (const raw of [[1, 2], "text", 7]) {
      const v = validateSettings(raw, FILE);
      expect(v.compileState).toBeNull();
      expect(v.warnings[0]).toMatch(/not the plugin's settings; the defaults are used and no compile state is known/);
    }
    for (const compileState of [[], "x", { logs: [] }, { logs: "daily" }, { nologs: {} }]) {
      const v = validateSettings({ compileState }, FILE);
      expect(v.compileState, JSON.stringify(compileState)).toBeNull();
      expect(v.warnings[0]).toContain("which daily logs were compiled is not known");
    }
  });

  it("drops compile-state entries without a hash and a date, and names them", () => {
    const good = { hash: "abc", compiledAt: "2026-11-01T10:00:00Z" };
    const v = validateSettings({ compileState: { logs: { "daily/a.md": good, "daily/b.md": { hash: 5 }, "daily/c.md": null } } }, FILE);
    expect(v.compileState).toEqual({ logs: { "daily/a.md": good } });
    expect(v.warnings).toEqual([
      `${FILE}: compileState.logs has 2 entries without a hash and a date (daily/b.md, daily/c.md); those logs count as never compiled.`,
    ]);
  });
});

describe("parseSettingsJson and validateDailyNotesConfig", () => {
  it("says a file is not JSON, where it stops, and what is used instead", () => {
    const w: string[] = [];
    expect(parseSettingsJson('{\n  "folder": "Journal",\n}\n', "daily-notes.json", "using daily/", w)).toBeUndefined();
    expect(parseSettingsJson('{"folder": "Jour', "daily-notes.json", "using daily/", w)).toBeUndefined();
    expect(w).toEqual(["daily-notes.json is not valid JSON (line 3); using daily/.", "daily-notes.json is not valid JSON (it ends too early); using daily/."]);
    expect(parseSettingsJson(null, "daily-notes.json", "x", w)).toBeUndefined();
    expect(w).toHaveLength(2);
  });

  it("reads Daily Notes' folder and format, and names a file of the wrong shape instead of using it", () => {
    const w: string[] = [];
    expect(validateDailyNotesConfig({ folder: "/Journal/", format: "DD.MM.YYYY" }, "f", "x", w)).toEqual({ folder: "Journal", format: "DD.MM.YYYY" });
    expect(validateDailyNotesConfig({}, "f", "x", w)).toEqual({ folder: "", format: "YYYY-MM-DD" });
    expect(w).toEqual([]);
    expect(validateDailyNotesConfig([], "f", "the plugin's setting is used", w)).toBeNull();
    expect(validateDailyNotesConfig({ folder: 3 }, "f", "the plugin's setting is used", w)).toBeNull();
    expect(validateDailyNotesConfig({ folder: "Journal", format: 12 }, "f", "x", w)).toEqual({ folder: "Journal", format: "YYYY-MM-DD" });
    expect(w).toEqual([
      "f is a list, not the Daily Notes settings; the plugin's setting is used.",
      "f: folder is 3, not a folder inside the vault; the plugin's setting is used.",
      'f: format is 12, not a date format; using "YYYY-MM-DD".',
    ]);
  });
});
