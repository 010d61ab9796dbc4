import { Notice, type App } from "obsidian";
import { formatCost } from "../core/llm/cost";
import { formatUndoHeadline } from "../core/compile/format-undo";
import { describeError } from "../core/workflows/commit-writes";
import type { CompileOutcome } from "../core/compile/propose-compile";
import type { CompileService } from "../obsidian/compile-service";
import type { CompileReviewer } from "../core/workflows/compile-workflow";
import type { LogPick, SelectProblem } from "../core/workflows/select-logs-workflow";
import type { CompileCommandActions } from "../commands/register-compile-commands";
import { CompileReviewModal } from "./compile-review-modal";
import { confirmSpend } from "./confirm-spend";
import { progressNotice } from "./progress-notice";

/**
 * Compiles logs one after another: plan, model call (with progress and cancel), review, write. Each log's proposal
 * is reviewed on its own; cancelling stops the run and nothing of an unreviewed proposal is written.
 */
export async function runCompileFlow(app: App, service: CompileService, logPaths: string[], confirmAboveUsd = Infinity): Promise<void> {
  const controller = new AbortController();
  const progress = progressNotice("Compile: preparing…", () => controller.abort());
  const step = (n: number): string => (logPaths.length > 1 ? `${n}/${logPaths.length} ` : "");
  let current = 0;
  try {
    const results = await service.run(
      logPaths,
      {
        // An estimate at a model of unknown price is NaN: asked about as "cost unknown", whatever the threshold.
        approveEstimate: ({ plan, estimate }) =>
          confirmSpend(app, { calls: 1, inputTokens: estimate.inputTokens, usd: known(estimate.usd), maxUsd: known(estimate.maxUsd) }, confirmAboveUsd, {
            what: `Compiling ${plan.logPath}`,
          }),
        review: (outcome, { estimate }, spentUsd) => {
          progress.set(`Compile ${step(current)}${outcome.plan.logPath}: waiting for your review…`);
          return reviewProposal(
            app,
            outcome,
            spentUsd,
            `Estimated before the call: about ${estimate.inputTokens.toLocaleString()} input tokens, ${aboutCost(estimate.usd)} (at most ${formatCost(estimate.maxUsd)}).`,
          );
        },
      },
      {
        signal: controller.signal,
        onWait: (seconds, reason) => progress.set(`Compile: waiting ${Math.ceil(seconds)} s before trying again (${reason})…`),
        events: {
          planned: ({ plan, estimate }, n) => {
            current = n;
            progress.set(
              `Compile ${step(n)}${plan.logPath}: asking the model (${plan.shown.length} existing articles shown, about ${estimate.inputTokens.toLocaleString()} tokens, ${aboutCost(estimate.usd)})…`,
            );
          },
        },
      },
    );
    for (const r of results) {
      if (r.status === "failed") {
        const cancelled = r.error?.kind === "model" && r.error.error.kind === "aborted";
        new Notice(cancelled ? "Compile cancelled; nothing was written." : `Compile of ${r.log} failed: ${r.message}`, cancelled ? 5000 : 15000);
      } else if (r.status === "not-written") new Notice(`Nothing written for ${r.log}.`);
      else {
        const report = r.report;
        const skipped =
          report.skipped.length > 0 ? ` Skipped ${report.skipped.length}: ${report.skipped.map((s) => `${s.path} (${s.reason})`).join("; ")}.` : "";
        new Notice(
          `Compiled ${r.log}: ${report.written.length} file${report.written.length === 1 ? "" : "s"} written.${skipped} "Undo last compile" puts them back.`,
          skipped ? 15000 : 6000,
        );
      }
    }
  } catch (e) {
    new Notice(`Compile stopped: ${describeError(e)}.`, 15000);
  } finally {
    progress.done();
  }
}

/** "about $0.0123", or "cost unknown" for a model without a price. */
function aboutCost(usd: number): string {
  return Number.isFinite(usd) ? `about ${formatCost(usd)}` : formatCost(usd);
}

