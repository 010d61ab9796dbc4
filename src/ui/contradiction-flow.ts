import { Notice, type App } from "obsidian";
import { formatCost } from "../core/llm/cost";
import type { ContradictionService } from "../obsidian/contradiction-service";
import { describeBatch } from "../core/spend/decide-spend";
import { confirmSpend } from "./confirm-spend";
import { progressNotice } from "./progress-notice";

/**
 * "Check contradictions": plans the pairs and totals them at the check model's price, asks first only above the
 * threshold compiles use (or at an unknown price), then checks pair by pair with progress and Cancel; conflicts
 * appear in the lint pane and as editor marks. Nothing in a note is changed.
 */
export async function runContradictionFlow(app: App, service: ContradictionService, ready: boolean): Promise<void> {
  if (!ready) {
    new Notice("Lint is still reading the vault; check contradictions again in a moment.");
    return;
  }
  const planned = await service.plan();
  const { plan } = planned;
  const kept = `${plan.unchanged} pair${plan.unchanged === 1 ? "" : "s"} unchanged since checked, ${plan.dismissed} dismissed`;
  if (plan.pairs.length === 0) {
    new Notice(
      plan.leftForLater > 0
        ? `No pair fits the token cap per run (settings, Lint); ${plan.leftForLater} wait.`
        : `No related articles changed since they were checked (${kept}).`,
      8000,
    );
    return;
  }
  const later = plan.leftForLater > 0 ? ` ${plan.leftForLater} more wait for a later run (the caps per run are in the Lint settings).` : "";
  const priced = await service.estimate(planned);
  if (!priced.ok) {
    new Notice(`Check contradictions: ${priced.error.message}`, 15000);
    return;
  }
  const { batch, modelId, confirmAboveUsd } = priced.value;
  const go = await confirmSpend(app, batch, confirmAboveUsd, {
    what: `Check ${plan.pairs.length} pair${plan.pairs.length === 1 ? "" : "s"} of related articles for contradictions`,
    modelId,
    more: `${kept[0]!.toUpperCase()}${kept.slice(1)}.${later} Nothing in your notes is changed. `,
    title: "Check contradictions with the model?",
    go: "Check",
  });
  if (!go) return;
  const controller = new AbortController();
  const progress = progressNotice(`Check contradictions: asking the model (${describeBatch(batch, modelId)})…`, () => controller.abort());
  try {
    const r = await service.run(
      planned,
      controller.signal,
      (n, total) => progress.set(`Check contradictions: pair ${n + 1} of ${total}…`),
      (seconds, reason) => progress.set(`Check contradictions: waiting ${Math.ceil(seconds)} s before trying again (${reason})…`),
    );
    const parts = [
      `${r.found.length} contradiction${r.found.length === 1 ? "" : "s"} in ${r.checked.length} pair${r.checked.length === 1 ? "" : "s"} (see the lint pane)`,
    ];
    if (r.dropped > 0) parts.push(`${r.dropped} reported quote${r.dropped === 1 ? "" : "s"} not found in the notes and dropped`);
    if (r.unusable > 0) parts.push(`${r.unusable} unusable repl${r.unusable === 1 ? "y" : "ies"} (those pairs stay due)`);
    const spent = `${r.usage.inputTokens.toLocaleString()} in + ${r.usage.outputTokens.toLocaleString()} out tokens, ${formatCost(r.usd)}`;
    const why = r.cancelled
      ? " Cancelled."
      : r.overBudget
        ? " Stopped at the token cap; the rest wait for the next run."
        : r.error
          ? ` ${r.error.message}`
          : "";
    new Notice(`Check contradictions: ${parts.join("; ")}. ${spent}.${why}`, r.error ? 15000 : 8000);
  } finally {
    progress.done();
  }
}
