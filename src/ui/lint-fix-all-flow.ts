import { Notice, type App } from "obsidian";
import type { LintFinding } from "../core/lint/lint-types";
import type { LintFixPlan } from "../core/workflows/lint-fix-workflow";
import type { LintService } from "../obsidian/lint-service";
import { CompileReviewModal } from "./compile-review-modal";
import type { CompileReviewModel } from "./compile-review";
import { checkTitle } from "./lint-finding-row";

/** A batch of fixes as the review shows it: each note's change with what each fix does, and what cannot be fixed. */
export function lintFixReview(checkName: string, count: number, plan: LintFixPlan): CompileReviewModel {
  const n = plan.changes.length;
  return {
    logPath: "",
    summary: `Fix ${count} “${checkName}” finding${count === 1 ? "" : "s"}: ${n} note${n === 1 ? "" : "s"} change. One write; “Undo last compile” puts every note back.`,
    changes: plan.changes.map((c) => ({ path: c.path, kind: "update", before: c.before, after: c.after, update: null, summary: c.summary })),
    notes: plan.skipped.map((s) => `Not fixed: ${s}`),
    estimateText: "",
    spentText: "",
  };
}

/**
 * "Fix all" of one check: plans every safe fix of its findings, shows the review (each note's diff, a checkbox per
 * note), and writes the accepted notes as one undoable write. Says once what happened.
 */
export async function fixAllFlow(app: App, service: LintService, findings: readonly LintFinding[]): Promise<void> {
  const fixable = findings.filter((f) => f.fix);
  if (fixable.length === 0) return;
  const plan = await service.planFixes(fixable);
  if (!plan) return void new Notice("Fixes are not available here.");
  if (plan.changes.length === 0)
    return void new Notice(
      plan.skipped.length > 0
        ? `Nothing to fix: ${plan.skipped[0]!.replace(/\.$/, "")}.${plan.skipped.length > 1 ? ` (${plan.skipped.length - 1} more like it.)` : ""}`
        : "Nothing to fix: the notes already read as the fixes would make them.",
    );
  const name = checkTitle({ id: fixable[0]!.check });
  const accepted = await new CompileReviewModal(app, lintFixReview(name, fixable.length, plan), {
    title: `Fix all: ${name}`,
    accept: (n) => `Fix ${n} note${n === 1 ? "" : "s"}`,
  }).choose();
  if (!accepted || accepted.size === 0) return;
  const r = await service.applyFixes(plan.changes.filter((c) => accepted.has(c.path)));
  new Notice(r.ok ? fixedNotice(r.value.paths.length) : r.error, r.ok ? 5000 : 15000);
}

/** What a written batch of fixes says: how many notes, and that the undo command takes back this fix (not a compile). */
export function fixedNotice(n: number): string {
  const notes = `${n} note${n === 1 ? "" : "s"}`;
  return `Fixed ${notes}. “Undo last compile” undoes the last write, now this fix: it puts the ${notes} back.`;
}
