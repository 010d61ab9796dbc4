import { DEFAULT_KNOWLEDGE_SETTINGS, type CompileState, type KnowledgeSettings } from "./knowledge-settings";
import { parseSettingsJson, validateDailyNotesConfig, validateSettings } from "./validate-settings";

/** Where a folder setting came from: a host's override (a CLI flag), the plugin's data.json, Obsidian's Daily Notes, or the default. */
export type SettingSource = "override" | "data" | "daily-notes" | "default";

/** The inputs of the merge, as each host reads them (the files' names only label the warnings). */
export interface SettingsInputs {
  /** The plugin's data.json, parsed (undefined: no file, or not readable). */
  data: unknown;
  /** The text of Obsidian's daily-notes.json (null: no file, or not readable). */
  dailyNotes: string | null;
  /** Values that win over both files (the CLI's flags). */
  overrides?: Partial<KnowledgeSettings>;
  /** How warnings name the two files. */
  files?: { data: string; dailyNotes: string };
}

/** The knowledge settings every operation uses, with what was wrong in the files and where the folders came from. */
export interface MergedSettings {
  settings: KnowledgeSettings;
  /** data.json's compile state, or null when it has one that could not be read. */
  compileState: CompileState | null;
  /** One sentence per problem in the files, naming the file and what is used instead. */
  warnings: string[];
  sources: { knowledgeFolder: SettingSource; dailyFolder: SettingSource };
}

const FILES = { data: "data.json", dailyNotes: "daily-notes.json" };

/**
 * The one merge of the settings sources, the same in the plugin and the CLI: data.json's settings (validated, bad
 * values replaced by defaults), then the Daily Notes core plugin's folder and format when it is configured (it
 * wins), then the overrides.
 */
export function mergeSettings(inputs: SettingsInputs): MergedSettings {
  const valid = validateSettings(inputs.data, (inputs.files ?? FILES).data);
  const warnings = [...valid.warnings];
  const merged = overlay(valid.settings, inputs, warnings);
  return { ...merged, compileState: valid.compileState, warnings };
}

/**
 * Settings a host already holds (data.json as it loaded and validated it, changed since in the settings tab) under
 * the same merge: the Daily Notes core plugin's folder and format win when it is configured.
 */
export function mergeHeldSettings(held: KnowledgeSettings, dailyNotes: string | null): KnowledgeSettings {
  return overlay(held, { data: undefined, dailyNotes }, []).settings;
}

/** The Daily Notes file over the plugin's settings, then the overrides, with where the folders came from. */
function overlay(plugin: KnowledgeSettings, inputs: SettingsInputs, warnings: string[]): Pick<MergedSettings, "settings" | "sources"> {
  const files = inputs.files ?? FILES;
  const overrides = inputs.overrides ?? {};
  const instead = `the plugin's daily notes setting is used ("${plugin.dailyFolder}", ${plugin.dailyFormat})`;
  const daily = validateDailyNotesConfig(parseSettingsJson(inputs.dailyNotes, files.dailyNotes, instead, warnings), files.dailyNotes, instead, warnings);
  const settings: KnowledgeSettings = { ...withDailyNotes(plugin, daily), ...overrides };
  const sources = {
    knowledgeFolder:
      overrides.knowledgeFolder !== undefined ? "override" : plugin.knowledgeFolder !== DEFAULT_KNOWLEDGE_SETTINGS.knowledgeFolder ? "data" : "default",
    dailyFolder: daily ? "daily-notes" : plugin.dailyFolder !== DEFAULT_KNOWLEDGE_SETTINGS.dailyFolder ? "data" : "default",
  } as const;
  return { settings, sources };
}

/** The Daily Notes core plugin's folder and format over the plugin's own setting (they win), when it is configured. */
export function withDailyNotes(base: KnowledgeSettings, daily: { folder: string; format: string } | null): KnowledgeSettings {
  return daily ? { ...base, dailyFolder: daily.folder, dailyFormat: daily.format } : base;
}
