import { Setting } from "obsidian";
import { describe, expect, it } from "vitest";
import { captureSection, type CaptureSettingsHost } from "../../src/ui/capture-settings";
import { distillCostCeiling } from "../../src/core/capture/distill-session";
import { formatCost } from "../../src/core/llm/cost";
import { MODEL_PRICES } from "../../src/core/llm/models";
import { mergePluginData } from "../../src/core/settings/plugin-data";
import { PriceViews } from "../../src/ui/price-views";

function distilDesc(selectModel: string): string {
  const data = mergePluginData({ ask: { selectModel } });
  const host: CaptureSettingsHost = {
    capture: () => data.capture,
    updateCapture: () => Promise.resolve(),
    listProjects: () => Promise.resolve([]),
    retentionDays: () => Promise.resolve(30),
    ask: () => data.ask,
  };
  const row = captureSection(host, new PriceViews()).rows.find((r) => r.name === "Distil with the model")!;
  const setting = new Setting(document.body.createDiv());
  row.render!(setting);
  return setting.descEl.textContent ?? "";
}

describe("the capture settings' distillation cost", () => {
  it("follows the selection model picked in the Ask settings", () => {
    const opus = MODEL_PRICES["claude-opus-5-5"]!;
    const haiku = MODEL_PRICES["claude-haiku-5-5"]!;
    expect(distilDesc("claude-opus-5-5")).toContain(`At most ${formatCost(distillCostCeiling(opus))} a day of a session at claude-opus-5-5's price`);
    expect(distilDesc("claude-haiku-5-5")).toContain(`At most ${formatCost(distillCostCeiling(haiku))} a day of a session at claude-haiku-5-5's price`);
    expect(formatCost(distillCostCeiling(opus))).not.toBe(formatCost(distillCostCeiling(haiku)));
  });

  it("says the cost is unknown for a model without a price, rather than borrowing another's", () => {
    expect(distilDesc("claude-homebrew")).toContain("Its cost is unknown: no price is known for claude-homebrew");
  });
});
