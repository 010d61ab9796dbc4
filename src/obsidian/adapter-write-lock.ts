import { normalizePath, type App } from "obsidian";
import { QueueWriteLock, type WriteLock } from "../core/workflows/compile-records";

/** A lock held longer than this is stale (a compile's write takes seconds). */
const STALE_MS = 10 * 60 * 1000;

/**
 * The plugin's writer queue (one write of index.md and log.md at a time inside Obsidian) plus the lock file the CLI
 * uses in the plugin folder, so a terminal compile and an Obsidian compile of the same vault never interleave.
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
    const adapter = this.app.vault.adapter;
    const path = normalizePath(this.path);
    const deadline = Date.now() + this.waitMs;
    try {
      while (await adapter.exists(path)) {
        const held = await adapter.stat(path).catch(() => null);
        if (held && Date.now() - held.mtime > STALE_MS) break;
        if (Date.now() >= deadline) {
          await inner.release();
          return { ok: false, message: "Another compile (from the command line) is writing this vault; nothing was written. Try again when it has finished." };
        }
        await new Promise((r) => window.setTimeout(r, 100));
      }
      await adapter.write(path, JSON.stringify({ pid: "obsidian", at: new Date().toISOString() }));
    } catch {
      // The lock file is a courtesy to the CLI; the in-process queue still serialises this vault's writers.
    }
    return {
      ok: true,
      release: async () => {
        await adapter.remove(path).catch(() => undefined);
        await inner.release();
      },
    };
  }
}
