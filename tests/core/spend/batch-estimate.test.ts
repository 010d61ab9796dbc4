import { describe, expect, it } from "vitest";
import type { CompilePlan } from "../../../src/core/compile/compile-types";
import { estimateCompile } from "../../../src/core/compile/propose-compile";
import { priceFor } from "../../../src/core/llm/models";
import { batchNeedsConfirmation, estimateCompileBatch } from "../../../src/core/spend/batch-estimate";

const plan = (text: string) => ({ logPath: `daily/${text}.md`, logText: `# Log\n${text.repeat(200)}`, shown: [], index: "", knownArticles: [], today: "2026-10-20" }) as unknown as CompilePlan;

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
