import { Notice, type Plugin } from "obsidian";
import { registerLintCommands } from "../commands/register-lint-commands";
import type { PluginServices } from "../obsidian/plugin-services";
import { createLintMarks } from "./lint-marks";
import { addLintStatusBar } from "./lint-status-bar";
import { LINT_VIEW_TYPE } from "./lint-view";
import { openView } from "./open-view";
import { writeLintReportFlow } from "./write-lint-report-flow";

/** Registers lint's editor marks, commands, the editor refresh on new findings and the status bar item. */
export function registerLint(plugin: Plugin, s: PluginServices): void {
  const app = plugin.app;
  const lint = s.lint;
  plugin.registerEditorExtension(createLintMarks((path) => lint.findingsFor(path)));
  registerLintCommands(plugin, {
    openReport: () => openView(app, LINT_VIEW_TYPE),
    writeReport: () => writeLintReportFlow(app, lint),
    lintAll: async () => {
      await lint.restart();
      new Notice(`Lint: ${lint.findings().length} findings.`);
    },
    lintActiveNote: (checking) => {
      const file = app.workspace.getActiveFile();
      if (!file || file.extension !== "md") return false;
      if (!checking) new Notice(`${lint.findingsFor(file.path).length} lint findings in ${file.basename}.`);
      return true;
    },
  });
  // The marks read the findings when the editor redraws: new findings redraw every open editor.
  plugin.registerEvent(lint.on("changed", () => app.workspace.updateOptions()));
  addLintStatusBar(plugin, lint, () => void openView(app, LINT_VIEW_TYPE));
}
