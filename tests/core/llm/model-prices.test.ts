import { describe, expect, it } from "vitest";
import { costOrUnknown, estimateCost, formatCostOrUnknown } from "../../../src/core/llm/cost";
import { DEFAULT_MODEL, DEFAULT_PRICE, DEFAULT_SELECT_MODEL, MODEL_PRICES, minCacheTokens, priceFor } from "../../../src/core/llm/models";

const usage = (inputTokens: number, outputTokens: number, cacheReadTokens = 0, cacheWriteTokens = 0) => ({
  inputTokens,
  outputTokens,
  cacheReadTokens,
  cacheWriteTokens,
});

describe("priceFor", () => {
  it("prices each known model at its own list price, so picking Opus is not priced as Sonnet", () => {
    expect(priceFor("claude-sonnet-5-5")).toMatchObject({ input: 2, output: 10 });
    expect(priceFor("claude-opus-5-5")).toMatchObject({ input: 4, output: 20 });
    expect(priceFor("claude-haiku-5-5")).toMatchObject({ input: 0.1, output: 0.5, cacheRead: 0.01 });
  });

  it("says an unknown model's price is unknown instead of borrowing another's", () => {
    expect(priceFor("my-local-llama")).toBeNull();
    expect(costOrUnknown(usage(1000, 100), priceFor("my-local-llama"))).toBeNull();
    expect(formatCostOrUnknown(null)).toBe("cost unknown");
  });

  it("finds a dated id and a retired id's replacement in the table", () => {
    expect(priceFor("claude-haiku-4-5-20251001")).toEqual(MODEL_PRICES["claude-haiku-4-5"]);
    expect(priceFor("claude-sonnet-4-5")).toEqual(MODEL_PRICES["claude-sonnet-5-5"]);
  });

  it("uses a person's override for that model, with cache prices at the usual ratios unless given", () => {
    const p = priceFor("claude-opus-5-5", { "claude-opus-5-5": { input: 3, output: 12 } });
    expect(p).toEqual({ input: 3, output: 12, cacheWrite: 3.75, cacheRead: expect.closeTo(0.3, 10) as number });
    expect(priceFor("my-local-llama", { "my-local-llama": { input: 0, output: 0 } })).toMatchObject({ input: 0, output: 0 });
    expect(priceFor("claude-sonnet-5-5", { "claude-opus-5-5": { input: 3, output: 12 } })).toEqual(MODEL_PRICES["claude-sonnet-5-5"]);
  });

  it("keeps the default model's table price equal to DEFAULT_PRICE", () => {
    expect(priceFor(DEFAULT_MODEL)).toEqual(DEFAULT_PRICE);
  });

  it("knows the price and the cacheable minimum of each default model", () => {
    for (const id of [DEFAULT_MODEL, DEFAULT_SELECT_MODEL]) {
      expect(priceFor(id)).not.toBeNull();
      expect(minCacheTokens(id)).toBeGreaterThan(0);
    }
  });
});

describe("estimateCost with a long-prompt tier", () => {
  it("bills Haiku 5.5 at its higher tier when the prompt (cache included) is above 100K tokens", () => {
    const haiku = priceFor("claude-haiku-5-5")!;
    expect(estimateCost(usage(100_000, 1_000_000), haiku)).toBeCloseTo(0.01 + 0.5, 10);
    expect(estimateCost(usage(90_000, 0, 20_000), haiku)).toBeCloseTo((90_000 * 0.5 + 20_000 * 0.05) / 1e6, 10);
  });

  it("prices cache reads and writes at the model's cache prices", () => {
    const sonnet = priceFor("claude-sonnet-5-5")!;
    expect(estimateCost(usage(0, 0, 1_000_000, 1_000_000), sonnet)).toBeCloseTo(sonnet.cacheRead + sonnet.cacheWrite, 10);
  });
});
