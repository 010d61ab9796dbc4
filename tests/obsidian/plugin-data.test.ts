import { describe, expect, it } from "vitest";
import { DEFAULT_CAPTURE_SETTINGS, loadPluginData, mergePluginData } from "../../src/core/settings/plugin-data";
import { DEFAULT_LINT_SETTINGS } from "../../src/core/settings/lint-settings";
import { DEFAULT_MODEL } from "../../src/core/llm/models";

describe("plugin data", () => {
  it("moves a retired model id (the default when it was saved) to its replacement, and keeps any other choice", () => {
    expect(mergePluginData({ ask: { model: "claude-sonnet-4-5" } }).ask.model).toBe(DEFAULT_MODEL);
    expect(mergePluginData({ ask: { model: "claude-opus-4-8" } }).ask.model).toBe("claude-opus-4-8");
    expect(mergePluginData(null).ask.model).toBe(DEFAULT_MODEL);
  });

  it("keeps capture and compile settings of the right type and falls back to the default otherwise", () => {
    const d = mergePluginData({
      capture: { projects: ["/a", 3, ""], roots: 7, minPrompts: 0, idleMinutes: 5, background: "yes" },
      compile: { confirmAboveUsd: -1, autoCompileHour: 25 },
      ask: { timeoutSeconds: 30 },
    });
    expect(d.capture).toEqual({ ...DEFAULT_CAPTURE_SETTINGS, projects: ["/a"], idleMinutes: 5 });
    expect(d.compile.confirmAboveUsd).toBe(0.25);
    expect(d.compile.autoCompileHour).toBe(18);
    expect(d.ask.timeoutSeconds).toBe(30);
  });
});

describe("Ask's scope in plugin data", () => {
  it("is the knowledge folder by default, keeps the whole vault when saved, and says so when a saved value is not a scope", () => {
    expect(mergePluginData(null).ask.scope).toBe("knowledge");
    expect(mergePluginData({ ask: { scope: "vault" } }).ask.scope).toBe("vault");
    const bad = loadPluginData({ ask: { scope: "everything" } });
    expect(bad.data.ask.scope).toBe("knowledge");
    expect(bad.warnings.join(" ")).toContain("ask.scope");
  });
});

describe("lint settings in plugin data", () => {
  it("keeps lint settings of the right type and range and falls back to the default otherwise, saying so", () => {
    expect(mergePluginData(null).lint).toEqual(DEFAULT_LINT_SETTINGS);
    const ok = mergePluginData({ lint: { staleAfterDays: 90, repoFolder: " ~/code/app ", contradictionMaxPairs: 5, contradictionMaxTokens: 20000 } }).lint;
    expect(ok).toEqual({ ...DEFAULT_LINT_SETTINGS, staleAfterDays: 90, repoFolder: "~/code/app", contradictionMaxPairs: 5, contradictionMaxTokens: 20000 });
    expect(mergePluginData({ lint: { driftModelCheck: true, driftOlderThanDays: 30, driftMaxArticles: -1 } }).lint).toMatchObject({
      driftModelCheck: true,
      driftOlderThanDays: 30,
      driftMaxArticles: 10,
    });
    const bad = loadPluginData({
      lint: { staleAfterDays: "soon", repoFolder: 3, contradictionMaxPairs: 0, contradictionMaxTokens: 2.5, driftModelCheck: "yes" },
    });
    expect(bad.data.lint).toEqual(DEFAULT_LINT_SETTINGS);
    expect(bad.warnings.some((w) => w.startsWith('data.json: lint.staleAfterDays was "soon"'))).toBe(true);
    expect(mergePluginData({ lint: [1, 2] }).lint).toEqual(DEFAULT_LINT_SETTINGS);
  });
});
