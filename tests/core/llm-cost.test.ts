import { describe, expect, it } from "vitest";
import { estimateCost, formatCost } from "../../src/core/llm/cost";
import { estimateTokens } from "../../src/core/llm/estimate-tokens";

describe("cost and token estimates", () => {
  it("prices usage per million tokens, cache reads and writes included", () => {
    const usd = estimateCost(
      { inputTokens: 1_000_000, outputTokens: 100_000, cacheReadTokens: 1_000_000, cacheWriteTokens: 1_000_000 },
      { input: 3, output: 15, cacheWrite: 3.75, cacheRead: 0.3 },
    );
    expect(usd).toBeCloseTo(3 + 1.5 + 0.3 + 3.75, 10);
    expect(formatCost(usd)).toBe("$8.55");
    expect(formatCost(0.01234)).toBe("$0.0123");
  });

  it("estimates about four characters a token, one per CJK character", () => {
    expect(estimateTokens("")).toBe(0);
    expect(estimateTokens("abcd".repeat(100))).toBe(100);
    expect(estimateTokens("日本語")).toBe(3);
  });
});

describe("usage that is not a number", () => {
  it("never prints $NaN: non-numeric usage counts as nothing, and a non-number amount prints as cost unknown", () => {
    const usage = {
      inputTokens: "12" as unknown as number,
      outputTokens: Number.NaN,
      cacheWriteTokens: undefined as unknown as number,
      cacheReadTokens: 1_000_000,
    };
    const cost = estimateCost(usage, { input: 3, output: 15, cacheWrite: 3.75, cacheRead: 0.3 });
    expect(cost).toBeCloseTo(0.3);
    expect(formatCost(cost)).toBe("$0.3000");
    expect(formatCost(Number.NaN)).toBe("cost unknown");
    expect(formatCost(Infinity)).toBe("cost unknown");
  });
});
