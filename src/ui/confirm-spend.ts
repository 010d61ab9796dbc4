import type { App } from "obsidian";
import { formatCost } from "../core/llm/cost";
import { batchNeedsConfirmation, type BatchEstimate } from "../core/spend/batch-estimate";
import { CostConfirmModal } from "./compile-review-modal";

/** What the plugin says when it asks before paid model calls: what they do, and the modal's title and button. */
export interface SpendQuestion {
  /** What the calls do, to start the question ("Check 3 pairs of related articles for contradictions"). */
  what: string;
  /** The model whose price the total is at (named in the question when given). */
  modelId?: string;
  /** Said after the cost, before the threshold (ends with a space when given). */
  more?: string;
  title?: string;
  go?: string;
}

/** The total of a batch in words: its prompt tokens and calls, then its typical and longest cost, or "cost unknown". */
export function describeBatch(batch: BatchEstimate, modelId?: string): string {
  const calls = batch.calls > 1 ? ` in ${batch.calls} calls` : "";
  const to = modelId ? ` to ${modelId}` : "";
  const cost =
    batch.usd === null
      ? `cost unknown (no price is known for ${modelId ?? "the model"}; set one in the settings)`
      : `about ${formatCost(batch.usd)}, at most ${batch.maxUsd === null ? "cost unknown" : formatCost(batch.maxUsd)}`;
  return `about ${batch.inputTokens.toLocaleString()} input tokens${calls}${to}, ${cost}`;
}

/**
 * The plugin's one rule before paid model calls (a compile, a contradiction run, a check of cited code): at or below
 * the threshold of "Ask before costly compiles" nothing is asked; above it, or when the model's price is unknown, the
 * total is shown and the person decides. The spending caps hold either way: each call is checked before it is made.
 */
export function confirmSpend(app: App, batch: BatchEstimate, thresholdUsd: number, q: SpendQuestion): Promise<boolean> {
  if (!batchNeedsConfirmation(batch, thresholdUsd)) return Promise.resolve(true);
  const text = `${q.what}: ${describeBatch(batch, q.modelId)}. ${q.more ?? ""}Your threshold is ${formatCost(thresholdUsd)} (in settings, "Ask before costly compiles").`;
  return new CostConfirmModal(app, text, q.title, q.go).ask();
}
