import { distillationText, distillSession, type Distilled } from "../capture/distill-session";
import { coveredByMarkers, type NoteMarkers, type ScannedFile } from "../capture/marker-coverage";
import { readableTime, SessionCollector, type SessionDay, type SessionDigest } from "../capture/session-digest";
import { appendEntries, readCaptureMarkers, renderSessionEntry } from "../capture/session-entry";
import { parseTranscriptLine } from "../capture/transcript-record";
import { dailyNotePath } from "../knowledge/daily-notes";
import { addUsage, type LanguageModel } from "../llm/language-model";
import { NoteStoreError, type NoteStore } from "../notes/note-store";
import type { CaptureHost, CaptureOptions, CaptureReport, CaptureState, TranscriptFile } from "./capture-ports";
import { describeError } from "./commit-writes";
import { appendRefusal } from "../knowledge/write-rules";

/** What one capture run shares across its sessions: the host, the options, the report, the state as last merged. */
export interface RunContext {
  host: CaptureHost;
  options: CaptureOptions;
  report: CaptureReport;
  state: CaptureState;
  seen: Set<string>;
  /** The distillation's model, until a call of it fails (then null for the rest of the run). */
  distill: LanguageModel | null;
}

/** A failure in words: a file system error by its code, anything else by its own message. */
export function failureReason(e: unknown): string {
  const code = typeof e === "object" && e !== null ? (e as { code?: unknown }).code : undefined;
  return e instanceof Error && typeof code !== "string" && !(e instanceof NoteStoreError) ? e.message : describeError(e);
}

const key = (uuid: string): string => uuid.replace(/-/g, "").slice(-20);
const MAX_ATTEMPTS = 3;

/**
 * Captures one session (its main file and subagents' files): skipped when nothing is new or it is still live;
 * otherwise read, checked against the markers of the daily notes it touches, written under the write lock, and its
 * cursors and uuids merged into the saved state. When another capture changed those notes' markers meanwhile, the
 * session is read again, so two captures at once never append the same records.
 */
export async function captureSession(run: RunContext, sessionId: string, files: TranscriptFile[]): Promise<void> {
  const { host, options, report, state } = run;
  const main = files.find((f) => !f.subagent) ?? files[0]!;
  const ordered = [main, ...files.filter((x) => x !== main)];
  // A cursor past the end belongs to a transcript cut short or replaced: it is read again from the start.
  const cursor = (f: TranscriptFile): number => ((state.files[f.path] ?? 0) > f.size ? 0 : (state.files[f.path] ?? 0));
  if (ordered.every((f) => cursor(f) >= f.size)) return;
  if (files.some((f) => host.now().getTime() - f.mtimeMs < options.idleMinutes * 60_000)) {
    report.skipped.push({ sessionId, reason: `still active (written to in the last ${options.idleMinutes} minutes)` });
    return;
  }
  const distilled = new Map<string, Distilled | null>();
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    if (await attemptCapture(run, sessionId, ordered, cursor, distilled)) return;
  }
  report.failed.push({ path: main.path, reason: "other captures kept changing its daily notes; it is captured next time" });
}

