import { restoredLogState, undoCompile, type UndoOutcome } from "../compile/undo-compile";
import { knowledgePaths } from "../knowledge/knowledge-layout";
import { writesSinceLastUndo, type LoggedWrite } from "../knowledge/log-file";
import type { UndoRecord } from "../compile/write-compile";
import { err, ok, type Result } from "../result";
import type { KcHost } from "../ports/host";

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
    const remaining = await writesLeftInPlace(host, record);
    const r = await undoCompile(host.store, record, host.rules(), host.now().toISOString());
    if (!r.ok) return r;
    const restore = restoredLogState(record);
    if (restore && !journal) await host.records.setLogState(restore.logPath, restore.state);
    if (journal) await host.records.clearJournal();
    else await host.records.clearUndo();
    return ok({ ...r.value, logPath: record.logPath, op: record.op ?? "compile", interrupted: journal !== null, at: record.at, remaining });
  } finally {
    await lock.release();
  }
}

/** The writes log.md records since the last undo, without the one being undone (the last entry of its time); none when unreadable. */
async function writesLeftInPlace(host: UndoHost, record: UndoRecord): Promise<LoggedWrite[]> {
  const logPath = knowledgePaths(host.rules().knowledgeFolder).log;
  try {
    if (!(await host.store.exists(logPath))) return [];
    const at = record.at.slice(0, 19);
    const writes = writesSinceLastUndo(await host.store.read(logPath));
    const own = writes.map((w) => w.at).lastIndexOf(at);
    return own === -1 ? writes : [...writes.slice(0, own), ...writes.slice(own + 1)];
  } catch {
    return [];
  }
}

export type { UndoOutcome };
