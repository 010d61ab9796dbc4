import { describe, expect, it } from "vitest";
import { readSpendSettings } from "../../../src/core/spend/spend-settings";

describe("readSpendSettings", () => {
  it("has no caps and no overrides by default", () => {
    expect(readSpendSettings(undefined)).toEqual({ dailyCapUsd: 0, monthlyCapUsd: 0, priceOverrides: {} });
  });

  it("reads caps and overrides, dropping values that are not non-negative numbers", () => {
    const s = readSpendSettings({
      spend: { dailyCapUsd: 1.5, monthlyCapUsd: -3 },
      ask: { priceOverrides: { "m-1": { input: 1, output: 2 }, "m-2": { input: "x", output: 2 } } },
    });
    expect(s).toEqual({ dailyCapUsd: 1.5, monthlyCapUsd: 0, priceOverrides: { "m-1": { input: 1, output: 2 } } });
  });

  it("migrates the old free price fields to an override for the model they were saved with", () => {
    expect(readSpendSettings({ ask: { model: "claude-opus-5-5", priceInput: 3, priceOutput: 15 } }).priceOverrides).toEqual({
      "claude-opus-5-5": { input: 3, output: 15 },
    });
    expect(readSpendSettings({ ask: { model: "my-proxy-model", priceInput: 2, priceOutput: 10 } }).priceOverrides).toEqual({});
  });

  it("does not migrate the old default or the model's own list price, which say nothing a person chose", () => {
    expect(readSpendSettings({ ask: { model: "claude-opus-5-5", priceInput: 2, priceOutput: 10 } }).priceOverrides).toEqual({});
    expect(readSpendSettings({ ask: { model: "claude-opus-5-5", priceInput: 4, priceOutput: 20 } }).priceOverrides).toEqual({});
  });

  it("keeps an override already saved over a migrated one", () => {
    const s = readSpendSettings({ ask: { model: "m", priceInput: 3, priceOutput: 15, priceOverrides: { m: { input: 1, output: 1 } } } });
    expect(s.priceOverrides).toEqual({ m: { input: 1, output: 1 } });
  });
});
