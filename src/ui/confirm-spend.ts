import type { App } from "obsidian";
import type { BatchEstimate } from "../core/spend/batch-estimate";
import { decideSpend, type SpendQuestion } from "../core/spend/decide-spend";
import { CostConfirmModal } from "./compile-review-modal";

/** What the plugin says when it asks before paid model calls: core's question words, and the modal's title and button. */
export interface SpendModalWords extends SpendQuestion {
  title?: string;
  go?: string;
}

/** Where the plugin's threshold is set, as the question names it. */
const THRESHOLD_WHERE = 'in settings, "Ask before costly compiles"';

/**
 * Renders core's rule before paid model calls (decideSpend: at or below the threshold of "Ask before costly
 * compiles" nothing is asked; above it, or at an unknown price, the total is shown) as a modal; resolves true to go on.
 */
export function confirmSpend(app: App, batch: BatchEstimate, thresholdUsd: number, q: SpendModalWords): Promise<boolean> {
  const decision = decideSpend(batch, { thresholdUsd, thresholdWhere: THRESHOLD_WHERE, asker: "dialog" }, q);
  if (decision.kind === "go") return Promise.resolve(true);
  if (decision.kind === "refuse") return Promise.resolve(false);
  return new CostConfirmModal(app, decision.sentence, q.title, q.go).ask();
}
