import type { App } from "obsidian";
import { readDailyNotesConfig } from "../core/knowledge/daily-notes";
import type { KnowledgeSettings } from "../core/knowledge/knowledge-settings";
import { mergeHeldSettings } from "../core/knowledge/merge-settings";

/** The text of `<configDir>/daily-notes.json`, or null when there is none or it cannot be read (then it configures nothing). */
export async function readDailyNotesText(app: App): Promise<string | null> {
  const path = `${app.vault.configDir}/daily-notes.json`;
  const adapter = app.vault.adapter;
  return adapter
    .exists(path)
    .then((found) => (found ? adapter.read(path) : null))
    .catch(() => null);
}

/** The Daily Notes core plugin's folder and format from `<configDir>/daily-notes.json`, or null when it is not set. */
export async function readCoreDailyNotes(app: App): Promise<{ folder: string; format: string } | null> {
  return readDailyNotesConfig(await readDailyNotesText(app));
}

/** Saved settings merged by core's one merge: the Daily Notes core plugin's folder and format win when it is configured. */
export async function effectiveSettings(app: App, base: KnowledgeSettings): Promise<KnowledgeSettings> {
  return mergeHeldSettings(base, await readDailyNotesText(app));
}
