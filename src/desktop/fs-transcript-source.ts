import { Buffer } from "node:buffer";
import { createReadStream } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { homedir } from "node:os";
import { basename, dirname, join } from "node:path";
import type { TranscriptFile, TranscriptSource } from "../core/workflows/capture-workflow";

/**
 * Where Claude Code keeps session transcripts: each folder of `$CLAUDE_CONFIG_DIR` (a comma-separated list) with
 * `projects/`, else `~/.claude/projects` and `~/.config/claude/projects`. Folders that do not exist are left out.
 */
export function defaultTranscriptRoots(env: Record<string, string | undefined>, home = homedir()): string[] {
  const fromEnv = (env.CLAUDE_CONFIG_DIR ?? "")
    .split(",")
    .map((d) => d.trim())
    .filter(Boolean)
    .map((d) => join(d, "projects"));
  return fromEnv.length > 0 ? fromEnv : [join(home, ".claude", "projects"), join(home, ".config", "claude", "projects")];
}

/** The longest transcript line read: longer ones (a huge pasted file, a runaway tool output) are skipped and counted. */
export const MAX_LINE_BYTES = 8 * 1024 * 1024;

/**
 * Claude Code transcripts on this computer's disk (desktop only): `<root>/<project folder>/<session>.jsonl` and
 * `<root>/<project folder>/<session>/subagents/*.jsonl`, listed two levels deep (never a recursive walk), read as a
 * stream from a byte offset with only the current line in memory. The project folder's name is never decoded (the
 * encoding is lossy): the project is the records' `cwd`.
 */
export class FsTranscriptSource implements TranscriptSource {
  readonly homeDirs: readonly string[];

  constructor(
    private readonly roots: readonly string[],
    home = homedir(),
    /** Lines longer than this (8 MB by default) are skipped unread: no prompt or reply of a session is that long. */
    private readonly maxLineBytes = MAX_LINE_BYTES,
  ) {
    this.homeDirs = [home];
  }

  async list(): Promise<TranscriptFile[]> {
    const out: TranscriptFile[] = [];
    for (const root of this.roots) {
      for (const project of await entries(root)) {
        if (!project.isDirectory()) continue;
        const dir = join(root, project.name);
        for (const e of await entries(dir)) {
          if (e.isFile() && e.name.endsWith(".jsonl")) await push(out, join(dir, e.name), e.name.slice(0, -6), false);
          else if (e.isDirectory()) {
            const sub = join(dir, e.name, "subagents");
            for (const s of await entries(sub)) if (s.isFile() && s.name.endsWith(".jsonl")) await push(out, join(sub, s.name), e.name, true);
          }
        }
      }
    }
    return out;
  }

  /**
   * Streams complete lines from byte `from` (optionally only the first `limit` bytes); returns the offset after the
   * last. A line longer than the bound is skipped as it streams: its bytes are dropped chunk by chunk, never joined or
   * decoded, and `onTooLong` is told its size.
   */
  read(path: string, from: number, onLine: (line: string) => void, onTooLong?: (bytes: number) => void, limit?: number): Promise<number> {
    return new Promise((resolve, reject) => {
      let offset = from;
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      let skipping = false;
      const decoder = new TextDecoder("utf-8");
      const stream = createReadStream(path, { start: from, ...(limit !== undefined ? { end: from + limit - 1 } : {}) });
      stream.on("data", (chunk) => {
        const buf = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
        let start = 0;
        for (let nl = buf.indexOf(0x0a); nl !== -1; nl = buf.indexOf(0x0a, start)) {
          const length = pendingBytes + nl - start;
          offset += length + 1;
          if (skipping || length > this.maxLineBytes) onTooLong?.(length);
          else onLine(decoder.decode(pendingBytes > 0 ? Buffer.concat([...pending, buf.subarray(start, nl)]) : buf.subarray(start, nl)));
          pending = [];
          pendingBytes = 0;
          skipping = false;
          start = nl + 1;
        }
        if (start < buf.length) {
          pendingBytes += buf.length - start;
          if (pendingBytes > this.maxLineBytes) {
            skipping = true;
            pending = [];
          } else pending.push(buf.subarray(start));
        }
      });
      stream.on("error", reject);
      // A last line without its newline is still being written: it is read next time.
      stream.on("end", () => resolve(offset));
    });
  }

  async projectName(cwd: string): Promise<string> {
    for (let dir = cwd; ; dir = dirname(dir)) {
      if (
        await stat(join(dir, ".git")).then(
          () => true,
          () => false,
        )
      )
        return basename(dir);
      if (dirname(dir) === dir) break;
    }
    return basename(cwd) || cwd;
  }
}

async function entries(dir: string) {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch {
    // A root that does not exist, or that cannot be read: nothing to capture there.
    return [];
  }
}

async function push(out: TranscriptFile[], path: string, sessionId: string, subagent: boolean): Promise<void> {
  const s = await stat(path).catch(() => null);
  if (s) out.push({ path, sessionId, subagent, size: s.size, mtimeMs: s.mtimeMs });
}