/** One reading and writing of a session; false when the daily notes' markers changed before the lock was taken. */
async function attemptCapture(
  run: RunContext,
  sessionId: string,
  files: TranscriptFile[],
  cursor: (f: TranscriptFile) => number,
  distilled: Map<string, Distilled | null>,
): Promise<boolean> {
  const { host, options, report } = run;
  const scanned = await scanFiles(host, files, cursor);
  const notes = candidateNotes(host, scanned);
  const before = await readMarkers(host.store, notes);
  const covered = coveredByMarkers(scanned, before);
  const collector = new SessionCollector(host.localParts, (u) => run.seen.has(key(u)) || covered.uuids.has(u));
  const offsets: Record<string, number> = {};
  let longLines = 0;
  for (const f of files) {
    offsets[f.path] = await host.source.read(
      f.path,
      cursor(f),
      (line) => {
        if (line.trim() !== "") collector.add(parseTranscriptLine(line));
      },
      () => longLines++,
    );
  }
  const digest = collector.digest();
  const continues = cursor(files[0]!) > 0 || digest.alreadyCaptured > 0;
  const nothingNew = digest.uuids.length === 0 && digest.alreadyCaptured > 0 && covered.notes.length > 0;
  const why = nothingNew ? `already in ${covered.notes.join(", ")}` : skipReason(digest, options, continues);
  if (why) {
    const settled = why.startsWith("headless") || why.startsWith("nothing new") || nothingNew;
    if (settled && !options.dryRun && !(await saveUnderLock(run, files[0]!.path, offsets, digest.uuids))) return true;
    count(report, digest.brokenLines, longLines);
    report.skipped.push({ sessionId, reason: why });
    return true;
  }
  const project = await host.source.projectName(digest.cwd!);
  const plan = planDays(run, digest);
  for (const { day } of plan) await distillDay(run, day, distilled);
  const entries = plan.map(({ day, path }) => ({
    day,
    path,
    entry: renderSessionEntry(digest, day, project, continues || day !== digest.days[0], host.source.homeDirs, distilled.get(dayKey(day)) ?? null),
  }));
  if (options.dryRun) {
    count(report, digest.brokenLines, longLines);
    for (const e of entries) record(report, digest, project, e);
    return true;
  }
  const lock = await host.lock.acquire();
  if (!lock.ok) {
    report.failed.push({ path: files[0]!.path, reason: lock.message });
    return true;
  }
  try {
    if (!sameMarkers(before, await readMarkers(host.store, notes))) return false;
    count(report, digest.brokenLines, longLines);
    let ok = plan.length === countDays(digest, options);
    for (const e of entries) {
      try {
        await appendTo(host, e.path, e.day.date, e.entry.text);
        record(report, digest, project, e);
      } catch (err) {
        report.failed.push({ path: e.path, reason: failureReason(err) });
        ok = false;
      }
    }
    // A note not written keeps the cursor where it was; the markers of the notes written keep them from doubling.
    if (ok) await mergeState(run, offsets, digest.uuids);
  } finally {
    await lock.release();
  }
  return true;
}

/** The days to write (chosen, not empty), each with its note; a day whose note the rules refuse is reported. */
function planDays(run: RunContext, digest: SessionDigest): { day: SessionDay; path: string }[] {
  const rules = run.host.rules();
  const out: { day: SessionDay; path: string }[] = [];
  for (const day of wanted(digest, run.options)) {
    const path = dailyNotePath(day.date, rules);
    const refused = appendRefusal(path, rules);
    if (refused) run.report.failed.push({ path, reason: refused });
    else out.push({ day, path });
  }
  return out;
}

function wanted(digest: SessionDigest, o: CaptureOptions): SessionDay[] {
  return digest.days.filter(
    (d) => !(o.since && d.date < o.since) && (d.prompts.length > 0 || d.steering.length > 0 || d.errors.length > 0 || d.commands.length > 0),
  );
}

function countDays(digest: SessionDigest, o: CaptureOptions): number {
  return wanted(digest, o).length;
}

const dayKey = (day: SessionDay): string => `${day.date} ${day.firstUuid ?? "-"} ${day.lastUuid ?? "-"}`;

/** The model's distillation of a day (opt-in), asked once per day; the first failed call stops it for the run. */
async function distillDay(run: RunContext, day: SessionDay, distilled: Map<string, Distilled | null>): Promise<void> {
  if (!run.distill || run.options.dryRun || distilled.has(dayKey(day))) return;
  const d = await distillSession(run.distill, distillationText(day, run.host.source.homeDirs));
  distilled.set(dayKey(day), d.distilled);
  if (d.usage) addUsage(run.report.usage, d.usage);
  if (d.error) {
    run.distill = null;
    run.report.distillStopped = `the model did not answer (${d.error.message}); the rest of the run has plain entries`;
  }
}

function record(
  report: CaptureReport,
  digest: SessionDigest,
  project: string,
  e: { day: SessionDay; path: string; entry: { text: string; redactions: number; title: string } },
): void {
  report.redactions += e.entry.redactions;
  report.captured.push({
    sessionId: digest.sessionId,
    project,
    date: e.day.date,
    path: e.path,
    title: e.entry.title,
    redactions: e.entry.redactions,
    text: e.entry.text,
  });
}

function count(report: CaptureReport, broken: number, long: number): void {
  report.brokenLines += broken;
  report.longLines += long;
}

