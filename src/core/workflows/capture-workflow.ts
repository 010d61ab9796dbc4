import { distillationText, distillSession, type Distilled } from "../capture/distill-session";
import { SessionCollector, type LocalParts, type SessionDigest } from "../capture/session-digest";
import { addUsage, type LanguageModel, type TokenUsage } from "../llm/language-model";
import { appendEntries, readCaptureMarkers, renderSessionEntry } from "../capture/session-entry";
import { parseTranscriptLine } from "../capture/transcript-record";
import { dailyNotePath } from "../knowledge/daily-notes";
import type { NoteStore } from "../notes/note-store";
import { describeError } from "./commit-writes";
import { appendRefusal, type WriteRules } from "./write-rules";

/** One transcript file: a session's main file or one of its subagents' files. */
export interface TranscriptFile {
  path: string;
  sessionId: string;
  subagent: boolean;
  size: number;
  mtimeMs: number;
}

/** The port over where Claude Code keeps its transcripts (the desktop's file system; fixtures in tests). */
export interface TranscriptSource {
  list(): Promise<TranscriptFile[]>;
  /** Streams the complete lines from byte `from`; returns the byte offset after the last complete line. */
  read(path: string, from: number, onLine: (line: string) => void): Promise<number>;
  /** The project's name for a working folder: its nearest git root's folder name, else the folder's own name. */
  projectName(cwd: string): Promise<string>;
  /** Home folders, shown as `~` in what is captured. */
  homeDirs: readonly string[];
}

/** What capture remembers between runs: a byte cursor per file and the record uuids already captured. */
export interface CaptureState {
  version: 1;
  files: Record<string, number>;
  /** The last 20 hex digits of each captured record's uuid (uuids are unique across sessions and projects). */
  seen: string[];
}

/** Where capture keeps its state (a file in the plugin folder; never data.json, which stays small). */
export interface CaptureStateStore {
  load(): Promise<CaptureState>;
  save(state: CaptureState): Promise<void>;
}

/** Which sessions to capture and how. */
export interface CaptureOptions {
  /** Working folders (cwd) whose sessions are captured; "all" for every project. */
  projects: ReadonlySet<string> | "all";
  /** A new session with fewer prompts from the person is not captured (default 4). */
  minPrompts: number;
  /** A session written to within this many minutes is still live and waits (default 10). */
  idleMinutes: number;
  /** Days before this YYYY-MM-DD are not captured. */
  since?: string;
  dryRun?: boolean;
  signal?: AbortSignal;
  /** Opt-in: the model distils each day's decisions, lessons and action items (its cost is counted in the report). */
  distill?: LanguageModel;
}

/** What a capture run did. */
export interface CaptureReport {
  captured: { sessionId: string; project: string; date: string; path: string; title: string; redactions: number; text: string }[];
  skipped: { sessionId: string; reason: string }[];
  redactions: number;
  brokenLines: number;
  failed: { path: string; reason: string }[];
  /** Tokens the optional distillation used (zero when it is off). */
  usage: TokenUsage;
}

/** What the capture workflow needs from its host. */
export interface CaptureHost {
  store: NoteStore;
  rules: () => WriteRules;
  source: TranscriptSource;
  state: CaptureStateStore;
  localParts: LocalParts;
  now: () => Date;
}

const key = (uuid: string): string => uuid.replace(/-/g, "").slice(-20);

/**
 * Captures Claude Code sessions into daily logs: each idle, chosen, long-enough session is read from where the last
 * run stopped (streamed, line by line), deduplicated by record uuid, redacted, and appended as seed-000 session blocks
 * to the daily note of each local day it spans — below the person's text, never changing a byte above it. A session
 * already marked in its daily note is not captured again, whatever the state says.
 */
export async function captureSessions(host: CaptureHost, options: CaptureOptions, onProgress?: (done: number, total: number) => void): Promise<CaptureReport> {
  const report: CaptureReport = { captured: [], skipped: [], redactions: 0, brokenLines: 0, failed: [], usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 } };
  const state = await host.state.load();
  const seen = new Set(state.seen);
  const sessions = new Map<string, TranscriptFile[]>();
  for (const f of await host.source.list()) sessions.set(f.sessionId, [...(sessions.get(f.sessionId) ?? []), f]);
  const now = host.now().getTime();
  let done = 0;
  for (const [sessionId, files] of sessions) {
    onProgress?.(done++, sessions.size);
    if (options.signal?.aborted) break;
    const main = files.find((f) => !f.subagent) ?? files[0]!;
    if (files.every((f) => (state.files[f.path] ?? 0) >= f.size)) continue;
    if (files.some((f) => now - f.mtimeMs < options.idleMinutes * 60_000)) {
      report.skipped.push({ sessionId, reason: `still active (written to in the last ${options.idleMinutes} minutes)` });
      continue;
    }
    const continued = (state.files[main.path] ?? 0) > 0;
    const collector = new SessionCollector(host.localParts, (u) => seen.has(key(u)));
    const offsets: Record<string, number> = {};
    for (const f of [main, ...files.filter((x) => x !== main)]) {
      offsets[f.path] = await host.source.read(f.path, state.files[f.path] ?? 0, (line) => {
        if (line.trim() !== "") collector.add(parseTranscriptLine(line));
      });
    }
    const digest = collector.digest();
    report.brokenLines += digest.brokenLines;
    // A resumed session repeats history captured before: what is new continues it.
    const continues = continued || digest.alreadyCaptured > 0;
    const why = skipReason(digest, options, continues);
    if (why) {
      report.skipped.push({ sessionId, reason: why });
      if (why.startsWith("headless") || why.startsWith("nothing new")) commit(state, seen, offsets, digest);
      continue;
    }
    const project = await host.source.projectName(digest.cwd!);
    const ok = await writeDays(host, digest, project, continues, options, report);
    if (ok && !options.dryRun) commit(state, seen, offsets, digest);
  }
  state.seen = [...seen];
  if (!options.dryRun) await host.state.save(state);
  return report;
}

