import { Buffer, isUtf8 } from "node:buffer";
import { readdirSync, readFileSync } from "node:fs";
import { chmod, lstat, mkdir, readdir, realpath, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, sep } from "node:path";
import { NoteStoreError, type NoteStore, type VaultFile } from "../core/notes/note-store";
import process from "node:process";
import { CONFIG_DIR } from "./config-dir";
import { folderLeadsOutside, isOutside } from "../desktop/report-folder-link";

const SKIP_DIRS = new Set([CONFIG_DIR, ".trash", ".git", "node_modules"]);

/** Decodes bytes as strict UTF-8 (a byte-order mark kept, as Obsidian keeps it); null for binary (NUL bytes) or invalid UTF-8. */
export function decodeText(bytes: Uint8Array): string | null {
  if (!isUtf8(bytes)) return null;
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8");
  // Valid UTF-8 has a NUL character only where the bytes have a 0 byte; the string search is the faster of the two.
  return text.includes("\0") ? null : text;
}

/** Why a file-system path could not be read, in words (permission, a folder in the way, gone). */
function unreadable(path: string, e: unknown): NoteStoreError {
  const fields = typeof e === "object" && e !== null ? (e as { code?: unknown }) : {};
  const code = typeof fields.code === "string" ? fields.code : "";
  if (code === "ENOENT") return new NoteStoreError(path, "missing", `Cannot read ${path}: no such file.`);
  const why =
    code === "EACCES" || code === "EPERM" ? "permission denied" : code === "EISDIR" ? "it is a folder" : `the file system refused (${code || "error"})`;
  return new NoteStoreError(path, "unreadable", `Cannot read ${path}: ${why}.`);
}

// One options object for every read: given the string "utf8", Node copies its default options into a new object per
// call (~1% of a whole-vault lint).
const UTF8 = { encoding: "utf8", flag: "r" } as const;

/** A NoteStore over a vault folder on disk: vault-relative `/` paths, atomic writes, read-modify-write `process`. */
export class FsNoteStore implements NoteStore {
  constructor(
    readonly root: string,
    private readonly configDir = CONFIG_DIR,
  ) {}

  /** Folders that could not be listed during the last list() (permission denied, …), with the reason. */
  readonly unreadableFolders: { path: string; reason: string }[] = [];

  /**
   * Every file below the root, skipping the config folder, .trash, .git and node_modules. Listed synchronously (a
   * command-line run has no UI to keep responsive, and thousands of awaited calls cost more than the reading); a
   * folder that cannot be read is recorded in `unreadableFolders` and skipped, never fatal.
   */
  list(): Promise<VaultFile[]> {
    const out: VaultFile[] = [];
    this.unreadableFolders.length = 0;
    const walk = (dir: string, rel: string): void => {
      let entries;
      try {
        entries = readdirSync(dir, { withFileTypes: true });
      } catch (e) {
        this.unreadableFolders.push({
          path: rel || ".",
          reason: unreadable(rel || ".", e)
            .message.replace(/^Cannot read [^:]*: /, "")
            .replace(/\.$/, ""),
        });
        return;
      }
      for (const e of entries) {
        if (e.name === this.configDir || SKIP_DIRS.has(e.name)) continue;
        const path = rel === "" ? e.name : `${rel}/${e.name}`;
        // Joined by hand: the root is absolute and resolved, and a name has no separator (path.join normalizes each).
        if (e.isDirectory()) walk(`${dir}${sep}${e.name}`, path);
        else if (e.isFile()) out.push({ path });
      }
    };
    walk(this.root, "");
    return Promise.resolve(out.sort((a, b) => (a.path < b.path ? -1 : 1)));
  }

  read(path: string): Promise<string> {
    try {
      return Promise.resolve(this.readSync(path));
    } catch (e) {
      return Promise.reject(e instanceof Error ? e : new Error(String(e)));
    }
  }

