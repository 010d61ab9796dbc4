import type { KnowledgeSettings } from "../knowledge/knowledge-settings";
import type { OperationSettings } from "../ports/host";
import type { PluginData } from "./plugin-data";

/** What a host's flags may set over the saved settings: any field left undefined keeps the person's value. */
export type SettingFlags = {
  [S in Exclude<keyof OperationSettings, "knowledge">]?: { [K in keyof OperationSettings[S]]?: OperationSettings[S][K] | undefined };
};

/** A section's saved values with the flags that were given (undefined: not given) over them. */
function over<T extends object>(saved: T, flags: { [K in keyof T]?: T[K] | undefined } | undefined): T {
  const out = { ...saved };
  for (const [key, value] of Object.entries(flags ?? {})) if (value !== undefined) (out as Record<string, unknown>)[key] = value;
  return out;
}

/**
 * The one merge of the operations' settings, the same in every host: the plugin's saved data (data.json, validated
 * by loadPluginData), the knowledge settings as the host merged them (Daily Notes' folder and format win), and the
 * flags a command was given over both. The cited-code check spends within the contradiction check's token cap (one
 * setting for both, as the plugin's settings tab says).
 */
export function operationSettings(data: PluginData, knowledge: KnowledgeSettings, flags: SettingFlags = {}): OperationSettings {
  return {
    knowledge,
    ask: over({ budget: data.ask.budget, selectWithModel: data.ask.selectWithModel }, flags.ask),
    compile: over({ confirmAboveUsd: data.compile.confirmAboveUsd }, flags.compile),
    contradictions: over({ maxPairs: data.lint.contradictionMaxPairs, maxTokens: data.lint.contradictionMaxTokens }, flags.contradictions),
    drift: over(
      { olderThanDays: data.lint.driftOlderThanDays, maxArticles: data.lint.driftMaxArticles, maxTokens: data.lint.contradictionMaxTokens },
      flags.drift,
    ),
  };
}
