import { Notice, type App } from "obsidian";
import { formatCost } from "../core/llm/cost";
import { describeError } from "../core/workflows/commit-writes";
import type { CompileOutcome } from "../core/compile/propose-compile";
import type { CompileService } from "../obsidian/compile-service";
import type { CompileCommandActions } from "../commands/register-compile-commands";
import { CompileReviewModal } from "./compile-review-modal";

/** A Notice that stays while work runs, with a Cancel button; `done` hides it. */
function progressNotice(text: string, onCancel: () => void): { set(text: string): void; done(): void } {
  const notice = new Notice(text, 0);
  const render = (t: string): void => {
    notice.setMessage(createFragment((f) => {
      f.createSpan({ text: t });
      f.createEl("button", { text: "Cancel", cls: "kc-notice-cancel" }, (b) => b.addEventListener("click", (e) => {
        e.stopPropagation();
        onCancel();
      }));
    }));
  };
  render(text);
  return { set: render, done: () => notice.hide() };
}

/**
 * Compiles logs one after another: plan, model call (with progress and cancel), review, write. Each log's proposal
 * is reviewed on its own; cancelling stops the run and nothing of an unreviewed proposal is written.
 */
export async function runCompileFlow(app: App, service: CompileService, logPaths: string[]): Promise<void> {
  const controller = new AbortController();
  const progress = progressNotice("Compile: preparing…", () => controller.abort());
  try {
    for (const [i, logPath] of logPaths.entries()) {
      if (controller.signal.aborted) break;
      const step = logPaths.length > 1 ? `${i + 1}/${logPaths.length} ` : "";
      const prepared = await service.prepare(logPath);
      if (!prepared.ok) {
        new Notice(`Compile of ${logPath}: ${prepared.error}`, 15000);
        break;
      }
      const { plan, estimate } = prepared.value;
      progress.set(`Compile ${step}${logPath}: asking the model (${plan.shown.length} existing articles shown, about ${estimate.inputTokens.toLocaleString()} tokens, about ${formatCost(estimate.usd)})…`);
      const result = await service.propose(plan, controller.signal);
      if (!result.ok) {
        const e = result.error;
        if (e.kind === "model" && e.error.kind === "aborted") new Notice("Compile cancelled; nothing was written.");
        else new Notice(`Compile of ${logPath} failed: ${e.message}`, 15000);
        break;
      }
      const outcome = result.value;
      progress.set(`Compile ${step}${logPath}: waiting for your review…`);
      const accepted = await reviewProposal(app, service, outcome,
        `Estimated before the call: about ${estimate.inputTokens.toLocaleString()} input tokens, about ${formatCost(estimate.usd)} (at most ${formatCost(estimate.maxUsd)}).`);
      if (accepted === null) {
        new Notice(`Nothing written for ${logPath}.`);
        continue;
      }
      const written = await service.write(outcome, accepted, false);
      if (!written.ok) {
        new Notice(`Compile of ${logPath}: ${written.error}`, 15000);
        break;
      }
      const report = written.value;
      const skipped = report.skipped.length > 0 ? ` Skipped ${report.skipped.length}: ${report.skipped.map((s) => `${s.path} (${s.reason})`).join("; ")}.` : "";
      new Notice(`Compiled ${logPath}: ${report.written.length} file${report.written.length === 1 ? "" : "s"} written.${skipped} "Undo last compile" puts them back.`, skipped ? 15000 : 6000);
    }
  } catch (e) {
    new Notice(`Compile stopped: ${describeError(e)}.`, 15000);
  } finally {
    progress.done();
  }
}

