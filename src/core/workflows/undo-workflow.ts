import { restoredLogState, undoCompile, type UndoReport } from "../compile/undo-compile";
import type { UndoRecord } from "../compile/write-compile";
import { err, ok, type Result } from "../result";
import type { KcHost } from "./host";

/** What undo did, for which operation and log. */
export type UndoOutcome = UndoReport & { logPath: string; op: NonNullable<UndoRecord["op"]>; interrupted: boolean };

/** The ports of the host bundle undo uses: the notes, the journal and undo record, the write lock, the rules, the clock. */
export type UndoHost = Pick<KcHost, "store" | "records" | "lock" | "rules" | "now">;

/**
 * Undoes the last write: first an interrupted one (its journal), else the last completed compile, revalidation or
 * file-back. Every path of the record passes the write rules before anything is touched; the log's compile state is
 * put back. Null when there is nothing to undo.
 */
export async function undoLast(host: UndoHost): Promise<Result<UndoOutcome | null, string>> {
  const lock = await host.lock.acquire();
  if (!lock.ok) return err(lock.message);
  try {
    const journal = await host.records.loadJournal();
    const record = journal ?? (await host.records.loadUndo());
    if (!record) return ok(null);
    const r = await undoCompile(host.store, record, host.rules(), host.now().toISOString());
    if (!r.ok) return r;
    const restore = restoredLogState(record);
    if (restore && !journal) await host.records.setLogState(restore.logPath, restore.state);
    if (journal) await host.records.clearJournal();
    else await host.records.clearUndo();
    return ok({ ...r.value, logPath: record.logPath, op: record.op ?? "compile", interrupted: journal !== null });
  } finally {
    await lock.release();
  }
}
