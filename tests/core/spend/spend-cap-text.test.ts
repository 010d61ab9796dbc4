import { describe, expect, it } from "vitest";
import { capAmount, readSpendSettings, spendCapProblems } from "../../../src/core/spend/spend-settings";
import { loadPluginData } from "../../../src/core/settings/plugin-data";

describe("caps written as text in data.json", () => {
  it("reads a cap written as a person would, never silently off", () => {
    expect(readSpendSettings({ spend: { dailyCapUsd: "5", monthlyCapUsd: "$20.50" } })).toMatchObject({ dailyCapUsd: 5, monthlyCapUsd: 20.5 });
    for (const [text, usd] of [
      [" 5 ", 5],
      ["$ 5", 5],
      ["5 USD", 5],
      ["5.5 dollars", 5.5],
      [".25", 0.25],
      ["0", 0],
      ["3.", 3],
    ] as const)
      expect(capAmount(text), text).toBe(usd);
    for (const bad of ["five", "-5", "$-5", "5,00", "", "5 EUR", "1e3", "NaN", "Infinity", "$$5"]) expect(capAmount(bad), bad).toBeUndefined();
    expect(capAmount(-1)).toBeUndefined();
    expect(capAmount(Number.NaN)).toBeUndefined();
    expect(capAmount(true)).toBeUndefined();
    expect(capAmount(7)).toBe(7);
  });

  it("names each cap that is set but is not an amount, and only those", () => {
    expect(spendCapProblems({ spend: { dailyCapUsd: "five", monthlyCapUsd: "$5" } })).toEqual([
      'data.json: spend.dailyCapUsd is "five", not an amount in US dollars, so the cap cannot be applied; write a number such as 5 (0 turns the cap off).',
    ]);
    expect(spendCapProblems({ spend: { dailyCapUsd: -2, monthlyCapUsd: [1] } })).toHaveLength(2);
    expect(spendCapProblems({ spend: { dailyCapUsd: null } })).toEqual([]);
    expect(spendCapProblems({ spend: {} })).toEqual([]);
    expect(spendCapProblems(undefined)).toEqual([]);
  });

  it("warns in the plugin, in one sentence per cap, when a cap is text that is not an amount, and when one was read from text", () => {
    const { data, warnings } = loadPluginData({ spend: { dailyCapUsd: "five", monthlyCapUsd: "$20" } });
    expect(data.spend).toEqual({ dailyCapUsd: 0, monthlyCapUsd: 20 });
    expect(warnings).toEqual([
      'data.json: spend.dailyCapUsd is "five", not an amount in US dollars, so the cap cannot be applied; write a number such as 5 (0 turns the cap off).',
      'data.json: spend.monthlyCapUsd was "$20"; 20 is used instead.',
    ]);
  });
});
