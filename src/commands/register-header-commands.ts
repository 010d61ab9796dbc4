import type { Plugin } from "obsidian";

/** What the header commands call; each command body is one call. */
export interface HeaderCommandActions {
  /** The active markdown note's path, else null. */
  activeNote(): string | null;
  /** The notes of the active note's folder (and its subfolders), else null. */
  activeFolderNotes(): string[] | null;
  propose(paths: string[], withModel: boolean): void;
}

/** Registers "Propose headers for this note" (offline, or with the model) and "… for the notes of this folder". */
export function registerHeaderCommands(plugin: Plugin, a: HeaderCommandActions): void {
  const add = (id: string, name: string, pathsOf: () => string[] | null, withModel: boolean): void => {
    plugin.addCommand({
      id,
      name,
      checkCallback: (checking) => {
        const paths = pathsOf();
        if (!paths || paths.length === 0) return false;
        if (!checking) a.propose(paths, withModel);
        return true;
      },
    });
  };
  const note = (): string[] | null => {
    const p = a.activeNote();
    return p ? [p] : null;
  };
  add("propose-headers-note", "Propose headers for this note", note, false);
  add("propose-headers-note-model", "Propose headers for this note with the model", note, true);
  add("propose-headers-folder", "Propose headers for the notes of this folder", () => a.activeFolderNotes(), false);
}
