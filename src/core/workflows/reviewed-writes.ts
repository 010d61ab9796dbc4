import type { FileBackPlan } from "../ask/file-back";
import type { FileChange } from "../compile/compile-types";
import { stageRevalidation } from "../compile/revalidate";
import type { UndoRecord } from "../compile/write-compile";
import { renderIndex, upsertIndexRows } from "../knowledge/index-file";
import { knowledgePaths } from "../knowledge/knowledge-layout";
import { appendLogEntry } from "../knowledge/log-file";
import { err, ok, type Result } from "../result";
import { commitWrites, describeError } from "./commit-writes";
import { knowledgeFolderProblem } from "../knowledge/write-rules";
import type { CompileHost } from "./compile-workflow";
import { readIfExists } from "./stage-compile";

/** Host parts the smaller writes need: the store, where journals go, the lock and the rules. */
export type WriteHost = Pick<CompileHost, "store" | "records" | "lock" | "rules" | "now">;

/** Runs a staged write under the host's lock through the one write path (rules, journal, roll-back). */
async function underLock(host: WriteHost, stage: () => Promise<Result<UndoRecord, string>>): Promise<Result<UndoRecord, string>> {
  const lock = await host.lock.acquire();
  if (!lock.ok) return err(lock.message);
  try {
    const staged = await stage();
    return staged.ok ? await commitWrites(host.store, host.rules(), host.records, staged.value) : staged;
  } finally {
    await lock.release();
  }
}

/** Writes a reviewed revalidation of one article's relationships (and its log.md entry); undoable. */
export function writeRevalidationReviewed(host: WriteHost, change: FileChange): Promise<Result<UndoRecord, string>> {
  return underLock(host, () => stageRevalidation(host.store, change, host.rules().knowledgeFolder, host.now().toISOString()));
}

/** Files an answer back as a qa/ article with its index.md row and log.md entry, as one undoable write. */
export function writeFileBack(host: WriteHost, plan: FileBackPlan): Promise<Result<UndoRecord, string>> {
  return underLock(host, async () => {
    const paths = knowledgePaths(host.rules().knowledgeFolder);
    try {
      if (await host.store.exists(plan.path)) return err(`${plan.path} already exists; nothing was filed.`);
      const index = await readIfExists(host.store, paths.index);
      const log = await readIfExists(host.store, paths.log);
      return ok({
        version: 1,
        op: "file-back",
        at: host.now().toISOString(),
        logPath: plan.path,
        previousState: null,
        files: [
          { path: plan.path, before: null, after: plan.text },
          { path: paths.index, before: index, after: index === null ? renderIndex([plan.row]) : upsertIndexRows(index, [plan.row]) },
          { path: paths.log, before: log, after: appendLogEntry(log ?? "", plan.log) },
        ],
      });
    } catch (e) {
      return err(`Nothing was filed: ${describeError(e)}.`);
    }
  });
}

/**
 * Writes reviewed header proposals (each note's text before and with its header) as one undoable write, with a
 * log.md entry when the knowledge base has a log.md (a vault without one gets no knowledge folder from this). Each
 * note passes the header write rule: frontmatter only, its body byte for byte as it was.
 */
export function writeHeadersReviewed(host: WriteHost, notes: readonly { path: string; before: string; after: string }[]): Promise<Result<UndoRecord, string>> {
  return underLock(host, async () => {
    const at = host.now().toISOString();
    const label = notes.length === 1 ? notes[0]!.path : `${notes.length} notes`;
    try {
      const files: UndoRecord["files"] = notes.map((n) => ({ path: n.path, before: n.before, after: n.after }));
      const logPath = knowledgePaths(host.rules().knowledgeFolder).log;
      const log = knowledgeFolderProblem(host.rules()) === null ? await readIfExists(host.store, logPath) : null;
      if (log !== null) {
        files.push({
          path: logPath,
          before: log,
          after: appendLogEntry(log, {
            at: at.slice(0, 19),
            op: "headers",
            title: label,
            lines: notes.map((n) => `Header proposed and reviewed: [[${n.path.replace(/\.md$/i, "")}]]`),
          }),
        });
      }
      return ok({ version: 1, op: "headers", at, logPath: label, previousState: null, files });
    } catch (e) {
      return err(`Nothing was written: ${describeError(e)}.`);
    }
  });
}
