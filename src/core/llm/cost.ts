import type { TokenUsage } from "./language-model";
import { DEFAULT_PRICE, type ModelPrice } from "./models";

/** A count or price as a finite, non-negative number: anything else (a string, NaN, a negative) counts as 0. */
const n = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) && v > 0 ? v : 0);

/** Cost in USD of one call's usage at its list price (the long-prompt tier where one applies); usage or prices that are not numbers count as nothing, never NaN. */
export function estimateCost(usage: TokenUsage, listed: ModelPrice = DEFAULT_PRICE): number {
  const price = atPromptSize(listed, usage.inputTokens + usage.cacheReadTokens + usage.cacheWriteTokens);
  return (
    (n(usage.inputTokens) * n(price.input) +
      n(usage.outputTokens) * n(price.output) +
      n(usage.cacheWriteTokens) * n(price.cacheWrite) +
      n(usage.cacheReadTokens) * n(price.cacheRead)) /
    1_000_000
  );
}

/** "$0.0123" for small amounts, "$1.23" above a dollar; "cost unknown" for an amount that is not a number. */
export function formatCost(usd: number): string {
  if (typeof usd !== "number" || !Number.isFinite(usd)) return "cost unknown";
  return usd >= 1 ? `$${usd.toFixed(2)}` : `$${usd.toFixed(4)}`;
}

/** The price of a call whose prompt has this many tokens: a long-prompt tier where the price has one and it applies. */
function atPromptSize(price: ModelPrice & { longPrompt?: { aboveTokens: number; price: ModelPrice } }, promptTokens: number): ModelPrice {
  return price.longPrompt && promptTokens > price.longPrompt.aboveTokens ? price.longPrompt.price : price;
}

/** Cost in USD of one call's usage at a price that may be unknown (null: an unknown model's cost is unknown). */
export function costOrUnknown(usage: TokenUsage, price: ModelPrice | null): number | null {
  return price ? estimateCost(usage, price) : null;
}

/** formatCost, or "cost unknown" for a model without a known price. */
export function formatCostOrUnknown(usd: number | null): string {
  return usd === null ? "cost unknown" : formatCost(usd);
}

/** Cost in USD of one call at a price that may be unknown: NaN for an unknown price, which formatCost shows as "cost unknown". */
export function costAt(usage: TokenUsage, price: ModelPrice | null): number {
  return price ? estimateCost(usage, price) : Number.NaN;
}
