import { normalizePath } from "obsidian";
import { reportFolderOf } from "../core/knowledge/knowledge-layout";
import type { KnowledgeSettings } from "../core/knowledge/knowledge-settings";
import { reportFolderProblem } from "../core/workflows/write-lint-report";
import type { SettingRow } from "./setting-rows";

/** What the report folder setting reads and saves. */
export interface ReportFolderHost {
  settings(): KnowledgeSettings;
  update(patch: Partial<KnowledgeSettings>): Promise<void>;
}

/**
 * The "Lint report folder" row: empty means `<knowledge folder>/reports`; a folder outside the knowledge folder
 * (or not a plain folder) is named with the reason under the field and not saved.
 */
export function reportFolderRow(host: ReportFolderHost): SettingRow {
  return {
    name: "Lint report folder",
    desc: 'Where "Write lint report" puts the day\'s report (lint-YYYY-MM-DD.md). Inside the knowledge folder; notes there are not linted or used by Ask. Empty: <knowledge folder>/reports.',
    aliases: ["report", "lint report"],
    render: (setting) => {
      const s = host.settings();
      const problemEl = setting.descEl.createDiv({ cls: "kc-setting-error" });
      setting.addText((t) =>
        t
          .setPlaceholder(reportFolderOf({ knowledgeFolder: s.knowledgeFolder }))
          .setValue(s.reportFolder)
          .onChange(async (v) => {
            const reportFolder = v.trim() === "" ? "" : normalizePath(v.trim());
            const problem = reportFolderProblem({ ...host.settings(), reportFolder });
            problemEl.setText(problem ?? "");
            if (!problem) await host.update({ reportFolder });
          }),
      );
    },
  };
}
