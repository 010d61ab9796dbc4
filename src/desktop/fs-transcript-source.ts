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
  const fromEnv = (env.CLAUDE_CONFIG_DIR ?? "").split(",").map((d) => d.trim()).filter(Boolean).map((d) => join(d, "projects"));
  return fromEnv.length > 0 ? fromEnv : [join(home, ".claude", "projects"), join(home, ".config", "claude", "projects")];
}

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

  /** Streams complete lines from byte `from` (optionally only the first `limit` bytes); returns the offset after the last. */
  read(path: string, from: number, onLine: (line: string) => void, limit?: number): Promise<number> {
    return new Promise((resolve, reject) => {
      let offset = from;
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const decoder = new TextDecoder("utf-8");
      const stream = createReadStream(path, { start: from, ...(limit !== undefined ? { end: from + limit - 1 } : {}) });
      stream.on("data", (chunk) => {
        const buf = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
        let start = 0;
        for (let nl = buf.indexOf(0x0a); nl !== -1; nl = buf.indexOf(0x0a, start)) {
          const piece = buf.subarray(start, nl);
          const line = pendingBytes > 0 ? Buffer.concat([...pending, piece]) : piece;
          offset += line.length + 1;
          pending = [];
          pendingBytes = 0;
          onLine(decoder.decode(line));
          start = nl + 1;
        }
        if (start < buf.length) {
          pending.push(buf.subarray(start));
          pendingBytes += buf.length - start;
        }
      });
      stream.on("error", reject);
      // A last line without its newline is still being written: it is read next time.
      stream.on("end", () => resolve(offset));
    });
  }

  async projectName(cwd: string): Promise<string> {
    for (let dir = cwd; ; dir = dirname(dir)) {
      if (await stat(join(dir, ".git")).then(() => true, () => false)) return basename(dir);
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