/** A cost, or null when it is not known (NaN: the model has no price). */
function known(usd: number): number | null {
  return Number.isFinite(usd) ? usd : null;
}

/** Opens the review of one proposal: its files with diffs, the model's notes, the estimate and what was spent. */
function reviewProposal(app: App, outcome: CompileOutcome, spentUsd: number, estimateText: string): Promise<Set<string> | null> {
  const u = outcome.usage;
  return new CompileReviewModal(app, {
    logPath: outcome.plan.logPath,
    summary: outcome.proposal.summary,
    changes: outcome.changes,
    notes: [...outcome.proposal.notes, ...outcome.problems],
    estimateText,
    spentText: `Spent: ${u.inputTokens.toLocaleString()} in + ${u.outputTokens.toLocaleString()} out tokens (${outcome.attempts} call${outcome.attempts > 1 ? "s" : ""}), ${formatCost(spentUsd)}.`,
  }).choose();
}

/** Whether the end-of-day compile should try now: on, past the hour, and not tried yet today. */
export function isAutoCompileDue(now: Date, settings: { autoCompile: boolean; autoCompileHour: number }, lastTriedDay: string | null, today: string): boolean {
  return settings.autoCompile && now.getHours() >= settings.autoCompileHour && lastTriedDay !== today;
}

/**
 * The end-of-day compile: prepares today's proposal (the model call runs and its cost is shown) and waits for a
 * click to review it; with "accept automatically" it writes everything and says so in log.md.
 */
export async function runAutoCompile(app: App, service: CompileService, logPath: string, autoAccept: boolean): Promise<void> {
  // Resolves once there is something to show: the result, or the notice that waits for a click to review.
  let shown!: () => void;
  const ready = new Promise<void>((resolve) => (shown = resolve));
  const reviewer: CompileReviewer = {
    review: (outcome, _prepared, spentUsd) => {
      if (autoAccept) return Promise.resolve(new Set(outcome.changes.map((c) => c.path)));
      return new Promise((resolve) => {
        const notice = new Notice(
          createFragment((f) => {
            f.createSpan({ text: `End-of-day compile of ${logPath} is ready (${outcome.changes.length} files, ${formatCost(spentUsd)}). ` });
            f.createEl("button", { text: "Review" }, (b) =>
              b.addEventListener("click", () => {
                notice.hide();
                void reviewProposal(app, outcome, spentUsd, "Prepared by the end-of-day compile.").then(resolve);
              }),
            );
          }),
          0,
        );
        shown();
      });
    },
  };
  const run = service.run([logPath], reviewer, { automatic: autoAccept }).then((results) => {
    for (const r of results) {
      const cost = r.outcome && r.spentUsd !== undefined ? ` (${formatCost(r.spentUsd)})` : "";
      if (r.status === "failed") new Notice(`End-of-day compile of ${logPath}${cost} failed: ${r.message}`, 15000);
      else if (r.status === "written") {
        new Notice(
          autoAccept
            ? `End-of-day compile of ${logPath}${cost}: ${r.report.written.length} files written automatically. "Undo last compile" puts them back.`
            : `Compiled ${logPath}: ${r.report.written.length} files written.`,
          10000,
        );
      }
    }
    shown();
  });
  await Promise.race([ready, run]);
}

/**
 * Compiles what core's log choice (selectLogs, as `kc compile` decides it) names for these picks, or says in a Notice
 * why nothing is compiled: `nothing` words the case where every log is compiled and unchanged since.
 */
async function compileSelected(
  app: App,
  service: CompileService,
  picks: LogPick[],
  confirmAboveUsd: number,
  nothing: (unchanged: string[]) => string,
): Promise<void> {
  const logs: string[] = [];
  const unchanged: string[] = [];
  for (const pick of picks) {
    const selected = await service.select(pick);
    if (!selected.ok) {
      new Notice(selectProblemText(selected.error, pick), 10000);
      return;
    }
    logs.push(...selected.value.logs);
    unchanged.push(...selected.value.unchanged);
  }
  if (logs.length === 0) new Notice(nothing(unchanged));
  else await runCompileFlow(app, service, logs, confirmAboveUsd);
}

