import { open, readFile, rm, stat } from "node:fs/promises";
import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import type { WriteLock } from "../core/workflows/compile-records";

/** A lock older than this is stale whatever its pid says (a compile's write takes seconds, not minutes). */
const STALE_MS = 10 * 60 * 1000;

/**
 * A lock file for one vault's writers across processes (two terminals, the CLI beside Obsidian): created
 * exclusively, holding the pid and time; a lock whose process is gone or that is older than ten minutes is stale
 * and taken over. A live lock is waited for a few seconds, then reported in a sentence.
 */
export class FileWriteLock implements WriteLock {
  constructor(
    private readonly path: string,
    private readonly waitMs = 5000,
  ) {}

  async acquire(): Promise<{ ok: true; release: () => Promise<void> } | { ok: false; message: string }> {
    await mkdir(dirname(this.path), { recursive: true });
    const deadline = Date.now() + this.waitMs;
    for (;;) {
      try {
        const handle = await open(this.path, "wx");
        await handle.writeFile(JSON.stringify({ pid: process.pid, at: new Date().toISOString() }));
        await handle.close();
        return { ok: true, release: () => rm(this.path, { force: true }) };
      } catch (e) {
        if ((e as { code?: string }).code !== "EEXIST") return { ok: false, message: `The write lock ${this.path} cannot be created (${(e as { code?: string }).code ?? "error"}); nothing was written.` };
      }
      const holder = await this.holder();
      if (holder.stale) {
        await rm(this.path, { force: true });
        continue;
      }
      if (Date.now() >= deadline) {
        return { ok: false, message: `Another compile is writing this vault (process ${holder.pid ?? "unknown"}, since ${holder.at ?? "unknown"}); nothing was written. Try again when it has finished, or delete ${this.path} if no compile is running.` };
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  private async holder(): Promise<{ stale: boolean; pid?: number; at?: string }> {
    try {
      const [text, s] = await Promise.all([readFile(this.path, "utf8"), stat(this.path)]);
      const v = JSON.parse(text) as { pid?: unknown; at?: unknown };
      const pid = typeof v.pid === "number" ? v.pid : undefined;
      const at = typeof v.at === "string" ? v.at : undefined;
      if (Date.now() - s.mtimeMs > STALE_MS) return { stale: true };
      if (pid !== undefined && !isAlive(pid)) return { stale: true };
      return { stale: false, ...(pid !== undefined ? { pid } : {}), ...(at ? { at } : {}) };
    } catch {
      // Unreadable or half-written lock: treat it as held for now; its age makes it stale later.
      return { stale: false };
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
