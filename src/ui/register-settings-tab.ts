import { debounce, type Plugin } from "obsidian";
import { readCoreDailyNotes } from "../obsidian/effective-settings";
import { listModels, testConnection } from "../llm/anthropic-models";
import { modelServerOptions } from "../obsidian/model-server-options";
import type { PluginData } from "../core/settings/plugin-data";
import type { PluginServices } from "../obsidian/plugin-services";
import { SpendLedger } from "../core/spend/spend-ledger";
import { summarizeSpend } from "../core/spend/summarize-spend";
import { setAskScope } from "../obsidian/ask-scope";
import { KnowledgeSettingsTab } from "./settings-tab";

/** Adds the settings tab: each change saves at once; folder and lint changes re-lint once the typing pauses. */
export function registerSettingsTab(plugin: Plugin, s: PluginServices): void {
  const app = plugin.app;
  let folderChanged = false;
  // A new knowledge or report folder changes which notes are articles: the router (and graph) is rebuilt too.
  const relint = debounce(
    () => {
      const rebuild = folderChanged;
      folderChanged = false;
      void s.lint.restart().then(() => (rebuild ? s.router.build().then(() => s.graph.reset()) : undefined));
    },
    800,
    true,
  );
  /** Replaces a section of data.json with `patch` merged in, and saves. */
  const update = async <K extends keyof PluginData>(key: K, patch: Partial<PluginData[K]>): Promise<void> => {
    const data = s.data();
    data[key] = { ...data[key], ...patch };
    await s.save();
  };
  plugin.addSettingTab(
    new KnowledgeSettingsTab(app, plugin, {
      settings: () => s.data().settings,
      update: async (patch) => {
        await update("settings", patch);
        if (patch.knowledgeFolder !== undefined || patch.reportFolder !== undefined) folderChanged = true;
        relint();
      },
      ask: () => s.data().ask,
      // A new Ask scope changes which notes the router indexes: it is saved and the index rebuilt.
      updateAsk: async ({ scope, ...patch }) => {
        if (Object.keys(patch).length > 0) await update("ask", patch);
        if (scope !== undefined) await setAskScope(s, scope);
      },
      compile: () => s.data().compile,
      updateCompile: (patch) => update("compile", patch),
      spend: () => s.data().spend,
      updateSpend: (patch) => update("spend", patch),
      spendSummary: async () => summarizeSpend(await new SpendLedger(s.host.pluginFiles).read(), new Date()),
      // The one reader of Obsidian's Daily Notes settings in the plugin (effective-settings), validated by core.
      dailyNotesConfig: () => readCoreDailyNotes(app),
      listModels: () => listModels(modelServerOptions(app, s.data().ask)),
      testConnection: () => testConnection(modelServerOptions(app, s.data().ask)),
      lint: () => s.data().lint,
      updateLint: async (patch) => {
        await update("lint", patch);
        if (patch.repoFolder !== undefined || patch.staleAfterDays !== undefined) relint();
      },
      capture: () => s.data().capture,
      updateCapture: (patch) => update("capture", patch),
      listProjects: async () => (await import("../desktop/obsidian-capture")).listTranscriptProjects(s.data().capture),
      retentionDays: async () => (await import("../desktop/obsidian-capture")).transcriptRetentionDays(),
    }),
  );
}
