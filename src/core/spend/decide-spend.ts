import { formatCost } from "../llm/cost";
import { batchNeedsConfirmation, type BatchEstimate } from "./batch-estimate";

/**
 * Who can be asked before paid model calls: a dialog with room for the whole estimate (the plugin's modal), a terminal
 * (one y/N line, after the host printed the estimate), or no one (a pipe, a hook): then above the threshold it is no.
 */
export type SpendAsker = "dialog" | "terminal" | null;

/** The rule's settings as the host has them: the threshold, where the person sets it, who can be asked. */
export interface SpendRule {
  /** "Ask before costly compiles" (USD): a batch whose typical cost is at or below it goes on without a question. */
  thresholdUsd: number;
  /** Where the threshold is set, named in the sentences ('in settings, "Ask before costly compiles"'). */
  thresholdWhere: string;
  asker: SpendAsker;
  /** Said yes beforehand (`--yes`): no question; the spending caps still hold, each call is checked before it is made. */
  approved?: boolean;
}

/** What the calls do, in the host's words. */
export interface SpendQuestion {
  /** Starts the question: "Check 3 pairs of related articles for contradictions" (dialog), "Check 3 pairs" (terminal). */
  what: string;
  /** The model whose price the total is at (named in the dialog when given). */
  modelId?: string;
  /** Said in the dialog after the cost, before the threshold (ends with a space when given). */
  more?: string;
}

/** Why a batch is asked about or refused: its cost is above the threshold, or not known at all. */
export type SpendReason = "above-threshold" | "price-unknown";

/** Core's decision before a batch of paid calls; a host only renders it (a modal, a y/N prompt, a refusal). */
export type SpendDecision = { kind: "go" } | { kind: "ask"; why: SpendReason; sentence: string } | { kind: "refuse"; why: SpendReason; sentence: string };

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
 * The one rule before paid model calls (a compile, a contradiction run, a check of cited code, header proposals, a
 * distillation), the same in every host: at or below the threshold it goes on; above it, or when the model's price is
 * not known, the person is asked, with the sentence to show; with no one to ask it is refused unless approved
 * beforehand. The spending caps hold either way: each call is checked before it is made.
 */
export function decideSpend(batch: BatchEstimate, rule: SpendRule, q: SpendQuestion): SpendDecision {
  if (rule.approved || !batchNeedsConfirmation(batch, rule.thresholdUsd)) return { kind: "go" };
  const why: SpendReason = batch.usd === null ? "price-unknown" : "above-threshold";
  const threshold = formatCost(rule.thresholdUsd);
  if (rule.asker === "dialog") {
    const limit = Number.isFinite(rule.thresholdUsd) ? `Your threshold is ${threshold} (${rule.thresholdWhere}).` : "";
    return { kind: "ask", why, sentence: `${q.what}: ${describeBatch(batch, q.modelId)}. ${q.more ?? ""}${limit}`.trimEnd() };
  }
  if (rule.asker === "terminal")
    return { kind: "ask", why, sentence: `${q.what} (${batch.usd === null ? "cost unknown" : `about ${formatCost(batch.usd)}`})?` };
  const first =
    why === "price-unknown"
      ? `Its cost is not known (no price for ${q.modelId ?? "the model"}), so it is asked about first whatever the threshold`
      : `That is above ${threshold}, the amount asked about first (${rule.thresholdWhere})`;
  return { kind: "refuse", why, sentence: `${first}, and there is no terminal to ask: re-run with --yes to go on (the spending caps still hold).` };
}