function skipReason(d: SessionDigest, o: CaptureOptions, continued: boolean): string | null {
  if (d.entrypoint?.startsWith("sdk-")) return `headless run (${d.entrypoint})`;
  if (!d.cwd) return "no working folder in the transcript";
  if (o.projects !== "all" && !o.projects.has(d.cwd)) return `project ${d.cwd} is not chosen for capture`;
  if (d.humanPrompts === 0) return continued ? "nothing new from the person" : "no prompt from the person (warm-up or empty)";
  if (!continued && d.humanPrompts < o.minPrompts) return `short session (${d.humanPrompts} prompt${d.humanPrompts === 1 ? "" : "s"}; at least ${o.minPrompts} are captured)`;
  return null;
}

function commit(state: CaptureState, seen: Set<string>, offsets: Record<string, number>, digest: SessionDigest): void {
  Object.assign(state.files, offsets);
  for (const u of digest.uuids) seen.add(key(u));
}

/** Appends the session's entries, one per local day; false when a write failed (the cursor then stays). */
async function writeDays(host: CaptureHost, digest: SessionDigest, project: string, continued: boolean, o: CaptureOptions, report: CaptureReport): Promise<boolean> {
  const rules = host.rules();
  let ok = true;
  for (const day of digest.days) {
    if (o.since && day.date < o.since) continue;
    if (day.prompts.length === 0 && day.steering.length === 0 && day.errors.length === 0 && day.commands.length === 0) continue;
    const path = dailyNotePath(day.date, rules);
    const refused = appendRefusal(path, rules);
    if (refused) {
      report.failed.push({ path, reason: refused });
      ok = false;
      continue;
    }
    let entry;
    try {
      const current = (await host.store.exists(path)) ? await host.store.read(path) : null;
      if (current !== null && readCaptureMarkers(current).some((m) => m.session === digest.sessionId && m.first === (day.firstUuid ?? "-"))) {
        report.skipped.push({ sessionId: digest.sessionId, reason: `already in ${path}` });
        continue;
      }
      // The model (opt-in) is asked only for what will be written, after the checks above.
      let distilled: Distilled | null = null;
      if (o.distill && !o.dryRun) {
        const d = await distillSession(o.distill, distillationText(day, host.source.homeDirs));
        distilled = d.distilled;
        if (d.usage) addUsage(report.usage, d.usage);
      }
      entry = renderSessionEntry(digest, day, project, continued || day !== digest.days[0], host.source.homeDirs, distilled);
      if (!o.dryRun) await appendTo(host.store, path, day.date, entry.text);
    } catch (e) {
      report.failed.push({ path, reason: describeError(e) });
      ok = false;
      continue;
    }
    report.redactions += entry.redactions;
    const title = /^### Session \(\d\d:\d\d\) - (.*)$/m.exec(entry.text)?.[1] ?? "";
    report.captured.push({ sessionId: digest.sessionId, project, date: day.date, path, title, redactions: entry.redactions, text: entry.text });
  }
  return ok;
}

/** Appends through read-modify-write and checks that every byte already there is still there. */
async function appendTo(store: NoteStore, path: string, date: string, text: string): Promise<void> {
  if (!(await store.exists(path))) {
    await store.create(path, appendEntries(null, date, [text]));
    return;
  }
  await store.process(path, (current) => {
    const next = appendEntries(current, date, [text]);
    if (!next.startsWith(current)) throw new Error(`appending to ${path} would change its text`);
    return next;
  });
}

/** The capture state's file name in the plugin folder. */
export const CAPTURE_STATE_FILE = "capture-state.json";

/** Reads a capture state file; anything unreadable is an empty state (the daily notes' markers still prevent duplicates). */
export function parseCaptureState(text: string | null): CaptureState {
  const empty: CaptureState = { version: 1, files: {}, seen: [] };
  if (text === null) return empty;
  try {
    const v = JSON.parse(text) as Partial<CaptureState> | null;
    if (!v || v.version !== 1 || typeof v.files !== "object" || v.files === null || !Array.isArray(v.seen)) return empty;
    const files = Object.fromEntries(Object.entries(v.files).filter(([, n]) => typeof n === "number" && n >= 0));
    return { version: 1, files, seen: v.seen.filter((s): s is string => typeof s === "string") };
  } catch {
    return empty;
  }
}
