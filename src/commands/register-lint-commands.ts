import type { Plugin } from "obsidian";

/** What the lint commands call. */
export interface LintCommandTarget {
  openReport(): Promise<void>;
  lintAll(): Promise<void>;
  /** Opens the report for the active note; false when there is no markdown note open. */
  lintActiveNote(checking: boolean): boolean;
  /** Writes today's lint report note. */
  writeReport(): Promise<void>;
}

/** Registers the lint commands (stable kebab-case ids, no default hotkeys). */
export function registerLintCommands(plugin: Plugin, target: LintCommandTarget): void {
  plugin.addCommand({ id: "open-lint-report", name: "Open lint report", callback: () => void target.openReport() });
  plugin.addCommand({ id: "lint-knowledge-base", name: "Lint knowledge base", callback: () => void target.lintAll() });
  plugin.addCommand({ id: "write-lint-report", name: "Write lint report", callback: () => void target.writeReport() });
  plugin.addCommand({ id: "lint-current-note", name: "Show lint findings for the current note", checkCallback: (checking) => target.lintActiveNote(checking) });
}
