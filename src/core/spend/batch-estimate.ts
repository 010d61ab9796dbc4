import type { CompilePlan } from "../compile/compile-types";
import { estimateCompile } from "../compile/propose-compile";
import { estimateCost } from "../llm/cost";
import type { ListPrice } from "../llm/models";

/** What a batch of model calls is estimated to cost before any is made (null: the model's price is not known). */
export interface BatchEstimate {
  calls: number;
  inputTokens: number;
  /** With a typical reply to each call. */
  usd: number | null;
  /** With the longest reply each call allows. */
  maxUsd: number | null;
}

/** One call of a batch as estimated before it is made: its prompt, a typical reply, and the longest reply it allows. */
export interface BatchCall {
  inputTokens: number;
  outputTokens: number;
  maxOutputTokens: number;
}

/**
 * The total estimate of a batch of calls at a model's price (each call priced on its own, so a long-prompt tier
 * applies where it would), without any network; null costs for a model whose price is not known.
 */
export function estimateBatch(calls: readonly BatchCall[], price: ListPrice | null): BatchEstimate {
  const inputTokens = calls.reduce((t, c) => t + c.inputTokens, 0);
  if (!price) return { calls: calls.length, inputTokens, usd: null, maxUsd: null };
  const at = (c: BatchCall, out: number) => estimateCost({ inputTokens: c.inputTokens, outputTokens: out, cacheReadTokens: 0, cacheWriteTokens: 0 }, price);
  return {
    calls: calls.length,
    inputTokens,
    usd: calls.reduce((t, c) => t + at(c, c.outputTokens), 0),
    maxUsd: calls.reduce((t, c) => t + at(c, c.maxOutputTokens), 0),
  };
}

/** The total estimate of compiling these logs' plans at a model's price, without any network. */
export function estimateCompileBatch(plans: readonly CompilePlan[], price: ListPrice | null): BatchEstimate {
  const each = plans.map((p) => estimateCompile(p, price ?? undefined));
  const sum = (f: (e: (typeof each)[number]) => number) => each.reduce((t, e) => t + f(e), 0);
  return { calls: plans.length, inputTokens: sum((e) => e.inputTokens), usd: price ? sum((e) => e.usd) : null, maxUsd: price ? sum((e) => e.maxUsd) : null };
}

/** True when a batch must be confirmed first: its typical cost is above the threshold, or not known at all. */
export function batchNeedsConfirmation(batch: BatchEstimate, thresholdUsd: number): boolean {
  return batch.usd === null || batch.usd > thresholdUsd;
}
