import { describe, expect, it } from "vitest";
import { Setting } from "obsidian";
import { addNumberField, numberProblem } from "../../src/ui/number-setting";
import { modelHint } from "../../src/ui/model-picker";

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
  it("hints each model's tier, and its price where known", () => {
    expect(modelHint("claude-haiku-4-5", () => ({ input: 1, output: 5 }))).toBe("fast, cheapest · $1 / $5 per M tokens");
    expect(modelHint("claude-sonnet-5-5")).toBe("balanced");
    expect(modelHint("claude-opus-4-1", () => null)).toBe("most capable, dearest");
    expect(modelHint("local-llama")).toBe("");
  });
});
