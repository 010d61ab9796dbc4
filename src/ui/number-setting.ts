import type { Setting } from "obsidian";

/** What a number field accepts. */
export interface NumberRule {
  min: number;
  /** Inclusive; absent: no upper bound. */
  max?: number;
  /** True: whole numbers only. */
  integer?: boolean;
  /** True: the least value itself is refused (e.g. a budget must be above 0). */
  aboveMin?: boolean;
}

/** Why a typed value is refused, in a sentence, or null when it is accepted. */
export function numberProblem(text: string, rule: NumberRule): string | null {
  const n = Number(text.trim());
  const kind = rule.integer ? "a whole number" : "a number";
  const range = rule.max !== undefined ? ` from ${rule.min} to ${rule.max}` : rule.aboveMin ? ` above ${rule.min}` : ` of ${rule.min} or more`;
  const ok =
    text.trim() !== "" &&
    Number.isFinite(n) &&
    (!rule.integer || Number.isInteger(n)) &&
    (rule.aboveMin ? n > rule.min : n >= rule.min) &&
    (rule.max === undefined || n <= rule.max);
  return ok ? null : `Enter ${kind}${range}.`;
}

/**
 * A number field on a settings row that says when what was typed is refused: the field is marked invalid
 * (aria-invalid, a red outline) and a line under the description says what it takes and that the saved value stays;
 * a valid value is saved at once and the line goes away.
 */
export function addNumberField(setting: Setting, value: number, rule: NumberRule, save: (n: number) => Promise<void>): void {
  const message = setting.descEl.createDiv({ cls: "kc-setting-status kc-setting-error kc-hidden", attr: { "aria-live": "polite" } });
  let saved = value;
  setting.addText((t) => {
    t.inputEl.setAttr("inputmode", rule.integer ? "numeric" : "decimal");
    t.setValue(String(value)).onChange(async (v) => {
      const problem = numberProblem(v, rule);
      t.inputEl.toggleClass("kc-setting-invalid", problem !== null);
      t.inputEl.setAttr("aria-invalid", problem === null ? null : "true");
      message.toggleClass("kc-hidden", problem === null);
      message.setText(problem === null ? "" : `${problem} ${saved} stays saved until then.`);
      if (problem !== null) return;
      saved = Number(v.trim());
      await save(saved);
    });
  });
}
