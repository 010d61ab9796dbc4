import { readdir, stat } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import type { TranscriptFile, TranscriptSource } from "../core/workflows/capture-workflow";
import { FsTranscriptSource } from "./fs-transcript-source";

/**
 * One session's transcripts only: the session's own file (as a SessionEnd hook names it in transcript_path) and its
 * subagents' files beside it, so capturing the session that just ended reads nothing else.
 */
export class SessionFileTranscriptSource implements TranscriptSource {
  private readonly fs = new FsTranscriptSource([]);
  readonly homeDirs = this.fs.homeDirs;

  constructor(private readonly file: string) {}

  async list(): Promise<TranscriptFile[]> {
    const sessionId = basename(this.file).replace(/\.jsonl$/, "");
    const out: TranscriptFile[] = [];
    const main = await stat(this.file).catch(() => null);
    if (main?.isFile()) out.push({ path: this.file, sessionId, subagent: false, size: main.size, mtimeMs: main.mtimeMs });
    const sub = join(dirname(this.file), sessionId, "subagents");
    for (const name of await readdir(sub).catch(() => [] as string[])) {
      if (!name.endsWith(".jsonl")) continue;
      const s = await stat(join(sub, name)).catch(() => null);
      if (s?.isFile()) out.push({ path: join(sub, name), sessionId, subagent: true, size: s.size, mtimeMs: s.mtimeMs });
    }
    return out;
  }

  read(path: string, from: number, onLine: (line: string) => void, onTooLong?: (bytes: number) => void): Promise<number> {
    return this.fs.read(path, from, onLine, onTooLong);
  }

  projectName(cwd: string): Promise<string> {
    return this.fs.projectName(cwd);
  }
}
