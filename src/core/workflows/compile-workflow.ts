import { existingArticlesFrom } from "../compile/existing-articles";
import { planCompile } from "../compile/plan-compile";
import { estimateCompile, proposeCompile, type CompileError, type CompileEstimate, type CompileOutcome } from "../compile/propose-compile";
import type { CompilePlan } from "../compile/compile-types";
import type { ExistingArticles } from "../compile/dedupe-proposal";
import type { WriteReport } from "../compile/write-compile";
import { matchDailyNote } from "../knowledge/daily-notes";
import { knowledgePaths } from "../knowledge/knowledge-layout";
import { costAt } from "../llm/cost";
import type { ModelPrice } from "../llm/models";
import type { LanguageModel } from "../llm/language-model";
import type { NoteStore } from "../notes/note-store";
import { err, ok, type Result } from "../result";
import { localDate } from "../util/local-date";
import { commitWrites, describeError } from "./commit-writes";
import type { CompileHost } from "../ports/compile-host";
import type { KcHost, ModelUnavailable } from "../ports/host";
import { stageCompile } from "./stage-compile";
import { isArticlePath, knowledgeFolderProblem } from "../knowledge/write-rules";

/** A daily log larger than this is refused before any call: it would not fit one bounded prompt. */
export const MAX_LOG_CHARS = 120_000;

export type { CompileHost } from "../ports/compile-host";

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
export async function prepareCompile(
  host: CompileHost,
  logPath: string,
  price: ModelPrice | null = host.models.planned("compile").price,
): Promise<Result<PreparedCompile, string>> {
  const rules = host.rules();
  const folderProblem = knowledgeFolderProblem(rules);
  if (folderProblem) return err(folderProblem);
  if (logPath.startsWith(`${rules.knowledgeFolder.replace(/\/+$/, "")}/`))
    return err(`${logPath} is inside the knowledge folder; only daily logs are compiled.`);
  if (matchDailyNote(logPath, rules) === null) {
    const where = `${rules.dailyFolder ? `${rules.dailyFolder}/` : ""}${rules.dailyFormat}.md`;
    return err(
      `${logPath} is not a daily note (daily notes are ${where}); only daily logs are compiled. To compile it, move it into the daily notes folder under a date name, or change the daily notes settings.`,
    );
  }
  let logText: string;
  try {
    logText = await host.store.read(logPath);
  } catch (e) {
    return err(`${logPath} cannot be compiled: ${describeError(e)}.`);
  }
  if (logText.length > MAX_LOG_CHARS) {
    return err(
      `${logPath} has ${logText.length.toLocaleString("en-US")} characters, more than the ${MAX_LOG_CHARS.toLocaleString("en-US")} one compile takes; split it into smaller daily logs. Nothing was sent.`,
    );
  }
  const plan = await planCompile({
    logPath,
    logText,
    today: localDate(host.now()),
    knowledgeFolder: rules.knowledgeFolder,
    index: host.index(),
    textOf: (p) => readText(host.store, p),
    resolve: host.resolve,
    isArticle: (p) => isArticlePath(p, rules),
  });
  return ok({ plan, estimate: estimateAt(plan, price) });
}

/** A compile's estimate at a price that may be unknown: NaN costs (shown as "cost unknown"), never another model's. */
function estimateAt(plan: CompilePlan, price: ModelPrice | null): CompileEstimate {
  const e = estimateCompile(plan, price ?? undefined);
  return price ? e : { ...e, usd: Number.NaN, maxUsd: Number.NaN };
}

/** The knowledge base's articles as validation and dedupe may find them (never notes outside it, answers, daily notes). */
export function existingArticles(host: CompileHost): ExistingArticles {
  const rules = host.rules();
  const from = knowledgePaths(rules.knowledgeFolder).index;
  return existingArticlesFrom(
    host.index().all(),
    rules.knowledgeFolder,
    (l) => host.resolve(l, from),
    (p) => isArticlePath(p, rules),
  );
}

/** Asks the model for a proposal (one retry on an invalid reply); nothing is written. */
export function proposeFor(host: CompileHost, model: LanguageModel, plan: CompilePlan, signal?: AbortSignal): Promise<Result<CompileOutcome, CompileError>> {
  return proposeCompile(model, plan, existingArticles(host), (p) => readText(host.store, p), signal);
}

/** What a proposal's calls cost at the host's prices (or the given model's; NaN at an unknown price). */
export function spentOn(host: CompileHost, outcome: CompileOutcome, price: ModelPrice | null = host.models.planned("compile").price): number {
  return costAt(outcome.usage, price);
}

/**
 * Writes the accepted files of a reviewed proposal as one unit under the host's lock (so two compiles never lose a
 * row of index.md or an entry of log.md): staged from the files as they are now, journalled, written, then the log's
 * compile state recorded. On failure nothing stays changed, or the journal says what undo must finish.
 */
