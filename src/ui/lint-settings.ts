import { Platform, Setting } from "obsidian";
import type { LintSettings } from "../obsidian/lint-settings-data";

/** What the lint settings need: the settings and saving them (which re-lints). */
export interface LintSettingsHost {
  lint(): LintSettings;
  updateLint(patch: Partial<LintSettings>): Promise<void>;
}

/** A text setting that saves only a whole number at least `min`; anything else is left unsaved while the person types. */
function wholeSetting(el: HTMLElement, name: string, desc: string, value: number, min: number, save: (n: number) => Promise<void>): void {
  new Setting(el).setName(name).setDesc(desc).addText((t) => t.setValue(String(value)).onChange(async (v) => {
    const n = Number(v);
    if (v.trim() !== "" && Number.isInteger(n) && n >= min) await save(n);
  }));
}

/** The lint settings beyond structure: temporal decay, the code repository articles cite, the contradiction check's caps. */
export function renderLintSettings(el: HTMLElement, host: LintSettingsHost): void {
  const l = host.lint();
  wholeSetting(el, "Unconfirmed after (days)", "An article that no compile or person has confirmed (its updated date, validated date or relationship stamps) for longer gets a suggestion. Nothing is ever deleted.",
    l.staleAfterDays, 1, (n) => host.updateLint({ staleAfterDays: n }));
  if (Platform.isDesktopApp) {
    new Setting(el)
      .setName("Code repository folder")
      .setDesc("Desktop only. The repository your articles cite (`src/file.ts`, `src/file.py:Symbol`): cited files that are gone and symbols no longer defined are reported. Absolute, ~/…, or relative to the vault folder. Empty: not checked.")
      .addText((t) => t.setPlaceholder("~/code/my-app").setValue(l.repoFolder).onChange(async (v) => host.updateLint({ repoFolder: v.trim() })));
    new Setting(el)
      .setName("Check cited code with the model")
      .setDesc("Off by default. Offers a command that sends, for articles older than the days below that cite files of the repository, the citing lines and the cited files (at most 3 of 4,000 characters each) to the model, which says which statements no longer match: suggestions for review; nothing is changed.")
      .addToggle((t) => t.setValue(l.driftModelCheck).onChange(async (v) => host.updateLint({ driftModelCheck: v })));
    wholeSetting(el, "Articles older than (days)", "The model check of cited code looks only at articles last updated longer ago.", l.driftOlderThanDays, 1, (n) => host.updateLint({ driftOlderThanDays: n }));
    wholeSetting(el, "Articles per run", "The model check of cited code asks about at most this many articles per run (tokens: the cap below).", l.driftMaxArticles, 1, (n) => host.updateLint({ driftMaxArticles: n }));
  }
  wholeSetting(el, "Contradiction check: pairs per run", "\"Check contradictions\" asks the model about at most this many pairs of related articles per run; the rest wait for the next run.",
    l.contradictionMaxPairs, 1, (n) => host.updateLint({ contradictionMaxPairs: n }));
  wholeSetting(el, "Contradiction check: tokens per run", "The most tokens (in and out) one run may use; the estimate is shown and confirmed before any call.",
    l.contradictionMaxTokens, 1000, (n) => host.updateLint({ contradictionMaxTokens: n }));
}
