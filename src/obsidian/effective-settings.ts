import type { App } from "obsidian";
import { readDailyNotesConfig } from "../core/knowledge/daily-notes";
import type { KnowledgeSettings } from "../core/knowledge/knowledge-settings";

/** The Daily Notes core plugin's folder and format from `<configDir>/daily-notes.json`, or null when it is not set. */
export async function readCoreDailyNotes(app: App): Promise<{ folder: string; format: string } | null> {
  const path = `${app.vault.configDir}/daily-notes.json`;
  const adapter = app.vault.adapter;
  return readDailyNotesConfig((await adapter.exists(path)) ? await adapter.read(path) : null);
}

/** Saved settings with the Daily Notes core plugin's folder and format when it is configured (it wins). */
export async function effectiveSettings(app: App, base: KnowledgeSettings): Promise<KnowledgeSettings> {
  const daily = await readCoreDailyNotes(app);
  return daily ? { ...base, dailyFolder: daily.folder, dailyFormat: daily.format } : base;
}