/** Opens the review of one proposal: its files with diffs, the model's notes, the estimate and what was spent. */
function reviewProposal(app: App, service: CompileService, outcome: CompileOutcome, estimateText: string): Promise<Set<string> | null> {
  const u = outcome.usage;
  return new CompileReviewModal(app, {
    logPath: outcome.plan.logPath,
    summary: outcome.proposal.summary,
    changes: outcome.changes,
    notes: [...outcome.proposal.notes, ...outcome.problems],
    estimateText,
    spentText: `Spent: ${u.inputTokens.toLocaleString()} in + ${u.outputTokens.toLocaleString()} out tokens (${outcome.attempts} call${outcome.attempts > 1 ? "s" : ""}), ${formatCost(service.spent(outcome))}.`,
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
  const prepared = await service.prepare(logPath);
  if (!prepared.ok) {
    new Notice(`End-of-day compile of ${logPath}: ${prepared.error}`, 15000);
    return;
  }
  const result = await service.propose(prepared.value.plan, new AbortController().signal);
  if (!result.ok) {
    new Notice(`End-of-day compile of ${logPath} failed: ${result.error.message}`, 15000);
    return;
  }
  const outcome = result.value;
  const cost = formatCost(service.spent(outcome));
  if (autoAccept) {
    const written = await service.write(outcome, new Set(outcome.changes.map((c) => c.path)), true);
    if (!written.ok) new Notice(`End-of-day compile of ${logPath} (${cost}): ${written.error}`, 15000);
    else new Notice(`End-of-day compile of ${logPath} (${cost}): ${written.value.written.length} files written automatically. "Undo last compile" puts them back.`, 10000);
    return;
  }
  const notice = new Notice(createFragment((f) => {
    f.createSpan({ text: `End-of-day compile of ${logPath} is ready (${outcome.changes.length} files, ${cost}). ` });
    f.createEl("button", { text: "Review" }, (b) => b.addEventListener("click", () => {
      notice.hide();
      void reviewProposal(app, service, outcome, "Prepared by the end-of-day compile.").then(async (accepted) => {
        if (accepted === null) return;
        const written = await service.write(outcome, accepted, false);
        new Notice(written.ok ? `Compiled ${logPath}: ${written.value.written.length} files written.` : `Compile of ${logPath}: ${written.error}`);
      });
    }));
  }), 0);
}

/** The compile commands' actions over the service: each opens the flow above or reports in a Notice. */
export function createCompileActions(app: App, service: CompileService): CompileCommandActions {
  return {
    todaysLog: () => {
      const p = service.todayPath();
      return service.exists(p) ? p : null;
    },
    activeLog: () => {
      const f = app.workspace.getActiveFile();
      return f && service.isDailyNote(f.path) ? f.path : null;
    },
    compile: (paths) => void (async () => {
      const todo: string[] = [];
      for (const p of paths) if (await service.hasChanged(p)) todo.push(p);
      if (todo.length === 0) new Notice(`${paths.join(", ")} is compiled and unchanged since; nothing to do.`);
      else await runCompileFlow(app, service, todo);
    })(),
    compileChanged: () => void service.changedLogs().then((logs) => {
      if (logs.length === 0) new Notice("Every daily log is compiled and unchanged.");
      else void runCompileFlow(app, service, logs.map((l) => l.path));
    }),
    activeArticle: () => {
      const f = app.workspace.getActiveFile();
      return f && service.canRevalidate(f.path) ? f.path : null;
    },
    revalidate: (path) => void runRevalidateFlow(app, service, path),
    undo: () => void service.undo().then((result) => {
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
      new Notice(`${r.interrupted ? "Finished putting back the interrupted" : "Undid the"} ${r.op} of ${r.logPath}: ${r.restored.length} restored, ${r.removed.length} removed.${left}`, left ? 15000 : 6000);
    }),
  };
}

/** Revalidates one article's relationships: one bounded call, the same review, then the header is written. */
export async function runRevalidateFlow(app: App, service: CompileService, path: string): Promise<void> {
  const controller = new AbortController();
  const progress = progressNotice(`Revalidating the relationships of ${path}…`, () => controller.abort());
  try {
    const r = await service.proposeRevalidation(path, controller.signal);
    progress.done();
    if (!r.ok) {
      new Notice(`Revalidation of ${path} failed: ${r.message}`, 15000);
      return;
    }
    const accepted = await new CompileReviewModal(app, {
      logPath: path, summary: "Relationships re-classified with the HIGH / MID / NONE rubric.", changes: [r.change], notes: [],
      estimateText: "One bounded call: this article and the header facts of the articles it points to.",
      spentText: `Spent: ${r.usage.inputTokens.toLocaleString()} in + ${r.usage.outputTokens.toLocaleString()} out tokens.`,
    }).choose();
    if (!accepted || accepted.size === 0) return;
    const problem = await service.writeRevalidation(r.change);
    new Notice(problem ?? `Relationships of ${path} revalidated.`);
  } finally {
    progress.done();
  }
}
