import { normalizePath, TFile, type App } from "obsidian";
import { NoteStoreError, type NoteStore, type VaultFile } from "../core/notes/note-store";

/** The NoteStore over Obsidian's vault API: create, read-modify-write through Vault.process, folders made on demand. */
export class ObsidianNoteStore implements NoteStore {
  constructor(private readonly app: App) {}

  list(): Promise<VaultFile[]> {
    return Promise.resolve(this.app.vault.getFiles().map((f) => ({ path: f.path, mtime: f.stat.mtime, size: f.stat.size })));
  }

  async read(path: string): Promise<string> {
    return this.app.vault.read(this.file(path));
  }

  async create(path: string, content: string): Promise<void> {
    const p = normalizePath(path);
    if (this.app.vault.getAbstractFileByPath(p)) throw new NoteStoreError(p, "exists", `${p} already exists.`);
    const folder = p.includes("/") ? p.slice(0, p.lastIndexOf("/")) : "";
    if (folder && !this.app.vault.getAbstractFileByPath(folder)) await this.app.vault.createFolder(folder);
    await this.app.vault.create(p, content);
  }

  async process(path: string, fn: (current: string) => string): Promise<string> {
    return this.app.vault.process(this.file(path), fn);
  }

  async remove(path: string): Promise<void> {
    const f = this.app.vault.getAbstractFileByPath(normalizePath(path));
    if (f instanceof TFile) await this.app.fileManager.trashFile(f);
  }

  exists(path: string): Promise<boolean> {
    return Promise.resolve(this.app.vault.getAbstractFileByPath(normalizePath(path)) !== null);
  }

  private file(path: string): TFile {
    const f = this.app.vault.getAbstractFileByPath(normalizePath(path));
    if (!(f instanceof TFile)) throw new NoteStoreError(path, "missing", `${path} does not exist.`);
    return f;
  }
}
