import { knowledgePaths } from "../knowledge/knowledge-layout";
import { appendLogEntry, type LoggedWrite } from "../knowledge/log-file";
import { revertIndexRows } from "../knowledge/revert-index-rows";
import type { NoteStore } from "../notes/note-store";
import { err, ok, type Result } from "../result";
import { describeError } from "../notes/write-failure";
import { recordedWriteRefusal, type WriteRules } from "../knowledge/write-rules";
import type { UndoRecord } from "./write-compile";

/** What undo did: files restored or removed, and files left alone because they changed after the compile. */
export interface UndoReport {
  restored: string[];
  removed: string[];
  left: { path: string; reason: string }[];
}

/**
 * What undo did, for which operation, log and time (`at`, ISO), and the writes log.md records since the last undo that
 * stay in place (only the last write can be undone: after `compile --all`, the logs compiled before the last one).
 */
export type UndoOutcome = UndoReport & { logPath: string; op: NonNullable<UndoRecord["op"]>; interrupted: boolean; at: string; remaining: LoggedWrite[] };

/** The undo record's file name in the plugin's folder (kept out of data.json, which stays small). */
export const UNDO_FILE = "last-compile.json";

/** The write-ahead journal's file name in the plugin's folder: present only while a write runs or after it failed. */
export const JOURNAL_FILE = "write-journal.json";

/** The lock file in the plugin's folder that serialises writers of index.md and log.md across processes. */
export const LOCK_FILE = "write.lock";

/** Reads an undo record, or null when the text is not one (unreadable, another version, no file list). */
export function parseUndoRecord(text: string): UndoRecord | null {
  try {
    const v = JSON.parse(text) as Partial<UndoRecord> | null;
    const filesOk =
      Array.isArray(v?.files) &&
      v.files.every(
        (f) =>
          typeof f === "object" &&
          f !== null &&
          typeof f.path === "string" &&
          typeof f.after === "string" &&
          (f.before === null || typeof f.before === "string"),
      );
    return v && v.version === 1 && typeof v.logPath === "string" && typeof v.at === "string" && filesOk ? (v as UndoRecord) : null;
  } catch {
    return null;
  }
}

/** The compile state undo puts back for a compile's log (null state: forget it); null for any other operation. */
export function restoredLogState(record: UndoRecord): { logPath: string; state: UndoRecord["previousState"] } | null {
  return record.op === undefined || record.op === "compile" ? { logPath: record.logPath, state: record.previousState } : null;
}

/** Why an undo record must not be applied (a path the write rules refuse), or null when every path is allowed. */
export function undoRecordProblem(record: UndoRecord, rules: WriteRules): string | null {
  for (const f of record.files) {
    const refused = recordedWriteRefusal(f, record.op, rules, record.scope);
    if (refused) return `The undo record names ${JSON.stringify(f.path)} (${refused}); it was not applied and nothing was changed.`;
  }
  return null;
}

/**
 * Puts back every file one compile (or revalidation) touched, newest first: a file still exactly as the compile left it gets its
 * previous bytes back (or is removed when the compile created it); a file edited or deleted since is left alone and
 * named. log.md, being append-only, keeps the operation's entry and gets an "undo" entry after it.
 */
export async function undoCompile(store: NoteStore, record: UndoRecord, rules: WriteRules, nowIso: string): Promise<Result<UndoReport, string>> {
  const problem = undoRecordProblem(record, rules);
  if (problem) return err(problem);
  const knowledgeFolder = rules.knowledgeFolder;
  const { log: logPath, index: indexPath } = knowledgePaths(knowledgeFolder);
  const report: UndoReport = { restored: [], removed: [], left: [] };
  for (const f of [...record.files].reverse()) {
    // log.md keeps its history: a finished write's entry stays and the undo entry below follows it. Only the roll-back
    // of a write that never finished (a pending journal) takes its entry out again.
    if (f.path === logPath && record.status !== "pending") continue;
    let current: string | null;
    try {
      current = (await store.exists(f.path)) ? await store.read(f.path) : null;
    } catch (e) {
      report.left.push({ path: f.path, reason: describeError(e) });
      continue;
    }
    if (current === null) {
      if (record.status !== "pending" || f.before !== null) report.left.push({ path: f.path, reason: "deleted since the compile" });
      continue;
    }
    if (record.status === "pending" && current === f.before) continue;
    if (current !== f.after) {
      // index.md the person edited since: only this write's rows go back, if they still read as it left them.
      const rows = f.path === indexPath && record.status !== "pending" ? revertIndexRows(f.before, f.after, current) : null;
      if (rows !== null && (await restoreRows(store, f.path, current, rows, report))) continue;
      report.left.push({ path: f.path, reason: "edited since the compile" });
      continue;
    }
    try {
      if (f.before === null) {
        await store.remove(f.path);
        report.removed.push(f.path);
      } else {
        const before = f.before;
        await store.process(f.path, (now) => (now === f.after ? before : now));
        report.restored.push(f.path);
      }
    } catch (e) {
      report.left.push({ path: f.path, reason: describeError(e) });
    }
  }
  const op = record.op ?? "compile";
  if (await store.exists(logPath)) {
    const lines = [
      `Undid the ${op} of ${record.at.slice(0, 19)} (${record.logPath})`,
      ...report.restored.map((p) => `Restored: ${p}`),
      ...report.removed.map((p) => `Removed: ${p}`),
      ...report.left.map((l) => `Left as it is: ${l.path} (${l.reason})`),
    ];
    await store
      .process(logPath, (t) => appendLogEntry(t, { at: nowIso.slice(0, 19), op: "undo", title: `${op} of ${record.logPath}`, lines }))
      .catch(() => undefined);
  }
  return ok(report);
}

/** Writes index.md with this write's rows taken back, if it still reads as `current`; false when it changed meanwhile. */
async function restoreRows(store: NoteStore, path: string, current: string, reverted: string, report: UndoReport): Promise<boolean> {
  try {
    let applied = false;
    await store.process(path, (now) => {
      applied = now === current;
      return applied ? reverted : now;
    });
    if (applied) report.restored.push(path);
    return applied;
  } catch (e) {
    report.left.push({ path, reason: describeError(e) });
    return true;
  }
}
