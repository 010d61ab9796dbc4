import { Platform } from "obsidian";
import { addNumberField } from "./number-setting";
import type { LintSettings } from "../core/settings/lint-settings";
import type { SettingRow } from "./setting-rows";

/** What the lint settings need: the settings and saving them (which re-lints). */
export interface LintSettingsHost {
  lint(): LintSettings;
  updateLint(patch: Partial<LintSettings>): Promise<void>;
}

type WholeKey = "staleAfterDays" | "driftOlderThanDays" | "driftMaxArticles" | "contradictionMaxPairs" | "contradictionMaxTokens";

/** A row of a whole number at least `min`, checked as typed: anything else is refused with a message in the row. */
function wholeRow(host: LintSettingsHost, name: string, desc: string, key: WholeKey, min: number, visible?: () => boolean): SettingRow {
  return {
    name,
    desc,
    ...(visible ? { visible } : {}),
    render: (setting) => addNumberField(setting, host.lint()[key], { min, integer: true }, (n) => host.updateLint({ [key]: n })),
  };
}

/** The lint settings beyond structure as rows: temporal decay, the code repository articles cite, the contradiction check's caps. */
export function lintSettingRows(host: LintSettingsHost): SettingRow[] {
  const desktop = (): boolean => Platform.isDesktopApp;
  return [
    wholeRow(
      host,
      "Unconfirmed after (days)",
      "An article that no compile or person has confirmed (its updated date, validated date or relationship stamps) for longer gets a suggestion. Nothing is ever deleted.",
      "staleAfterDays",
      1,
    ),
    {
      name: "Code repository folder",
      desc: "Desktop only. The repository your articles cite (`src/file.ts`, `src/file.py:Symbol`): cited files that are gone and symbols no longer defined are reported. Absolute, ~/…, or relative to the vault folder. Empty: not checked.",
      aliases: ["drift", "code", "repository"],
      visible: desktop,
      render: (setting) =>
        setting.addText((t) =>
          t
            .setPlaceholder("~/code/my-app")
            .setValue(host.lint().repoFolder)
            .onChange(async (v) => host.updateLint({ repoFolder: v.trim() })),
        ),
    },
    {
      name: "Check cited code with the model",
      desc: "Off by default. Offers a command that sends, for articles older than the days below that cite files of the repository, the citing lines and the cited files (at most 3 of 4,000 characters each) to the model, which says which statements no longer match: suggestions for review; nothing is changed.",
      aliases: ["drift"],
      visible: desktop,
      render: (setting) => setting.addToggle((t) => t.setValue(host.lint().driftModelCheck).onChange(async (v) => host.updateLint({ driftModelCheck: v }))),
    },
    wholeRow(
      host,
      "Articles older than (days)",
      "The model check of cited code looks only at articles last updated longer ago.",
      "driftOlderThanDays",
      1,
      desktop,
    ),
    wholeRow(
      host,
      "Articles per run",
      "The model check of cited code asks about at most this many articles per run (tokens: the cap below).",
      "driftMaxArticles",
      1,
      desktop,
    ),
    wholeRow(
      host,
      "Contradiction check: pairs per run",
      '"Check contradictions" asks the model about at most this many pairs of related articles per run; the rest wait for the next run.',
      "contradictionMaxPairs",
      1,
    ),
    wholeRow(
      host,
      "Contradiction check: tokens per run",
      "The most tokens (in and out) one run may use; the estimate is shown and confirmed before any call.",
      "contradictionMaxTokens",
      1000,
    ),
  ];
}
