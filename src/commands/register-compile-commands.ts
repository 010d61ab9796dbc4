import type { Plugin } from "obsidian";

/** What the compile commands call; each command body is one call. */
export interface CompileCommandActions {
  /** Today's daily note path when it exists, else null. */
  todaysLog(): string | null;
  /** Says that today's daily note does not exist yet (the command stays in the palette and explains). */
  noTodaysLog(): void;
  /** The active note's path when it is a daily note, else null. */
  activeLog(): string | null;
  compile(paths: string[]): void;
  compileChanged(): void;
  /** The active note's path when it is an article with relationships, else null. */
  activeArticle(): string | null;
  revalidate(path: string): void;
  undo(): void;
}

/** A command offered only while `pathOf` names a note, and run on that note. */
function addNoteCommand(plugin: Plugin, id: string, name: string, pathOf: () => string | null, run: (path: string) => void): void {
  plugin.addCommand({
    id,
    name,
    checkCallback: (checking) => {
      const path = pathOf();
      if (!path) return false;
      if (!checking) run(path);
      return true;
    },
  });
}

/** Registers the compile commands, "Revalidate relationships of this article" and "Undo last compile". */
export function registerCompileCommands(plugin: Plugin, a: CompileCommandActions): void {
  plugin.addCommand({
    id: "compile-todays-log",
    name: "Compile today's log",
    callback: () => {
      const p = a.todaysLog();
      if (p) a.compile([p]);
      else a.noTodaysLog();
    },
  });
  addNoteCommand(
    plugin,
    "compile-current-note",
    "Compile current note as a log",
    () => a.activeLog(),
    (p) => a.compile([p]),
  );
  plugin.addCommand({ id: "compile-changed-logs", name: "Compile all changed logs", callback: () => a.compileChanged() });
  addNoteCommand(
    plugin,
    "revalidate-relationships",
    "Revalidate relationships of this article",
    () => a.activeArticle(),
    (p) => a.revalidate(p),
  );
  plugin.addCommand({ id: "undo-last-compile", name: "Undo last compile", callback: () => a.undo() });
}
