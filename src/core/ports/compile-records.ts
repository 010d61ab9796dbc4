import type { UndoRecord } from "../compile/write-compile";

/** A compile state entry: the log's content hash when it was compiled, and when. */
export type LogState = { hash: string; compiledAt: string };

/**
 * The port for what a host keeps beside the vault: the write-ahead journal of a write in progress, the undo record
 * of the last completed write, and the per-log compile state. The plugin keeps them in its folder and data.json; the
 * CLI in the same files on disk.
 */
export interface CompileRecords {
  /** The journal of a write that did not finish (crash, failed roll-back), or null. */
  loadJournal(): Promise<UndoRecord | null>;
  saveJournal(record: UndoRecord): Promise<void>;
  clearJournal(): Promise<void>;
  /** The undo record of the last completed write, or null. */
  loadUndo(): Promise<UndoRecord | null>;
  saveUndo(record: UndoRecord): Promise<void>;
  clearUndo(): Promise<void>;
  /** The compile state recorded for a log, or null. */
  logState(logPath: string): LogState | null;
  /** Records (or with null forgets) a log's compile state. */
  setLogState(logPath: string, state: LogState | null): Promise<void>;
}

/** The port that serialises writers of index.md and log.md: one at a time per vault. */
export interface WriteLock {
  /** Waits for (or fails to get) the lock; the returned function releases it. */
  acquire(): Promise<{ ok: true; release: () => Promise<void> } | { ok: false; message: string }>;
}

/** A lock for one process: writers queue behind each other (the plugin's writer queue, and tests). */
export class QueueWriteLock implements WriteLock {
  private tail: Promise<void> = Promise.resolve();

  async acquire(): Promise<{ ok: true; release: () => Promise<void> }> {
    let release!: () => void;
    const mine = new Promise<void>((r) => (release = r));
    const before = this.tail;
    this.tail = before.then(() => mine);
    await before;
    return { ok: true, release: () => Promise.resolve(release()) };
  }
}
