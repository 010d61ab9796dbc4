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
  /** True: an amount in US dollars, which may be typed with its sign ("$5", "5 USD"). */
  money?: boolean;
  /** The value an empty field means (a cap: 0, off); absent: an empty field is refused. */
  empty?: number;
}

/** The number typed, as the rule reads it (a dollar sign or "USD" around an amount, an empty field), or NaN. */
export function parseTyped(text: string, rule: NumberRule): number {
  let t = text.trim();
  if (t === "") return rule.empty ?? Number.NaN;
  if (rule.money) t = t.replace(/^(?:US)?\$\s*/i, "").replace(/\s*(?:USD|\$)$/i, "");
  // Number() reads "", "0x10" and "1e3" too: only plain decimals are what a person means here.
  return /^[+]?(?:\d+\.?\d*|\.\d+)$/.test(t) ? Number(t) : Number.NaN;
}

/** Why a typed value is refused, in a sentence, or null when it is accepted. */
export function numberProblem(text: string, rule: NumberRule): string | null {
  const n = parseTyped(text, rule);
  const kind = rule.money ? "an amount in dollars" : rule.integer ? "a whole number" : "a number";
  const range = rule.max !== undefined ? ` from ${rule.min} to ${rule.max}` : rule.aboveMin ? ` above ${rule.min}` : ` of ${rule.min} or more`;
  const ok =
    Number.isFinite(n) && (!rule.integer || Number.isInteger(n)) && (rule.aboveMin ? n > rule.min : n >= rule.min) && (rule.max === undefined || n <= rule.max);
  return ok ? null : `Enter ${kind}${range}${rule.empty !== undefined ? ` (empty: ${rule.empty})` : ""}.`;
}

/**
 * A number field on a settings row that says when what was typed is refused: the field is marked invalid
 * (aria-invalid, a red outline) and a line under the description says what it takes and that the saved value stays;
 * a valid value is saved at once and the line goes away.
 */
export function addNumberField(setting: Setting, value: number, rule: NumberRule, save: (n: number) => Promise<void>): void {
  const message = rowMessage(setting);
  let saved = value;
  setting.addText((t) => {
    t.inputEl.setAttr("inputmode", rule.integer ? "numeric" : "decimal");
    if (rule.empty !== undefined) t.setPlaceholder(String(rule.empty));
    t.setValue(String(value)).onChange(async (v) => {
      const problem = numberProblem(v, rule);
      markField(t.inputEl, message, problem === null ? null : `${problem} ${rule.money ? `$${saved}` : saved} stays saved until then.`);
      if (problem !== null) return;
      saved = parseTyped(v, rule);
      await save(saved);
    });
  });
}

/** The line under a settings row's description that says why what was typed is refused (hidden while nothing is). */
export function rowMessage(setting: Setting): HTMLElement {
  return setting.descEl.createDiv({ cls: "kc-setting-status kc-setting-error kc-hidden", attr: { "aria-live": "polite" } });
}

/** Marks a field refused (aria-invalid, a red outline) with the row's message saying why, or clears both (null). */
export function markField(input: HTMLElement, message: HTMLElement, problem: string | null): void {
  input.toggleClass("kc-setting-invalid", problem !== null);
  input.setAttr("aria-invalid", problem === null ? null : "true");
  message.toggleClass("kc-hidden", problem === null);
  message.setText(problem ?? "");
}
