import { NoteStoreError, type NoteStore, type VaultFile } from "../../src/core/notes/note-store";

/** A NoteStore over a Map, for tests: paths are vault-relative; every write is recorded. */
export class InMemoryNoteStore implements NoteStore {
  readonly files: Map<string, string>;
  readonly writes: string[] = [];

  constructor(files: Record<string, string> = {}) {
    this.files = new Map(Object.entries(files));
  }

  list(): Promise<VaultFile[]> {
    return Promise.resolve([...this.files].map(([path, t]) => ({ path, mtime: 0, size: t.length })));
  }

  read(path: string): Promise<string> {
    const t = this.files.get(path);
    return t === undefined ? Promise.reject(new NoteStoreError(path, "missing", `${path} does not exist.`)) : Promise.resolve(t);
  }

  create(path: string, content: string): Promise<void> {
    if (this.files.has(path)) return Promise.reject(new NoteStoreError(path, "exists", `${path} already exists.`));
    this.files.set(path, content);
    this.writes.push(path);
    return Promise.resolve();
  }

  async process(path: string, fn: (current: string) => string): Promise<string> {
    const next = fn(await this.read(path));
    this.files.set(path, next);
    this.writes.push(path);
    return next;
  }

  remove(path: string): Promise<void> {
    this.files.delete(path);
    this.writes.push(path);
    return Promise.resolve();
  }

  exists(path: string): Promise<boolean> {
    return Promise.resolve(this.files.has(path));
  }
}
