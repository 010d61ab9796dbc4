import { rmdir } from "node:fs/promises";
import { join } from "node:path";
import { JOURNAL_FILE, LOCK_FILE, parseUndoRecord, UNDO_FILE } from "../core/compile/undo-compile";
import type { UndoRecord } from "../core/compile/write-compile";
import { PLUGIN_ID } from "./load-vault";
import { CONFIG_DIR } from "./config-dir";
import { readGuardedFile, removeGuardedFile, writeGuardedFile } from "./guarded-file";

/**
 * The plugin's own files in a vault (data.json with settings and compile state, the journal, the undo record), for
 * the CLI: each read and written through the guarded writer (regular files inside the vault, private, replaced whole).
 */
export class PluginFiles {
  private readonly dir: string;

  constructor(private readonly vaultRoot: string) {
    this.dir = join(vaultRoot, CONFIG_DIR, "plugins", PLUGIN_ID);
  }

  /** Records (or, with null, forgets) a log's compile state in data.json, keeping every other key as it is. */
  async setLogState(logPath: string, state: { hash: string; compiledAt: string } | null): Promise<void> {
    const file = join(this.dir, "data.json");
    const raw = await readGuardedFile(this.vaultRoot, file);
    const data = raw === null ? {} : parseObject(raw);
    // Never replace a data.json that could not be read: it holds the person's settings.
    if (data === null) throw new Error(`${file} is not a valid settings file, so the compile state was not saved; fix or remove it`);
    const cs = (typeof data.compileState === "object" && data.compileState !== null ? data.compileState : {}) as { logs?: Record<string, unknown> };
    const logs = typeof cs.logs === "object" && cs.logs !== null ? cs.logs : {};
    if (state) logs[logPath] = state;
    else delete logs[logPath];
    data.compileState = { ...cs, logs };
    // The plugin's settings file keeps the mode it has (Obsidian made it); a new one is private.
    await writeGuardedFile(this.vaultRoot, file, `${JSON.stringify(data, null, 2)}\n`, { keepMode: true });
  }

  /** The write-ahead journal of a write that did not finish, or null. */
  async loadJournal(): Promise<UndoRecord | null> {
    return this.loadRecord(JOURNAL_FILE);
  }

  async saveJournal(record: UndoRecord): Promise<void> {
    await writeGuardedFile(this.vaultRoot, join(this.dir, JOURNAL_FILE), JSON.stringify(record));
  }

  async clearJournal(): Promise<void> {
    await removeGuardedFile(this.vaultRoot, join(this.dir, JOURNAL_FILE));
  }

  /** The path of the lock file that serialises writers of index.md and log.md. */
  lockPath(): string {
    return join(this.dir, LOCK_FILE);
  }

  async saveUndo(record: UndoRecord): Promise<void> {
    await writeGuardedFile(this.vaultRoot, join(this.dir, UNDO_FILE), JSON.stringify(record));
  }

  /** The last compile's undo record, or null when there is none (or it is unreadable). */
  async loadUndo(): Promise<UndoRecord | null> {
    return this.loadRecord(UNDO_FILE);
  }

  async clearUndo(): Promise<void> {
    await removeGuardedFile(this.vaultRoot, join(this.dir, UNDO_FILE));
  }

  private async loadRecord(name: string): Promise<UndoRecord | null> {
    try {
      const text = await readGuardedFile(this.vaultRoot, join(this.dir, name));
      return text === null ? null : parseUndoRecord(text);
    } catch {
      return null;
    }
  }
}

/**
 * Removes the plugin's folder when nothing is left in it (an undo took back the last write), then the config folder's
 * plugins/ folder and the config folder itself when those are empty too, so a write and its undo leave no trace in a
 * folder that had none. Only empty folders go (rmdir refuses any other, and a symlink); Obsidian never leaves its
 * config folder empty, so an empty one is what kc made.
 */
export async function removeEmptyPluginFolders(vaultRoot: string): Promise<void> {
  const config = join(vaultRoot, CONFIG_DIR);
  for (const dir of [join(config, "plugins", PLUGIN_ID), join(config, "plugins"), config]) {
    if (
      !(await rmdir(dir).then(
        () => true,
        () => false,
      ))
    )
      return;
  }
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const v = JSON.parse(text) as unknown;
    return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
