/** A file in the vault as the note store lists it. Paths are vault-relative with `/` separators. */
export interface VaultFile {
  path: string;
  /** Modification time in ms since the epoch, where the store knows it without extra work (Obsidian does). */
  mtime?: number;
  size?: number;
}

/**
 * The note store port: the only way the core reads or writes vault files.
 * Implemented by ObsidianNoteStore (vault API), FsNoteStore (CLI) and InMemoryNoteStore (tests).
 */
export interface NoteStore {
  /** Every file in the vault (markdown and attachments), excluding the config folder. */
  list(): Promise<VaultFile[]>;
  /** The text of a file; rejects with NoteStoreError when missing or unreadable. */
  read(path: string): Promise<string>;
  /** Creates a new file (and its folders); fails if it exists. */
  create(path: string, content: string): Promise<void>;
  /** Read-modify-write: re-reads the file, applies fn, writes the result; returns the new text. */
  process(path: string, fn: (current: string) => string): Promise<string>;
  /** Removes a file (used by undo). */
  remove(path: string): Promise<void>;
  exists(path: string): Promise<boolean>;
}

/** Thrown by note stores for a missing or unreadable file; entry points turn it into a message. */
export class NoteStoreError extends Error {
  constructor(
    readonly path: string,
    readonly reason: "missing" | "exists" | "unreadable" | "not-text" | "refused",
    message: string,
  ) {
    super(message);
    this.name = "NoteStoreError";
  }
}
