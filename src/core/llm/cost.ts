import type { TokenUsage } from "./language-model";
import { DEFAULT_PRICE } from "./models";

export { DEFAULT_PRICE };

/** USD per million tokens for one model; the person can override these in settings. */
export interface ModelPrice {
  input: number;
  output: number;
  /** Writing the cached prefix (Anthropic bills 1.25× input). */
  cacheWrite: number;
  /** Reading the cached prefix (Anthropic bills 0.1× input on most models, 0.05× on Sonnet 5.5). */
  cacheRead: number;
}

/** Cost in USD of one call's usage. */
export function estimateCost(usage: TokenUsage, listed: ModelPrice = DEFAULT_PRICE): number {
  const price = atPromptSize(listed, usage.inputTokens + usage.cacheReadTokens + usage.cacheWriteTokens);
  return (
    (usage.inputTokens * price.input + usage.outputTokens * price.output + usage.cacheWriteTokens * price.cacheWrite + usage.cacheReadTokens * price.cacheRead) /
    1_000_000
  );
}

/** "$0.0123" for small amounts, "$1.23" above a dollar. */
export function formatCost(usd: number): string {
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
