import { describe, expect, it } from "vitest";
import { DEFAULT_KNOWLEDGE_SETTINGS } from "../../../src/core/knowledge/knowledge-settings";
import { mergeHeldSettings, mergeSettings, withDailyNotes } from "../../../src/core/knowledge/merge-settings";

const DAILY = JSON.stringify({ folder: "Journal/", format: "DD.MM.YYYY" });

describe("mergeSettings", () => {
  it("uses the defaults, with nothing to warn about, when neither file exists", () => {
    const m = mergeSettings({ data: undefined, dailyNotes: null });
    expect(m.settings).toEqual(DEFAULT_KNOWLEDGE_SETTINGS);
    expect(m.compileState).toEqual({ logs: {} });
    expect(m.warnings).toEqual([]);
    expect(m.sources).toEqual({ knowledgeFolder: "default", dailyFolder: "default" });
  });

  it("lets Daily Notes' folder and format win over data.json's, and the overrides win over both", () => {
    const data = {
      settings: { knowledgeFolder: "kb", dailyFolder: "logs", dailyFormat: "YYYYMMDD" },
      compileState: { logs: { "Journal/01.11.2026.md": { hash: "h", compiledAt: "t" } } },
    };
    const m = mergeSettings({ data, dailyNotes: DAILY });
    expect(m.settings).toMatchObject({ knowledgeFolder: "kb", dailyFolder: "Journal", dailyFormat: "DD.MM.YYYY" });
    expect(m.compileState?.logs["Journal/01.11.2026.md"]?.hash).toBe("h");
    expect(m.sources).toEqual({ knowledgeFolder: "data", dailyFolder: "daily-notes" });
    const over = mergeSettings({ data, dailyNotes: DAILY, overrides: { knowledgeFolder: "other", dailyFolder: "d" } });
    expect(over.settings).toMatchObject({ knowledgeFolder: "other", dailyFolder: "d", dailyFormat: "DD.MM.YYYY" });
    expect(over.sources.knowledgeFolder).toBe("override");
  });

  it("names each broken file in a warning, by the names the host gives, and says what is used instead", () => {
    const m = mergeSettings({ data: { settings: { sparseWords: "many" } }, dailyNotes: "{ not json", files: { data: "D.json", dailyNotes: "N.json" } });
    expect(m.settings.sparseWords).toBe(DEFAULT_KNOWLEDGE_SETTINGS.sparseWords);
    expect(m.settings.dailyFolder).toBe("daily");
    expect(m.warnings).toHaveLength(2);
    expect(m.warnings[0]).toMatch(/^D\.json: settings\.sparseWords/);
    expect(m.warnings[1]).toMatch(/^N\.json is not valid JSON.*the plugin's daily notes setting is used \("daily", YYYY-MM-DD\)/);
    expect(m.sources.dailyFolder).toBe("default");
  });

  it("knows no compile state when data.json's cannot be read, rather than claiming nothing was compiled", () => {
    expect(mergeSettings({ data: { compileState: "x" }, dailyNotes: null }).compileState).toBeNull();
  });
});

describe("mergeHeldSettings", () => {
  it("puts Daily Notes' folder and format over settings the plugin holds, and keeps them as they are otherwise", () => {
    // Held settings are not validated again: what the settings tab saved is what every operation sees.
    const held = { ...DEFAULT_KNOWLEDGE_SETTINGS, knowledgeFolder: "kb/", dailyFolder: "mine" };
    expect(mergeHeldSettings(held, DAILY)).toEqual({ ...held, dailyFolder: "Journal", dailyFormat: "DD.MM.YYYY" });
    expect(mergeHeldSettings(held, null)).toEqual(held);
    expect(mergeHeldSettings(held, "[]")).toEqual(held);
  });

  it("agrees with the CLI's merge for the same data.json and daily-notes.json", () => {
    const data = { settings: { knowledgeFolder: "kb", dailyFolder: "logs" } };
    for (const daily of [null, DAILY, "{}", "nonsense"]) {
      expect(mergeHeldSettings(mergeSettings({ data, dailyNotes: null }).settings, daily)).toEqual(mergeSettings({ data, dailyNotes: daily }).settings);
    }
  });
});

describe("withDailyNotes", () => {
  it("returns the base itself when Daily Notes is not configured", () => {
    const base = { ...DEFAULT_KNOWLEDGE_SETTINGS };
    expect(withDailyNotes(base, null)).toBe(base);
    expect(withDailyNotes(base, { folder: "", format: "YYYY-MM-DD" })).toEqual({ ...base, dailyFolder: "" });
  });
});
