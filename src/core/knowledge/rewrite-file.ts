import type { NoteStore } from "../notes/note-store";

/** One file as it was before a write (null: the write created it) and as the write left it. */
export interface FileWrite {
  path: string;
  before: string | null;
  after: string;
}

/**
 * Read-modify-write of a plugin-owned file such as index.md or log.md: `fn` gets the current text (null when the
 * file is missing, which then creates it) and returns the new text. Returns both texts, for undo records.
 */
export async function rewriteOrCreate(store: NoteStore, path: string, fn: (current: string | null) => string): Promise<FileWrite> {
  if (!(await store.exists(path))) {
    const text = fn(null);
    await store.create(path, text);
    return { path, before: null, after: text };
  }
  let before = "";
  const after = await store.process(path, (current) => {
    before = current;
    return fn(current);
  });
  return { path, before, after };
}
