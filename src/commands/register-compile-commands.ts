import type { Plugin } from "obsidian";

/** What the compile commands call; each command body is one call. */
export interface CompileCommandActions {
  /** Today's daily note path when it exists, else null. */
  todaysLog(): string | null;
  /** The active note's path when it is a daily note, else null. */
  activeLog(): string | null;
  compile(paths: string[]): void;
  compileChanged(): void;
  /** The active note's path when it is an article with relationships, else null. */
  activeArticle(): string | null;
  revalidate(path: string): void;
  undo(): void;
}

/** Registers the compile commands, "Revalidate relationships of this article" and "Undo last compile". */
export function registerCompileCommands(plugin: Plugin, a: CompileCommandActions): void {
  plugin.addCommand({
    id: "compile-todays-log",
    name: "Compile today's log",
    checkCallback: (checking) => {
      const path = a.todaysLog();
      if (!path) return false;
      if (!checking) a.compile([path]);
      return true;
    },
  });
  plugin.addCommand({
    id: "compile-current-note",
    name: "Compile current note as a log",
    checkCallback: (checking) => {
      const path = a.activeLog();
      if (!path) return false;
      if (!checking) a.compile([path]);
      return true;
    },
  });
  plugin.addCommand({ id: "compile-changed-logs", name: "Compile all changed logs", callback: () => a.compileChanged() });
  plugin.addCommand({
    id: "revalidate-relationships",
    name: "Revalidate relationships of this article",
    checkCallback: (checking) => {
      const path = a.activeArticle();
      if (!path) return false;
      if (!checking) a.revalidate(path);
      return true;
    },
  });
  plugin.addCommand({ id: "undo-last-compile", name: "Undo last compile", callback: () => a.undo() });
}
