import { knowledgePaths } from "../knowledge/knowledge-layout";
import { appendLogEntry } from "../knowledge/log-file";
import type { NoteStore } from "../notes/note-store";
import type { UndoRecord } from "./write-compile";

/** What undo did: files restored or removed, and files left alone because they changed after the compile. */
export interface UndoReport {
  restored: string[];
  removed: string[];
  left: { path: string; reason: string }[];
}

/** The undo record's file name in the plugin's folder (kept out of data.json, which stays small). */
export const UNDO_FILE = "last-compile.json";

/** Reads an undo record, or null when the text is not one (unreadable, another version, no file list). */
export function parseUndoRecord(text: string): UndoRecord | null {
  try {
    const v = JSON.parse(text) as Partial<UndoRecord> | null;
    return v && v.version === 1 && typeof v.logPath === "string" && typeof v.at === "string" && Array.isArray(v.files) ? (v as UndoRecord) : null;
  } catch {
    return null;
  }
}

/** The compile state undo puts back for a compile's log (null state: forget it); null for a revalidation. */
export function restoredLogState(record: UndoRecord): { logPath: string; state: UndoRecord["previousState"] } | null {
  return record.op === "revalidate" ? null : { logPath: record.logPath, state: record.previousState };
}

/**
 * Puts back every file one compile (or revalidation) touched, newest first: a file still exactly as the compile left it gets its
 * previous bytes back (or is removed when the compile created it); a file edited or deleted since is left alone and
 * named. log.md, being append-only, then gets an "undo" entry after its restored text.
 */
export async function undoCompile(store: NoteStore, record: UndoRecord, knowledgeFolder: string, nowIso: string): Promise<UndoReport> {
  const report: UndoReport = { restored: [], removed: [], left: [] };
  for (const f of [...record.files].reverse()) {
    const current = (await store.exists(f.path)) ? await store.read(f.path) : null;
    if (current === null) {
      report.left.push({ path: f.path, reason: "deleted since the compile" });
      continue;
    }
    if (current !== f.after) {
      report.left.push({ path: f.path, reason: "edited since the compile" });
      continue;
    }
    if (f.before === null) {
      await store.remove(f.path);
      report.removed.push(f.path);
    } else {
      const before = f.before;
      await store.process(f.path, (now) => (now === f.after ? before : now));
      report.restored.push(f.path);
    }
  }
  const logPath = knowledgePaths(knowledgeFolder).log;
  const op = record.op ?? "compile";
  if (await store.exists(logPath)) {
    const lines = [
      `Undid the ${op} of ${record.at.slice(0, 19)} (${record.logPath})`,
      ...report.restored.map((p) => `Restored: ${p}`),
      ...report.removed.map((p) => `Removed: ${p}`),
      ...report.left.map((l) => `Left as it is: ${l.path} (${l.reason})`),
    ];
    await store.process(logPath, (t) => appendLogEntry(t, { at: nowIso.slice(0, 19), op: "undo", title: `${op} of ${record.logPath}`, lines }));
  }
  return report;
}
