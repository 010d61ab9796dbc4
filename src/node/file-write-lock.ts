import { randomId } from "./random-id";
import { link, mkdir, rm, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import type { WriteLock } from "../core/ports/compile-records";
import { acquireLockFile, type LockFiles } from "../core/util/lock-file";
import { GuardedFileError, guardedFolder, PRIVATE_FILE_MODE, readRegularFile } from "./guarded-file";
import process from "node:process";
import { setTimeout } from "node:timers";

/**
 * Lock-file operations on disk: a lock is written whole to a unique file, then hard-linked onto its name (atomic).
 * With `vaultRoot`, the lock's folder must lie inside that vault (see guardedFolder); a lock read is a regular file
 * only (a FIFO or link in its place is an error, never a wait).
 */
export function fsLockFiles(vaultRoot?: string): LockFiles {
  return {
    async createExclusive(path, text) {
      if (vaultRoot !== undefined) await guardedFolder(vaultRoot, dirname(path), true);
      else await mkdir(dirname(path), { recursive: true });
      const temp = `${path}.${process.pid}.${randomId()}`;
      await writeFile(temp, text, { flag: "wx", mode: PRIVATE_FILE_MODE });
      try {
        await link(temp, path);
        return true;
      } catch (e) {
        if ((e as { code?: string }).code === "EEXIST") return false;
        throw e;
      } finally {
        await rm(temp, { force: true });
      }
    },
    read: (path) => readRegularFile(path),
    remove: (path) => rm(path, { force: true }),
    isAlive,
    now: () => Date.now(),
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
  };
}

/**
 * A lock file for one vault's writers across processes (two terminals, the CLI beside Obsidian): created
 * atomically, holding the pid, time and a token; a stale lock (process gone, or older than ten minutes) is taken
 * over atomically (see acquireLockFile). A live lock is waited for a few seconds, then reported in a sentence.
 */
export class FileWriteLock implements WriteLock {
  constructor(
    private readonly path: string,
    private readonly waitMs = 5000,
    /** The vault the lock's folder must lie in (checked when given). */
    private readonly vaultRoot?: string,
  ) {}

  async acquire(): Promise<{ ok: true; release: () => Promise<void> } | { ok: false; message: string }> {
    try {
      const r = await acquireLockFile(fsLockFiles(this.vaultRoot), this.path, { pid: process.pid, token: randomId() }, this.waitMs);
      if (r.ok) return r;
      const pid = typeof r.holder.pid === "number" ? r.holder.pid : "unknown";
      const at = typeof r.holder.at === "string" ? r.holder.at : "unknown";
      return {
        ok: false,
        message: `Another compile is writing this vault (process ${pid}, since ${at}); nothing was written. Try again when it has finished, or delete ${this.path} if no compile is running.`,
      };
    } catch (e) {
      const why = e instanceof GuardedFileError ? e.message : ((e as { code?: string }).code ?? "error");
      return { ok: false, message: `The write lock ${this.path} cannot be created (${why}); nothing was written.` };
    }
  }
}

function isAlive(pid: unknown): boolean | undefined {
  if (typeof pid !== "number" || !Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as { code?: string }).code === "EPERM";
  }
}