export async function writeReviewed(
  host: CompileHost,
  outcome: CompileOutcome,
  accepted: ReadonlySet<string>,
  automatic: boolean,
  price: ModelPrice | null = host.models.planned("compile").price,
): Promise<Result<WriteReport, string>> {
  const lock = await host.lock.acquire();
  if (!lock.ok) return err(lock.message);
  try {
    const logPath = outcome.plan.logPath;
    const staged = await stageCompile(host.store, outcome, accepted, {
      nowIso: host.now().toISOString(),
      spentUsd: price ? spentOn(host, outcome, price) : null,
      automatic,
      previousState: host.records.logState(logPath),
    });
    if (!staged.ok) return staged;
    const committed = await commitWrites(host.store, host.rules(), host.records, staged.value.undo);
    if (!committed.ok) return committed;
    try {
      await host.records.setLogState(logPath, staged.value.state);
    } catch (e) {
      return err(
        `The articles were written, but the compile state could not be saved (${describeError(e)}); the log will look changed until it is compiled again.`,
      );
    }
    return ok({ ...staged.value, undo: committed.value });
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
  /** `spentUsd`: what the proposal's calls cost at the model's price. */
  review(outcome: CompileOutcome, prepared: PreparedCompile, spentUsd: number): Promise<ReadonlySet<string> | null>;
}

/** Progress a host may show: a log planned (before the call, with its estimate) and its proposal received. */
export interface CompileEvents {
  planned?(prepared: PreparedCompile, n: number, total: number): void;
  proposed?(outcome: CompileOutcome, spentUsd: number): void;
  /** After a write, before the next log is planned (a host without live indexing updates its index here). */
  written?(report: WriteReport): void;
}

/** What happened to one log of a compile run; `spentUsd` is at the compile model's price. */
export type LogResult =
  | { log: string; status: "failed"; message: string; error?: CompileError; outcome?: CompileOutcome; spentUsd?: number; unavailable?: ModelUnavailable }
  | { log: string; status: "not-written"; outcome: CompileOutcome; spentUsd: number }
  | { log: string; status: "written"; outcome: CompileOutcome; report: WriteReport; spentUsd: number };

/** How one compile run is driven: cancel, auto-accept (said in log.md), progress, and a voice for announced waits. */
export interface CompileRunOptions {
  signal?: AbortSignal;
  automatic?: boolean;
  events?: CompileEvents;
  onWait?: (seconds: number, reason: string) => void;
}

/**
 * The compile of one or more daily logs, the same in every host: the host's compile model (when there is none, one
 * failed result that says why, before anything is planned) → for each log, plan (bounded, with its estimate) → the
 * model's proposal (validated, one retry) → the person's review → one journalled, undoable write → compile state.
 * Logs are compiled in the order given; the run stops at the first failure or when the signal aborts.
 */
export async function compileLogs(host: KcHost, logs: readonly string[], reviewer: CompileReviewer, options: CompileRunOptions = {}): Promise<LogResult[]> {
  if (logs.length === 0) return [];
  const priced = await host.models.get("compile", options.onWait ? { onWait: options.onWait } : {});
  if (!priced.ok) return [{ log: logs[0]!, status: "failed", message: priced.error.message, unavailable: priced.error }];
  // A model without a known price has an unknown estimate and spend (NaN, shown as "cost unknown"), never another's.
  const { model, price } = priced.value;
  const results: LogResult[] = [];
  for (const [i, log] of logs.entries()) {
    if (options.signal?.aborted) break;
    const result = await compileOne(host, model, price, log, reviewer, options, [i + 1, logs.length]);
    results.push(result);
    if (result.status === "failed") break;
  }
  return results;
}

/** One log of a run: plan, approve the estimate, propose, review, write. */
async function compileOne(
  host: CompileHost,
  model: LanguageModel,
  price: ModelPrice | null,
  log: string,
  reviewer: CompileReviewer,
  options: CompileRunOptions,
  [n, total]: [number, number],
): Promise<LogResult> {
  const prepared = await prepareCompile(host, log, price);
  if (!prepared.ok) return { log, status: "failed", message: prepared.error };
  options.events?.planned?.(prepared.value, n, total);
  if (reviewer.approveEstimate && !(await reviewer.approveEstimate(prepared.value))) {
    return { log, status: "failed", message: "Cancelled before the model was asked; nothing was spent or written." };
  }
  const proposed = await proposeFor(host, model, prepared.value.plan, options.signal);
  if (!proposed.ok) return { log, status: "failed", message: proposed.error.message, error: proposed.error, spentUsd: costAt(proposed.error.usage, price) };
  const outcome = proposed.value;
  const spentUsd = spentOn(host, outcome, price);
  options.events?.proposed?.(outcome, spentUsd);
  const accepted = outcome.changes.length === 0 ? new Set<string>() : await reviewer.review(outcome, prepared.value, spentUsd);
  if (accepted === null || (accepted.size === 0 && outcome.changes.length > 0)) return { log, status: "not-written", outcome, spentUsd };
  const written = await writeReviewed(host, outcome, accepted, options.automatic ?? false, price);
  if (!written.ok) return { log, status: "failed", message: written.error, outcome, spentUsd };
  options.events?.written?.(written.value);
  return { log, status: "written", outcome, report: written.value, spentUsd };
}
