import { describe, expect, it } from "vitest";
import { DEFAULT_KNOWLEDGE_SETTINGS } from "../../src/core/knowledge/knowledge-settings";
import { DEFAULT_COMPILE_SETTINGS, loadPluginData, mergePluginData } from "../../src/core/settings/plugin-data";

describe("loading the plugin's data.json", () => {
  it("never crashes on bad values: each falls back to its default and is named in a warning", () => {
    const { data, warnings } = loadPluginData({
      settings: { knowledgeFolder: 42, lintScope: "all" },
      compile: { autoCompileHour: 25 },
      compileState: { logs: { "daily/2026-11-01.md": { hash: "h", compiledAt: "2026-11-01T10:00:00Z" } } },
    });
    expect(data.settings).toEqual(DEFAULT_KNOWLEDGE_SETTINGS);
    expect(data.compile.autoCompileHour).toBe(DEFAULT_COMPILE_SETTINGS.autoCompileHour);
    expect(data.compileState.logs["daily/2026-11-01.md"]?.hash).toBe("h");
    expect(warnings).toEqual([
      'data.json: settings.knowledgeFolder is 42, not a folder inside the vault (not its root); using "knowledge".',
      'data.json: settings.lintScope is "all", not "knowledge" or "vault"; using "knowledge".',
      "data.json: compile.autoCompileHour was 25; 18 is used instead.",
    ]);
  });

  it("survives data of the wrong shape at every level", () => {
    for (const raw of [null, undefined, 7, "text", [1], { settings: [], ask: "x", compile: 3, capture: [], compileState: "x" }]) {
      const { data } = loadPluginData(raw);
      expect(data.settings).toEqual(DEFAULT_KNOWLEDGE_SETTINGS);
      expect(data.compileState).toEqual({ logs: {} });
    }
    const { warnings } = loadPluginData({ settings: [], ask: "x", compileState: "x" });
    expect(warnings).toEqual([
      "data.json: settings is a list, not a set of settings; the defaults are used.",
      'data.json: compileState is "x" where a record of compiled logs belongs, so which daily logs were compiled is not known.',
      "data.json: ask is not a set of settings; the defaults are used.",
    ]);
    expect(mergePluginData({ settings: { knowledgeFolder: "kb/" } }).settings.knowledgeFolder).toBe("kb");
  });
});
