import { normalizePath, type App } from "obsidian";
import { QueueWriteLock, type WriteLock } from "../core/ports/compile-records";
import { acquireLockFile, type LockFiles } from "../core/util/lock-file";

/** Lock-file operations through the vault adapter: a lock is written to a unique file, then copied onto its name
 * (the adapter's copy refuses an existing target), so a lock file is never written over. */
export function adapterLockFiles(app: App): LockFiles {
  const adapter = app.vault.adapter;
  return {
    async createExclusive(path, text) {
      const temp = `${path}.${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
      await adapter.write(temp, text);
      try {
        if (await adapter.exists(path)) return false;
        await adapter.copy(temp, path);
        return true;
      } catch (e) {
        if (await adapter.exists(path)) return false;
        throw e;
      } finally {
        await adapter.remove(temp).catch(() => undefined);
      }
    },
    async read(path) {
      if (!(await adapter.exists(path))) return null;
      const [text, s] = await Promise.all([adapter.read(path), adapter.stat(path)]);
      return { text, mtimeMs: s?.mtime ?? 0 };
    },
    remove: async (path) => {
      if (await adapter.exists(path)) await adapter.remove(path);
    },
    isAlive: () => undefined,
    now: () => Date.now(),
    sleep: (ms) => new Promise((r) => window.setTimeout(r, ms)),
  };
}

/**
 * The plugin's writer queue (one write of index.md and log.md at a time inside Obsidian) plus the lock file the CLI
 * uses in the plugin folder, so a terminal compile and an Obsidian compile of the same vault never interleave. A stale
 * lock is taken over the same way as the CLI's (acquireLockFile: re-read under a takeover guard, never blind).
 */
export class AdapterWriteLock implements WriteLock {
  private readonly queue = new QueueWriteLock();

  constructor(
    private readonly app: App,
    private readonly path: string,
    private readonly waitMs = 5000,
  ) {}

  async acquire(): Promise<{ ok: true; release: () => Promise<void> } | { ok: false; message: string }> {
    const inner = await this.queue.acquire();
    const token = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
    let got: Awaited<ReturnType<typeof acquireLockFile>>;
    try {
      got = await acquireLockFile(adapterLockFiles(this.app), normalizePath(this.path), { pid: "obsidian", token }, this.waitMs);
    } catch {
      // The lock file is a courtesy to the CLI; the in-process queue still serialises this vault's writers.
      return inner;
    }
    if (!got.ok) {
      await inner.release();
      return { ok: false, message: "Another compile (from the command line) is writing this vault; nothing was written. Try again when it has finished." };
    }
    const file = got;
    return {
      ok: true,
      release: async () => {
        await file.release().catch(() => undefined);
        await inner.release();
      },
    };
  }
}
