import { describeError, WriteFailure } from "../notes/write-failure";
import type { FileWrite } from "../knowledge/rewrite-file";
import type { NoteStore } from "../notes/note-store";
import { err, ok, type Result } from "../result";
import type { UndoRecord } from "../compile/write-compile";
import type { CompileRecords } from "../ports/compile-records";
import { recordedWriteRefusal, type WriteRules } from "../knowledge/write-rules";

/**
 * Writes a set of files as one unit, from the person's point of view all or nothing:
 * every path passes the write rules first; the journal (every file's bytes before and after) is saved before the
 * first write; each file is written only if it still reads as it did when the texts were computed; on any failure
 * the files already written are put back and the journal dropped, or, if even that fails, the journal is kept so
 * undo can finish the job. On success the journal becomes the undo record. A journal already pending (a write that a
 * crash or kill cut short) is never overwritten: the write is refused until undo has put those files back, since
 * the files this write would read may be the half-written ones.
 */
export async function commitWrites(
  store: NoteStore,
  rules: WriteRules,
  records: Pick<CompileRecords, "loadJournal" | "saveJournal" | "clearJournal" | "saveUndo">,
  record: UndoRecord,
): Promise<Result<UndoRecord, string>> {
  for (const f of record.files) {
    const refused = recordedWriteRefusal(f, record.op, rules, record.scope);
    if (refused) return err(`Nothing was written: ${refused}.`);
  }
  const pending = await pendingJournalRefusal(records);
  if (pending) return err(pending);
  const files = record.files.filter((f) => f.before !== f.after);
  const journal: UndoRecord = { ...record, files, status: "pending" };
  try {
    await records.saveJournal(journal);
  } catch (e) {
    return err(`Nothing was written: the undo journal could not be saved (${describeError(e)}).`);
  }
  const done: FileWrite[] = [];
  try {
    for (const f of files) {
      await writeOne(store, f);
      done.push(f);
    }
  } catch (e) {
    const why = e instanceof WriteFailure ? e.message : describeError(e);
    const left = await rollBack(store, done);
    if (left.length === 0) {
      await records.clearJournal().catch(() => undefined);
      return err(
        `Nothing was changed: ${why}${done.length > 0 ? ` (the ${done.length} file${done.length === 1 ? "" : "s"} already written ${done.length === 1 ? "was" : "were"} put back)` : ""}.`,
      );
    }
    return err(
      `The write stopped half-way: ${why}; ${left.join(", ")} could not be put back yet. Run "Undo last compile" (kc undo) to finish putting them back.`,
    );
  }
  const complete: UndoRecord = { ...record, files };
  delete complete.status;
  try {
    await records.saveUndo(complete);
    await records.clearJournal();
  } catch {
    // The journal still describes exactly these writes, so undo works from it.
  }
  return ok(complete);
}

/** Why a write must wait for undo (a pending journal, or one that cannot be read), or null when there is none. */
async function pendingJournalRefusal(records: Pick<CompileRecords, "loadJournal">): Promise<string | null> {
  let pending: UndoRecord | null;
  try {
    pending = await records.loadJournal();
  } catch (e) {
    return `Nothing was written: the undo journal of an earlier write could not be read (${describeError(e)}); run "Undo last compile" (kc undo) or remove the journal once the files are checked.`;
  }
  if (!pending) return null;
  const what = pending.op ?? "compile";
  return `Nothing was written: an earlier ${what} (${pending.logPath}, ${pending.at}) was interrupted and its files are not put back yet. Run "Undo last compile" (kc undo) first, then try again.`;
}

/** Writes one file if it still reads as `before` (created only when still absent); else a WriteFailure. */
async function writeOne(store: NoteStore, f: FileWrite): Promise<void> {
  if (f.before === null) {
    if (await store.exists(f.path)) throw new WriteFailure(`${f.path} appeared while writing`);
    await store.create(f.path, f.after);
    return;
  }
  let changed = false;
  await store.process(f.path, (current) => {
    if (current !== f.before) {
      changed = true;
      return current;
    }
    return f.after;
  });
  if (changed) throw new WriteFailure(`${f.path} changed while writing`);
}

/** Puts back files written so far, newest first; returns the paths that could not be put back. */
async function rollBack(store: NoteStore, done: FileWrite[]): Promise<string[]> {
  const left: string[] = [];
  for (const f of [...done].reverse()) {
    try {
      if (f.before === null) await store.remove(f.path);
      else {
        const before = f.before;
        await store.process(f.path, (current) => (current === f.after ? before : current));
      }
    } catch {
      left.push(f.path);
    }
  }
  return left;
}

export { describeError, WriteFailure };
