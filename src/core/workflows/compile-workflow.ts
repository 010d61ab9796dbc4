import { existingArticlesFrom } from "../compile/existing-articles";
import { planCompile } from "../compile/plan-compile";
import { estimateCompile, proposeCompile, type CompileError, type CompileEstimate, type CompileOutcome } from "../compile/propose-compile";
import type { CompilePlan } from "../compile/compile-types";
import type { ExistingArticles } from "../compile/dedupe-proposal";
import { restoredLogState, undoCompile, type UndoReport } from "../compile/undo-compile";
import { stageCompile, type WriteReport } from "../compile/write-compile";
import { matchDailyNote } from "../knowledge/daily-notes";
import { knowledgePaths } from "../knowledge/knowledge-layout";
import { estimateCost } from "../llm/cost";
import type { ModelPrice } from "../llm/models";
import type { LanguageModel } from "../llm/language-model";
import type { NoteStore } from "../notes/note-store";
import { err, ok, type Result } from "../result";
import type { ArticleIndex } from "../route/article-index";
import type { ResolveTarget } from "../route/route-question";
import { localDate } from "../util/local-date";
import { commitWrites, describeError } from "./commit-writes";
import type { CompileRecords, WriteLock } from "./compile-records";
import { isArticlePath, knowledgeFolderProblem, type WriteRules } from "./write-rules";

/** A daily log larger than this is refused before any call: it would not fit one bounded prompt. */
export const MAX_LOG_CHARS = 120_000;

/**
 * What a host (the plugin, the CLI) gives the compile workflow: its note store, where it keeps the journal, undo
 * record and compile state, its lock, the router's article index over the knowledge base, the vault's link
 * resolution, prices and a clock. The workflow does the rest, the same way in both hosts.
 */
export interface CompileHost {
  store: NoteStore;
  records: CompileRecords;
  lock: WriteLock;
  rules: () => WriteRules;
  index: () => ArticleIndex;
  resolve: ResolveTarget;
  price: ModelPrice;
  now: () => Date;
}

/** A plan with its cost estimate, ready to show before the model is called. */
export interface PreparedCompile {
  plan: CompilePlan;
  estimate: CompileEstimate;
}

/**
 * Reads a log and plans its compile (the bounded set of articles the model will be shown, and the estimate), or
 * says in a sentence why it cannot be compiled: settings that would let a compile touch daily notes, a note that is
 * not a daily note, one inside the knowledge folder, one that cannot be read, or one too large for one prompt.
 */
export async function prepareCompile(host: CompileHost, logPath: string): Promise<Result<PreparedCompile, string>> {
  const rules = host.rules();
  const folderProblem = knowledgeFolderProblem(rules);
  if (folderProblem) return err(folderProblem);
  if (logPath.startsWith(`${rules.knowledgeFolder.replace(/\/+$/, "")}/`)) return err(`${logPath} is inside the knowledge folder; only daily logs are compiled.`);
  if (matchDailyNote(logPath, rules) === null) {
    const where = `${rules.dailyFolder ? `${rules.dailyFolder}/` : ""}${rules.dailyFormat}.md`;
    return err(`${logPath} is not a daily note (daily notes are ${where}); only daily logs are compiled. To compile it, move it into the daily notes folder under a date name, or change the daily notes settings.`);
  }
  let logText: string;
  try {
    logText = await host.store.read(logPath);
  } catch (e) {
    return err(`${logPath} cannot be compiled: ${describeError(e)}.`);
  }
  if (logText.length > MAX_LOG_CHARS) {
    return err(`${logPath} has ${logText.length.toLocaleString("en-US")} characters, more than the ${MAX_LOG_CHARS.toLocaleString("en-US")} one compile takes; split it into smaller daily logs. Nothing was sent.`);
  }
  const plan = await planCompile({
    logPath, logText, today: localDate(host.now()), knowledgeFolder: rules.knowledgeFolder,
    index: host.index(), textOf: (p) => readText(host.store, p), resolve: host.resolve, isArticle: (p) => isArticlePath(p, rules),
  });
  return ok({ plan, estimate: estimateCompile(plan, host.price) });
}

/** The knowledge base's articles as validation and dedupe may find them (never notes outside it, answers, daily notes). */
export function existingArticles(host: CompileHost): ExistingArticles {
  const rules = host.rules();
  const from = knowledgePaths(rules.knowledgeFolder).index;
  return existingArticlesFrom(host.index().all(), rules.knowledgeFolder, (l) => host.resolve(l, from), (p) => isArticlePath(p, rules));
}

/** Asks the model for a proposal (one retry on an invalid reply); nothing is written. */
export function proposeFor(host: CompileHost, model: LanguageModel, plan: CompilePlan, signal?: AbortSignal): Promise<Result<CompileOutcome, CompileError>> {
  return proposeCompile(model, plan, existingArticles(host), (p) => readText(host.store, p), signal);
}

/** What a proposal's calls cost at the host's prices. */
export function spentOn(host: CompileHost, outcome: CompileOutcome): number {
  return estimateCost(outcome.usage, host.price);
}

