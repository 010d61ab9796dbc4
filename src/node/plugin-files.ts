import { mkdir, readFile, rename, rm, rmdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { JOURNAL_FILE, LOCK_FILE, parseUndoRecord, UNDO_FILE } from "../core/compile/undo-compile";
import type { UndoRecord } from "../core/compile/write-compile";
import { PLUGIN_ID } from "./load-vault";
import process from "node:process";
import { CONFIG_DIR } from "./config-dir";

/** The plugin's own files in a vault (data.json with settings and compile state, the undo record), for the CLI. */
export class PluginFiles {
  private readonly dir: string;

  constructor(vaultRoot: string) {
    this.dir = join(vaultRoot, CONFIG_DIR, "plugins", PLUGIN_ID);
  }

  /** Records (or, with null, forgets) a log's compile state in data.json, keeping every other key as it is. */
  async setLogState(logPath: string, state: { hash: string; compiledAt: string } | null): Promise<void> {
    const file = join(this.dir, "data.json");
    const raw = await readFile(file, "utf8").catch(() => null);
    const data = raw === null ? {} : await readJson(file);
    // Never replace a data.json that could not be read: it holds the person's settings.
    if (data === null) throw new Error(`${file} is not a valid settings file, so the compile state was not saved; fix or remove it`);
    const cs = (typeof data.compileState === "object" && data.compileState !== null ? data.compileState : {}) as { logs?: Record<string, unknown> };
    const logs = typeof cs.logs === "object" && cs.logs !== null ? cs.logs : {};
    if (state) logs[logPath] = state;
    else delete logs[logPath];
    data.compileState = { ...cs, logs };
    await writeAtomic(file, `${JSON.stringify(data, null, 2)}\n`);
  }

  /** The write-ahead journal of a write that did not finish, or null. */
  async loadJournal(): Promise<UndoRecord | null> {
    try {
      return parseUndoRecord(await readFile(join(this.dir, JOURNAL_FILE), "utf8"));
    } catch {
      return null;
    }
  }

  async saveJournal(record: UndoRecord): Promise<void> {
    await writeAtomic(join(this.dir, JOURNAL_FILE), JSON.stringify(record));
  }

  async clearJournal(): Promise<void> {
    await rm(join(this.dir, JOURNAL_FILE), { force: true });
  }

  /** The path of the lock file that serialises writers of index.md and log.md. */
  lockPath(): string {
    return join(this.dir, LOCK_FILE);
  }

  async saveUndo(record: UndoRecord): Promise<void> {
    await writeAtomic(join(this.dir, UNDO_FILE), JSON.stringify(record));
  }

  /** The last compile's undo record, or null when there is none (or it is unreadable). */
  async loadUndo(): Promise<UndoRecord | null> {
    try {
      return parseUndoRecord(await readFile(join(this.dir, UNDO_FILE), "utf8"));
    } catch {
      return null;
    }
  }

  async clearUndo(): Promise<void> {
    await rm(join(this.dir, UNDO_FILE), { force: true });
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

async function readJson(path: string): Promise<Record<string, unknown> | null> {
  try {
    const v = JSON.parse(await readFile(path, "utf8")) as unknown;
    return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

async function writeAtomic(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    await writeFile(tmp, text, "utf8");
    await rename(tmp, path);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
}
