import { Notice, type App } from "obsidian";
import { formatCost } from "../core/llm/cost";
import type { ClaimDriftService } from "../obsidian/claim-drift-service";
import { describeBatch } from "../core/spend/decide-spend";
import { confirmSpend } from "./confirm-spend";
import { progressNotice } from "./progress-notice";

/**
 * "Check cited code with the model" (desktop, opt-in): totals the articles' calls at the check model's price, asks
 * first only above the threshold compiles use (or at an unknown price), then runs with Cancel; what the model reports
 * appears in the lint pane as suggestions. Nothing in a note is changed.
 */
export async function runClaimDriftFlow(app: App, service: ClaimDriftService): Promise<void> {
  const planned = await service.plan();
  if (!planned) {
    new Notice("Set the code repository folder in the lint settings first.");
    return;
  }
  if (planned.candidates.length === 0) {
    new Notice("No article older than the set number of days cites a file of the code repository.");
    return;
  }
  const n = planned.candidates.length;
  const priced = await service.estimate(planned);
  if (!priced.ok) {
    new Notice(`Check cited code: ${priced.error.message}`, 15000);
    return;
  }
  const { batch, modelId, confirmAboveUsd } = priced.value;
  const go = await confirmSpend(app, batch, confirmAboveUsd, {
    what: `Ask the model whether ${n} older article${n === 1 ? "" : "s"} still match${n === 1 ? "es" : ""} the code ${n === 1 ? "it cites" : "they cite"}`,
    modelId,
    more: "The citing lines and the cited files are sent. Nothing in your notes is changed. ",
    title: "Check cited code with the model?",
    go: "Check",
  });
  if (!go) return;
  const controller = new AbortController();
  const progress = progressNotice(`Check cited code: asking about ${n} article${n === 1 ? "" : "s"} (${describeBatch(batch, modelId)})…`, () =>
    controller.abort(),
  );
  try {
    const r = await service.run(planned, controller.signal, (s, why) =>
      progress.set(`Check cited code: waiting ${Math.ceil(s)} s before trying again (${why})…`),
    );
    const why = r.overBudget ? " Stopped at the token cap." : r.error ? ` ${r.error.message}` : "";
    new Notice(
      `Check cited code: ${r.found.length} statement${r.found.length === 1 ? "" : "s"} may no longer match the code (suggestions in the lint pane). ${r.usage.inputTokens.toLocaleString()} in + ${r.usage.outputTokens.toLocaleString()} out tokens, ${formatCost(r.usd)}.${why}`,
      r.error ? 15000 : 8000,
    );
  } finally {
    progress.done();
  }
}
