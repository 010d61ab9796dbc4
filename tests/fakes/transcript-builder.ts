// Builds synthetic Claude Code transcripts (no real data) in the shapes capture must read, and serves them through an
// in-memory TranscriptSource.
import { Buffer } from "node:buffer";
import type { TranscriptFile, TranscriptSource } from "../../src/core/workflows/capture-workflow";

let counter = 0;
const uuid = (): string => `00000000-0000-4000-8000-${String(++counter).padStart(12, "0")}`;

/** A transcript being written: records in order, with timestamps that move forward by a minute each. */
export class TranscriptBuilder {
  readonly lines: string[] = [];
  private t: number;

  constructor(
    readonly sessionId: string,
    start: string,
    private readonly common: Record<string, unknown> = { cwd: "/home/ada/code/notes-app", gitBranch: "main", entrypoint: "cli", version: "2.1.0" },
  ) {
    this.t = Date.parse(start);
  }

  private rec(fields: Record<string, unknown>, at?: string): Record<string, unknown> {
    if (at) this.t = Date.parse(at);
    else this.t += 60_000;
    const r = { ...this.common, sessionId: this.sessionId, uuid: uuid(), timestamp: new Date(this.t).toISOString(), isSidechain: false, ...fields };
    this.lines.push(JSON.stringify(r));
    return r;
  }

  prompt(text: string, extra: Record<string, unknown> = {}, at?: string): this {
    this.rec({ type: "user", message: { role: "user", content: text }, ...extra }, at);
    return this;
  }

  /** An assistant turn split over lines (one content block per line, one message id), with tool uses. */
  reply(text: string, tools: { id: string; name: string; input: Record<string, unknown> }[] = [], extra: Record<string, unknown> = {}): this {
    const id = `msg_${++counter}`;
    this.rec({
      type: "assistant",
      message: { id, role: "assistant", model: "claude-test", content: [{ type: "thinking", thinking: "private reasoning" }] },
      ...extra,
    });
    this.rec({ type: "assistant", message: { id, role: "assistant", model: "claude-test", content: [{ type: "text", text }] }, ...extra });
    for (const tool of tools)
      this.rec({ type: "assistant", message: { id, role: "assistant", model: "claude-test", content: [{ type: "tool_use", ...tool }] }, ...extra });
    return this;
  }

  result(toolUseId: string, text: string, isError = false, extra: Record<string, unknown> = {}): this {
    this.rec({
      type: "user",
      message: { role: "user", content: [{ type: "tool_result", tool_use_id: toolUseId, content: text, is_error: isError }] },
      ...extra,
    });
    return this;
  }

  raw(fields: Record<string, unknown>): this {
    this.rec(fields);
    return this;
  }

  broken(text = "{not json"): this {
    this.lines.push(text);
    return this;
  }

  text(): string {
    return `${this.lines.join("\n")}\n`;
  }
}

/** An in-memory transcript folder: path → text, with modification times. */
export class InMemoryTranscripts implements TranscriptSource {
  readonly files = new Map<string, { text: string; mtimeMs: number }>();
  readonly homeDirs = ["/home/ada"];
  reads = 0;

  put(path: string, text: string, mtimeMs = Date.parse("2026-11-01T00:00:00Z")): void {
    this.files.set(path, { text, mtimeMs });
  }

  list(): Promise<TranscriptFile[]> {
    return Promise.resolve(
      [...this.files].map(([path, f]) => {
        const sub = /\/([^/]+)\/subagents\/[^/]+\.jsonl$/.exec(path);
        const sessionId = sub ? sub[1]! : path.slice(path.lastIndexOf("/") + 1).replace(/\.jsonl$/, "");
        return { path, sessionId, subagent: sub !== null, size: Buffer.byteLength(f.text), mtimeMs: f.mtimeMs };
      }),
    );
  }

  read(path: string, from: number, onLine: (line: string) => void): Promise<number> {
    this.reads++;
    const bytes = Buffer.from(this.files.get(path)!.text);
    const end = bytes.lastIndexOf(0x0a) + 1;
    if (end <= from) return Promise.resolve(from);
    for (const l of bytes.subarray(from, end).toString("utf8").split("\n")) if (l !== "") onLine(l);
    return Promise.resolve(end);
  }

  projectName(cwd: string): Promise<string> {
    return Promise.resolve(cwd.slice(cwd.lastIndexOf("/") + 1));
  }
}
