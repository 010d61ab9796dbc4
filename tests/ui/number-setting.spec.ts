import { describe, expect, it } from "vitest";
import { Setting } from "obsidian";
import { addNumberField, numberProblem } from "../../src/ui/number-setting";
import { modelHint } from "../../src/ui/model-picker";
import { MODEL_PRICES, priceFor } from "../../src/core/llm/models";
import { priceRows, spendSection, type SpendSettingsHost } from "../../src/ui/spend-settings";
import { lintSettingRows } from "../../src/ui/lint-settings";
import { PriceViews } from "../../src/ui/price-views";
import type { SettingRow } from "../../src/ui/setting-rows";
import { DEFAULT_ASK_SETTINGS } from "../../src/core/settings/plugin-data";
import { DEFAULT_LINT_SETTINGS } from "../../src/core/settings/lint-settings";

describe("a number setting", () => {
  it("says what it takes when the typed value is refused, keeps the saved value, and saves a valid one", async () => {
    const saved: number[] = [];
    const el = document.body.createDiv();
    const setting = new Setting(el).setName("After this hour").setDesc("Local hour, 0 to 23.");
    addNumberField(setting, 7, { min: 0, max: 23, integer: true }, async (n) => void saved.push(n));
    const input = setting.controlEl.querySelector("input")!;
    const message = setting.descEl.querySelector(".kc-setting-error")!;
    input.value = "25";
    input.dispatchEvent(new Event("input"));
    await Promise.resolve();
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(message.textContent).toBe("Enter a whole number from 0 to 23. 7 stays saved until then.");
    expect(saved).toEqual([]);
    input.value = "9";
    input.dispatchEvent(new Event("input"));
    await Promise.resolve();
    expect(input.getAttribute("aria-invalid")).toBeNull();
    expect(message.classList.contains("kc-hidden")).toBe(true);
    expect(saved).toEqual([9]);
  });

  it("refuses empty text, fractions where whole numbers are asked, and the bound itself where it must be above it", () => {
    expect(numberProblem("", { min: 0 })).toBe("Enter a number of 0 or more.");
    expect(numberProblem("1.5", { min: 0, integer: true })).toBe("Enter a whole number of 0 or more.");
    expect(numberProblem("0", { min: 0, aboveMin: true })).toBe("Enter a number above 0.");
    expect(numberProblem("0.5", { min: 0, aboveMin: true })).toBeNull();
  });
});

describe("the model list", () => {
  it("calls one model cheapest and one dearest, as the table of prices has them, whatever their names", () => {
    const hints = Object.keys(MODEL_PRICES).map((id) => modelHint(id, priceFor));
    expect(hints.filter((h) => h.includes("cheapest"))).toHaveLength(1);
    expect(hints.filter((h) => h.includes("dearest"))).toHaveLength(1);
    expect(modelHint("claude-haiku-4-5", priceFor)).not.toContain("cheapest");
    expect(modelHint("claude-opus-5-5", priceFor)).not.toContain("dearest");
    expect(modelHint("claude-fable-5-1", priceFor)).toContain("dearest");
  });

  it("hints each model's tier, and its price where known", () => {
    expect(modelHint("claude-haiku-5-5", () => ({ input: 0.1, output: 0.5 }))).toBe("fast, cheapest · $0.10 / $0.50 per M tokens");
    expect(modelHint("claude-sonnet-5-5")).toBe("balanced");
    expect(modelHint("claude-opus-4-1", () => null)).toBe("most capable");
    expect(modelHint("local-llama")).toBe("");
  });
});

describe("every number row of the settings, checked as typed", () => {
  /** Draws one row and types into its field (the first, or `field`); returns what was saved and the row's message. */
  async function type(row: SettingRow, text: string, field = 0) {
    const el = document.body.createDiv();
    const setting = new Setting(el).setName(row.name);
    row.render!(setting);
    const input = setting.controlEl.querySelectorAll("input")[field]!;
    input.value = text;
    input.dispatchEvent(new Event("input"));
    await new Promise((r) => window.setTimeout(r, 0));
    const message = setting.descEl.querySelector(".kc-setting-error");
    return { input, message: message && !message.classList.contains("kc-hidden") ? message.textContent : null };
  }

  const spendHost = (saved: unknown[]): SpendSettingsHost => ({
    ask: () => ({ ...DEFAULT_ASK_SETTINGS, priceOverrides: {} }),
    updateAsk: async (p) => void saved.push(p),
    spend: () => ({ dailyCapUsd: 0, monthlyCapUsd: 0 }),
    updateSpend: async (p) => void saved.push(p),
    spendSummary: () => new Promise(() => undefined),
  });
  const row = (rows: SettingRow[], name: string): SettingRow => rows.find((r) => r.name === name)!;

  it("reads “$5” typed as the daily cap as 5 dollars, and says so when a cap cannot be read", async () => {
    const saved: unknown[] = [];
    const caps = spendSection(spendHost(saved)).rows;
    expect((await type(row(caps, "Daily cap (USD)"), "$5")).message).toBeNull();
    expect(saved).toEqual([{ dailyCapUsd: 5 }]);
    const bad = await type(row(caps, "Monthly cap (USD)"), "five");
    expect(bad.message).toBe("Enter an amount in dollars of 0 or more (empty: 0). $0 stays saved until then.");
    expect(bad.input.getAttribute("aria-invalid")).toBe("true");
    expect(saved).toEqual([{ dailyCapUsd: 5 }]);
    await type(row(caps, "Monthly cap (USD)"), "");
    expect(saved).toEqual([{ dailyCapUsd: 5 }, { monthlyCapUsd: 0 }]);
  });

  it("says so in the row when a price cannot be read, and saves “$3” as 3", async () => {
    const saved: unknown[] = [];
    const [answer] = priceRows(spendHost(saved), new PriceViews());
    const bad = await type(answer!, "3 dollars");
    expect(bad.message).toContain("Enter a price in dollars per million tokens");
    expect(saved).toEqual([]);
    expect((await type(answer!, "$3")).message).toBeNull();
    expect(saved).toHaveLength(1);
  });

  it("refuses what a whole-number lint or capture row cannot take, with a message, and saves nothing", async () => {
    const saved: unknown[] = [];
    const lintRows = lintSettingRows({
      lint: () => ({ ...DEFAULT_LINT_SETTINGS }),
      updateLint: async (p) => void saved.push(p),
    });
    const days = await type(row(lintRows, "Unconfirmed after (days)"), "2.5");
    expect(days.message).toBe(`Enter a whole number of 1 or more. ${DEFAULT_LINT_SETTINGS.staleAfterDays} stays saved until then.`);
    expect((await type(row(lintRows, "Contradiction check: pairs per run"), "0x10")).message).toContain("Enter a whole number");
    expect(saved).toEqual([]);
    expect((await type(row(lintRows, "Unconfirmed after (days)"), "30")).message).toBeNull();
    expect(saved).toEqual([{ staleAfterDays: 30 }]);
  });
});