/** Why a pick names nothing to compile, in the plugin's words where core's name a command-line flag. */
function selectProblemText(problem: SelectProblem, pick: LogPick): string {
  if (problem.kind === "no-note" && "file" in pick) return `Nothing compiled: ${pick.file} does not exist any more.`;
  return `Nothing compiled: ${problem.message}`;
}

/** The compile commands' actions over the service: each opens the flow above or reports in a Notice. */
export function createCompileActions(app: App, service: CompileService, confirmAboveUsd: () => number = () => Infinity): CompileCommandActions {
  return {
    todaysLog: () => {
      const p = service.todayPath();
      return service.exists(p) ? p : null;
    },
    noTodaysLog: () =>
      new Notice(`Today's daily note ${service.todayPath()} does not exist yet: write today's log first, or use "Compile all changed logs".`, 8000),
    activeLog: () => {
      const f = app.workspace.getActiveFile();
      return f && service.isDailyNote(f.path) ? f.path : null;
    },
    compile: (paths) =>
      void compileSelected(
        app,
        service,
        paths.map((file) => ({ file })),
        confirmAboveUsd(),
        (unchanged) => `${unchanged.join(", ")} is compiled and unchanged since; nothing to do.`,
      ),
    compileChanged: () => void compileSelected(app, service, [{ all: true }], confirmAboveUsd(), () => "Every daily log is compiled and unchanged."),
    activeArticle: () => {
      const f = app.workspace.getActiveFile();
      return f && service.canRevalidate(f.path) ? f.path : null;
    },
    revalidate: (path) => void runRevalidateFlow(app, service, path),
    undo: () =>
      void service.undo().then((result) => {
        if (!result.ok) {
          new Notice(result.error, 15000);
          return;
        }
        const r = result.value;
        if (!r) {
          new Notice("Nothing to undo.");
          return;
        }
        const left = r.left.length > 0 ? ` Left as they are (changed since): ${r.left.map((l) => l.path).join(", ")}.` : "";
        new Notice(`${formatUndoHeadline(r).join(" ")}${left}`, left || r.remaining.length > 0 ? 15000 : 6000);
      }),
  };
}

/** Revalidates one article's relationships: one bounded call, the same review, then the header is written. */
export async function runRevalidateFlow(app: App, service: CompileService, path: string): Promise<void> {
  const controller = new AbortController();
  const progress = progressNotice(`Revalidating the relationships of ${path}…`, () => controller.abort());
  try {
    const r = await service.revalidate(
      path,
      {
        review: async (change, { usage }) => {
          progress.done();
          const accepted = await new CompileReviewModal(app, {
            logPath: path,
            summary: "Relationships re-classified with the HIGH / MID / NONE rubric.",
            changes: [change],
            notes: [],
            estimateText: "One bounded call: this article and the header facts of the articles it points to.",
            spentText: `Spent: ${usage.inputTokens.toLocaleString()} in + ${usage.outputTokens.toLocaleString()} out tokens.`,
          }).choose();
          return !!accepted && accepted.size > 0;
        },
      },
      {
        signal: controller.signal,
        onWait: (seconds, why) => progress.set(`Revalidating ${path}: waiting ${Math.ceil(seconds)} s before trying again (${why})…`),
      },
    );
    progress.done();
    if (r.status === "refused" || r.status === "failed") new Notice(`Revalidation of ${path} failed: ${r.message}`, 15000);
    else if (r.status === "unavailable") new Notice(`Revalidation of ${path} failed: ${r.error.message}`, 15000);
    else if (r.status === "write-failed") new Notice(r.message);
    else if (r.status === "written") new Notice(`Relationships of ${path} revalidated.`);
  } finally {
    progress.done();
  }
}
