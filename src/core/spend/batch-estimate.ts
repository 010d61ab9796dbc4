import type { CompilePlan } from "../compile/compile-types";
import { estimateCompile } from "../compile/propose-compile";
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