/**
 * Writes the accepted files of a reviewed proposal as one unit under the host's lock (so two compiles never lose a
 * row of index.md or an entry of log.md): staged from the files as they are now, journalled, written, then the log's
 * compile state recorded. On failure nothing stays changed, or the journal says what undo must finish.
 */
export async function writeReviewed(host: CompileHost, outcome: CompileOutcome, accepted: ReadonlySet<string>, automatic: boolean): Promise<Result<WriteReport, string>> {
  const lock = await host.lock.acquire();
  if (!lock.ok) return err(lock.message);
  try {
    const logPath = outcome.plan.logPath;
    const staged = await stageCompile(host.store, outcome, accepted, {
      nowIso: host.now().toISOString(), spentUsd: spentOn(host, outcome), automatic, previousState: host.records.logState(logPath),
    });
    if (!staged.ok) return staged;
    const committed = await commitWrites(host.store, host.rules(), host.records, staged.value.undo);
    if (!committed.ok) return committed;
    try {
      await host.records.setLogState(logPath, staged.value.state);
    } catch (e) {
      return err(`The articles were written, but the compile state could not be saved (${describeError(e)}); the log will look changed until it is compiled again.`);
    }
    return ok({ ...staged.value, undo: committed.value });
  } finally {
    await lock.release();
  }
}

/** What undo did, for which operation and log. */
export type UndoOutcome = UndoReport & { logPath: string; op: "compile" | "revalidate" | "file-back"; interrupted: boolean };

/**
 * Undoes the last write: first an interrupted one (its journal), else the last completed compile, revalidation or
 * file-back. Every path of the record passes the write rules before anything is touched; the log's compile state is
 * put back. Null when there is nothing to undo.
 */
export async function undoLast(host: CompileHost): Promise<Result<UndoOutcome | null, string>> {
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

async function readText(store: NoteStore, path: string): Promise<string | undefined> {
  try {
    return await store.read(path);
  } catch {
    return undefined;
  }
}

/** The port through which a person accepts all, some or none of a proposal's files (null: none, nothing written). */
export interface CompileReviewer {
  /** Before the model is called: false stops the run with nothing spent (a host asks above a cost threshold). */
  approveEstimate?(prepared: PreparedCompile): Promise<boolean>;
  review(outcome: CompileOutcome, prepared: PreparedCompile): Promise<ReadonlySet<string> | null>;
}

/** Progress a host may show: a log planned (before the call, with its estimate) and its proposal received. */
export interface CompileEvents {
  planned?(prepared: PreparedCompile, n: number, total: number): void;
  proposed?(outcome: CompileOutcome): void;
  /** After a write, before the next log is planned (a host without live indexing updates its index here). */
  written?(report: WriteReport): void;
}

/** What happened to one log of a compile run. */
export type LogResult =
  | { log: string; status: "failed"; message: string; error?: CompileError; outcome?: CompileOutcome }
  | { log: string; status: "not-written"; outcome: CompileOutcome }
  | { log: string; status: "written"; outcome: CompileOutcome; report: WriteReport };

/**
 * The compile of one or more daily logs, the same in every host: plan (bounded, with its estimate) → the model's
 * proposal (validated, one retry) → the person's review → one journalled, undoable write → compile state. Logs are
 * compiled in the order given; the run stops at the first failure or when the signal aborts.
 */
export async function compileLogs(
  host: CompileHost,
  model: LanguageModel,
  logs: readonly string[],
  reviewer: CompileReviewer,
  options: { signal?: AbortSignal; automatic?: boolean; events?: CompileEvents } = {},
): Promise<LogResult[]> {
  const results: LogResult[] = [];
  for (const [i, log] of logs.entries()) {
    if (options.signal?.aborted) break;
    const prepared = await prepareCompile(host, log);
    if (!prepared.ok) {
      results.push({ log, status: "failed", message: prepared.error });
      break;
    }
    options.events?.planned?.(prepared.value, i + 1, logs.length);
    if (reviewer.approveEstimate && !(await reviewer.approveEstimate(prepared.value))) {
      results.push({ log, status: "failed", message: "Cancelled before the model was asked; nothing was spent or written." });
      break;
    }
    const proposed = await proposeFor(host, model, prepared.value.plan, options.signal);
    if (!proposed.ok) {
      results.push({ log, status: "failed", message: proposed.error.message, error: proposed.error });
      break;
    }
    const outcome = proposed.value;
    options.events?.proposed?.(outcome);
    const accepted = outcome.changes.length === 0 ? new Set<string>() : await reviewer.review(outcome, prepared.value);
    if (accepted === null || (accepted.size === 0 && outcome.changes.length > 0)) {
      results.push({ log, status: "not-written", outcome });
      continue;
    }
    const written = await writeReviewed(host, outcome, accepted, options.automatic ?? false);
    if (!written.ok) {
      results.push({ log, status: "failed", message: written.error, outcome });
      break;
    }
    options.events?.written?.(written.value);
    results.push({ log, status: "written", outcome, report: written.value });
  }
  return results;
}
