import { DEFAULT_KNOWLEDGE_SETTINGS, type CompileState, type KnowledgeSettings } from "../core/knowledge/knowledge-settings";

/** What the plugin keeps in data.json: settings and a small compile state (one hash per compiled log). No API key. */
export interface PluginData {
  settings: KnowledgeSettings;
  compileState: CompileState;
}

/** Merges saved data over the defaults, keeping only known fields of the right type, so settings survive updates. */
export function mergePluginData(raw: unknown): PluginData {
  const data = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
  const saved = (typeof data.settings === "object" && data.settings !== null ? data.settings : {}) as Record<string, unknown>;
  const settings: KnowledgeSettings = { ...DEFAULT_KNOWLEDGE_SETTINGS };
  for (const key of Object.keys(DEFAULT_KNOWLEDGE_SETTINGS) as (keyof KnowledgeSettings)[]) {
    const v = saved[key];
    if (typeof v === typeof DEFAULT_KNOWLEDGE_SETTINGS[key]) (settings as unknown as Record<string, unknown>)[key] = v;
  }
  if (settings.lintScope !== "knowledge" && settings.lintScope !== "vault") settings.lintScope = "knowledge";
  if (!Number.isFinite(settings.sparseWords) || settings.sparseWords < 0) settings.sparseWords = DEFAULT_KNOWLEDGE_SETTINGS.sparseWords;
  const cs = data.compileState as { logs?: unknown } | undefined;
  const compileState: CompileState = { logs: typeof cs?.logs === "object" && cs.logs !== null ? (cs.logs as CompileState["logs"]) : {} };
  return { settings, compileState };
}
