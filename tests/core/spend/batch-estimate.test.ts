import { describe, expect, it } from "vitest";
import type { CompilePlan } from "../../../src/core/compile/compile-types";
import { estimateCompile } from "../../../src/core/compile/propose-compile";
import { priceFor } from "../../../src/core/llm/models";
import { batchNeedsConfirmation, estimateBatch, estimateCompileBatch } from "../../../src/core/spend/batch-estimate";

const plan = (text: string) =>
  ({
    logPath: `daily/${text}.md`,
    logText: `# Log\n${text.repeat(200)}`,
    shown: [],
    index: "",
    knownArticles: [],
    today: "2026-10-20",
  }) as unknown as CompilePlan;

describe("estimateCompileBatch", () => {
  it("adds each log's estimate at the model's price", () => {
    const price = priceFor("claude-opus-5-5")!;
    const plans = [plan("a"), plan("bb")];
    const batch = estimateCompileBatch(plans, price);
    const each = plans.map((p) => estimateCompile(p, price));
    expect(batch.calls).toBe(2);
    expect(batch.inputTokens).toBe(each[0]!.inputTokens + each[1]!.inputTokens);
    expect(batch.usd).toBeCloseTo(each[0]!.usd + each[1]!.usd, 12);
    expect(batch.maxUsd).toBeCloseTo(each[0]!.maxUsd + each[1]!.maxUsd, 12);
  });

  it("says the cost is unknown for a model without a price, and such a batch is always asked about", () => {
    const batch = estimateCompileBatch([plan("a")], null);
    expect(batch.usd).toBeNull();
    expect(batchNeedsConfirmation(batch, 1000)).toBe(true);
    expect(batchNeedsConfirmation({ ...batch, usd: 0.2 }, 0.25)).toBe(false);
    expect(batchNeedsConfirmation({ ...batch, usd: 0.3 }, 0.25)).toBe(true);
  });
});

describe("estimateBatch", () => {
  it("prices each call on its own at the model's price, so a call past the long-prompt tier pays that tier's price", () => {
    const haiku = priceFor("claude-haiku-5-5")!;
    const batch = estimateBatch(
      [
        { inputTokens: 1000, outputTokens: 100, maxOutputTokens: 800 },
        { inputTokens: 150_000, outputTokens: 100, maxOutputTokens: 800 },
      ],
      haiku,
    );
    // Worked out by hand from the list prices: $0.10 / $0.50 a million, $0.50 / $2.50 above 100K prompt tokens.
    expect(batch.calls).toBe(2);
    expect(batch.inputTokens).toBe(151_000);
    expect(batch.usd).toBeCloseTo((1000 * 0.1 + 100 * 0.5 + 150_000 * 0.5 + 100 * 2.5) / 1e6, 12);
    expect(batch.maxUsd).toBeCloseTo((1000 * 0.1 + 800 * 0.5 + 150_000 * 0.5 + 800 * 2.5) / 1e6, 12);
  });

  it("says the cost is unknown for a model without a price", () => {
    expect(estimateBatch([{ inputTokens: 10, outputTokens: 1, maxOutputTokens: 2 }], null)).toEqual({ calls: 1, inputTokens: 10, usd: null, maxUsd: null });
  });
});
