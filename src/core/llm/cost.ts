import type { TokenUsage } from "./language-model";
import { DEFAULT_PRICE, type ModelPrice } from "./models";

/** Cost in USD of one call's usage. */
export function estimateCost(usage: TokenUsage, price: ModelPrice = DEFAULT_PRICE): number {
  return (
    (usage.inputTokens * price.input + usage.outputTokens * price.output + usage.cacheWriteTokens * price.cacheWrite + usage.cacheReadTokens * price.cacheRead) /
    1_000_000
  );
}

/** "$0.0123" for small amounts, "$1.23" above a dollar. */
export function formatCost(usd: number): string {
  return usd >= 1 ? `$${usd.toFixed(2)}` : `$${usd.toFixed(4)}`;
}