  /** The text of a file, read synchronously (the CLI loads a vault in one tight loop); throws NoteStoreError. */
  readSync(path: string): string {
    let text: string | null;
    try {
      const abs = this.abs(path);
      // Decoded straight into a string (no Buffer per note). Invalid UTF-8 comes out as U+FFFD, so only a text holding
      // one, rare in notes, is read again as bytes to tell a real U+FFFD from bytes that are not UTF-8.
      text = readFileSync(abs, UTF8);
      if (text.includes("\ufffd")) text = decodeText(readFileSync(abs));
      else if (text.includes("\0")) text = null;
    } catch (e) {
      if (e instanceof NoteStoreError) throw e;
      throw unreadable(path, e);
    }
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
    const target = this.abs(path);
    await this.sweepTemps(dirname(target));
    await rm(target, { force: true });
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
    if (path.includes("..") && /(?:^|\/)\.\.(?:\/|$)/.test(path)) throw new NoteStoreError(path, "unreadable", `Refusing a path outside the vault: ${path}`);
    // Joined by hand: path.join's normalising cost more than reading a small note (about 8 µs a file).
    return `${this.root}${sep}${sep === "/" ? path : path.replaceAll("/", sep)}`;
  }

  /**
   * Where a write of `path` goes: the file itself, or for a symbolic link the file it leads to, so the link stays a
   * link (a daily note linked from elsewhere in the vault). A link leading outside the vault is never written through.
   */
  private async writeTarget(path: string): Promise<string> {
    const abs = this.abs(path);
    const root = await realpath(this.root);
    const outside = (real: string): boolean => isOutside(root, real);
    // A folder on the way that is a link (a report folder linked elsewhere) must not lead the write out of the vault.
    if (await folderLeadsOutside(root, dirname(abs)))
      throw new NoteStoreError(path, "refused", `${path} is in a folder that links outside the vault; nothing was written to it.`);
    const link = await lstat(abs).then(
      (s) => s.isSymbolicLink(),
      () => false,
    );
    if (!link) return abs;
    const real = await realpath(abs);
    if (real === root || outside(real)) {
      throw new NoteStoreError(path, "refused", `${path} is a link to a file outside the vault; nothing was written to it.`);
    }
    return real;
  }

  private async writeAtomic(path: string, content: string): Promise<void> {
    const target = await this.writeTarget(path);
    await mkdir(dirname(target), { recursive: true });
    await this.sweepTemps(dirname(target));
    const tmp = `${dirname(target)}${sep}.kc-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.tmp`;
    // The replaced file keeps its permission bits (a note made read-only for others stays so, also after undo).
    const mode = await stat(target).then(
      (s) => s.mode & 0o7777,
      () => null,
    );
    try {
      await writeFile(tmp, content, mode === null ? "utf8" : { encoding: "utf8", mode });
      if (mode !== null) await chmod(tmp, mode);
      await rename(tmp, target);
    } catch (e) {
      await rm(tmp, { force: true });
      throw e;
    }
  }

  private readonly swept = new Set<string>();

  /**
   * Removes, once per folder and run, the temporary files of renames that never happened: a write killed between
   * writing its temporary file and renaming it (its process is gone), or an older unnamed one over ten minutes old.
   */
  private async sweepTemps(dir: string): Promise<void> {
    if (this.swept.has(dir)) return;
    this.swept.add(dir);
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names) {
      const mine = /^\.kc-(\d+)-\d+-[a-z0-9]+\.tmp$/.exec(name);
      const old = /^\.\d{13}-[a-z0-9]+\.tmp$/.test(name);
      if (!mine && !old) continue;
      const gone = mine
        ? !isAlive(Number(mine[1]))
        : await stat(join(dir, name)).then(
            (s) => Date.now() - s.mtimeMs > 10 * 60 * 1000,
            () => false,
          );
      if (gone) await rm(join(dir, name), { force: true }).catch(() => undefined);
    }
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as { code?: string }).code === "EPERM";
  }
}
