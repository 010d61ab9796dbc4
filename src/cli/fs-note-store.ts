import { chmod, mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, sep } from "node:path";
import { NoteStoreError, type NoteStore, type VaultFile } from "../core/notes/note-store";

const SKIP_DIRS = new Set([".obsidian", ".trash", ".git", "node_modules"]);

/** Decodes bytes as strict UTF-8; null for binary (NUL bytes) or invalid UTF-8. */
export function decodeText(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** A NoteStore over a vault folder on disk: vault-relative `/` paths, atomic writes, read-modify-write `process`. */
export class FsNoteStore implements NoteStore {
  constructor(
    readonly root: string,
    private readonly configDir = ".obsidian",
  ) {}

  async list(): Promise<VaultFile[]> {
    const out: VaultFile[] = [];
    const walk = async (dir: string, rel: string): Promise<void> => {
      const entries = await readdir(dir, { withFileTypes: true });
      for (const e of entries) {
        if (e.name === this.configDir || SKIP_DIRS.has(e.name)) continue;
        const abs = join(dir, e.name);
        const path = rel === "" ? e.name : `${rel}/${e.name}`;
        if (e.isDirectory()) await walk(abs, path);
        else if (e.isFile()) {
          const s = await stat(abs);
          out.push({ path, mtime: s.mtimeMs, size: s.size });
        }
      }
    };
    await walk(this.root, "");
    return out.sort((a, b) => (a.path < b.path ? -1 : 1));
  }

  async read(path: string): Promise<string> {
    let bytes: Uint8Array;
    try {
      bytes = await readFile(this.abs(path));
    } catch {
      throw new NoteStoreError(path, "missing", `Cannot read ${path}: no such file.`);
    }
    const text = decodeText(bytes);
    if (text === null) throw new NoteStoreError(path, "not-text", `${path} is not UTF-8 text (binary or another encoding); skipped.`);
    return text;
  }

  async create(path: string, content: string): Promise<void> {
    if (await this.exists(path)) throw new NoteStoreError(path, "exists", `${path} already exists.`);
    await this.writeAtomic(path, content);
  }

  async process(path: string, fn: (current: string) => string): Promise<string> {
    const current = await this.read(path);
    const next = fn(current);
    if (next !== current) await this.writeAtomic(path, next);
    return next;
  }

  async remove(path: string): Promise<void> {
    await rm(this.abs(path), { force: true });
  }

  async exists(path: string): Promise<boolean> {
    try {
      await stat(this.abs(path));
      return true;
    } catch {
      return false;
    }
  }

  private abs(path: string): string {
    if (path.split("/").some((seg) => seg === "..")) throw new NoteStoreError(path, "unreadable", `Refusing a path outside the vault: ${path}`);
    return join(this.root, ...path.split("/"));
  }

  private async writeAtomic(path: string, content: string): Promise<void> {
    const target = this.abs(path);
    await mkdir(dirname(target), { recursive: true });
    const tmp = `${dirname(target)}${sep}.${Date.now()}-${Math.random().toString(36).slice(2)}.tmp`;
    // The replaced file keeps its permission bits (a note made read-only for others stays so, also after undo).
    const mode = await stat(target).then((s) => s.mode & 0o7777, () => null);
    await writeFile(tmp, content, mode === null ? "utf8" : { encoding: "utf8", mode });
    if (mode !== null) await chmod(tmp, mode);
    try {
      await rename(tmp, target);
    } catch (e) {
      await rm(tmp, { force: true });
      throw e;
    }
  }
}
