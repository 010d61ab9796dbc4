import type { TokenUsage } from "./language-model";
import { DEFAULT_PRICE, type ModelPrice } from "./models";

/** A count or price as a finite, non-negative number: anything else (a string, NaN, a negative) counts as 0. */
const n = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) && v > 0 ? v : 0);

/** Cost in USD of one call's usage; usage or prices that are not numbers count as nothing, never NaN. */
export function estimateCost(usage: TokenUsage, price: ModelPrice = DEFAULT_PRICE): number {
  return (
    (n(usage.inputTokens) * n(price.input) + n(usage.outputTokens) * n(price.output) + n(usage.cacheWriteTokens) * n(price.cacheWrite) + n(usage.cacheReadTokens) * n(price.cacheRead)) /
    1_000_000
  );
}

/** "$0.0123" for small amounts, "$1.23" above a dollar; "$?" for an amount that is not a number. */
export function formatCost(usd: number): string {
  if (typeof usd !== "number" || !Number.isFinite(usd)) return "$?";
  return usd >= 1 ? `$${usd.toFixed(2)}` : `$${usd.toFixed(4)}`;
}