function skipReason(d: SessionDigest, o: CaptureOptions, continued: boolean): string | null {
  if (d.entrypoint?.startsWith("sdk-")) return `headless run (${d.entrypoint})`;
  if (!d.cwd) return "no working folder in the transcript";
  if (o.projects !== "all" && !o.projects.has(d.cwd)) return `project ${d.cwd} is not chosen for capture`;
  if (d.humanPrompts === 0) return continued ? "nothing new from the person" : "no prompt from the person (warm-up or empty)";
  if (!continued && d.humanPrompts < o.minPrompts)
    return `short session (${d.humanPrompts} prompt${d.humanPrompts === 1 ? "" : "s"}; at least ${o.minPrompts} are captured)`;
  return null;
}

/** The first reading: each file's record uuids and times in order (for the markers' ranges), nothing else kept. */
async function scanFiles(host: CaptureHost, files: TranscriptFile[], cursor: (f: TranscriptFile) => number): Promise<ScannedFile[]> {
  const out: ScannedFile[] = [];
  for (const f of files) {
    const records: ScannedFile["records"] = [];
    await host.source.read(f.path, cursor(f), (line) => {
      const r = parseTranscriptLine(line);
      if (r.kind !== "broken" && r.uuid) records.push({ uuid: r.uuid, time: readableTime(r.timestamp) ? Date.parse(r.timestamp) : null });
    });
    out.push({ subagent: f.subagent, records });
  }
  return out;
}

/**
 * The daily notes whose markers may hold these records: each local day they fall on, and the days on either side,
 * so a record captured under another time zone (up to a day apart) is still found.
 */
function candidateNotes(host: CaptureHost, scanned: ScannedFile[]): string[] {
  const rules = host.rules();
  const days = new Set<string>();
  for (const f of scanned) {
    for (const r of f.records) {
      if (r.time === null) continue;
      const date = host.localParts(new Date(r.time).toISOString()).date;
      if (/^\d{4}-\d{2}-\d{2}$/.test(date)) for (const d of [-1, 0, 1]) days.add(shiftDate(date, d));
    }
  }
  return [...days].sort().map((d) => dailyNotePath(d, rules));
}

function shiftDate(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

async function readMarkers(store: NoteStore, paths: string[]): Promise<NoteMarkers[]> {
  const out: NoteMarkers[] = [];
  for (const path of paths) if (await store.exists(path)) out.push({ path, markers: readCaptureMarkers(await store.read(path)) });
  return out;
}

function sameMarkers(a: NoteMarkers[], b: NoteMarkers[]): boolean {
  const text = (n: NoteMarkers[]): string => JSON.stringify(n);
  return text(a) === text(b);
}

/** Saves a skipped session's cursors under the lock; false (reported) when the lock cannot be had. */
async function saveUnderLock(run: RunContext, path: string, offsets: Record<string, number>, uuids: string[]): Promise<boolean> {
  const lock = await run.host.lock.acquire();
  if (!lock.ok) {
    run.report.failed.push({ path, reason: lock.message });
    return false;
  }
  try {
    await mergeState(run, offsets, uuids);
  } finally {
    await lock.release();
  }
  return true;
}

/** Re-reads the saved state (another capture may have saved since), adds this session's cursors and uuids, saves. */
async function mergeState(run: RunContext, offsets: Record<string, number>, uuids: string[]): Promise<void> {
  const fresh = await run.host.state.load();
  Object.assign(fresh.files, offsets);
  const seen = new Set(fresh.seen);
  for (const u of uuids) seen.add(key(u));
  fresh.seen = [...seen];
  await run.host.state.save(fresh);
  run.state.files = { ...fresh.files };
  for (const s of fresh.seen) run.seen.add(s);
}

/** Appends through read-modify-write and checks that every byte already there is still there. */
async function appendTo(host: CaptureHost, path: string, date: string, text: string): Promise<void> {
  const store = host.store;
  if (!(await store.exists(path))) {
    const refused = await host.newDailyNoteRefusal?.(path);
    if (refused) throw new NoteStoreError(path, "refused", refused);
    await store.create(path, appendEntries(null, date, [text]));
    return;
  }
  await store.process(path, (current) => {
    const next = appendEntries(current, date, [text]);
    if (!next.startsWith(current)) throw new Error(`appending to ${path} would change its text`);
    return next;
  });
}
