// The view harness's check that prices follow the model picked, run inside the settings page (the real settings tab):
// picks Claude Haiku 5.5 and then Claude Opus 5.5 in both model pickers and reads every price and cost the tab shows
// (the answer model's and the choosing model's list price and price fields, capture's most distillation cost a day),
// then types an id no table knows. Self-contained: Playwright sends the functions' source to the page. It runs as the
// page's preparation, so the layout, contrast and keyboard checks then see the tab as the picks left it.

/** Picks the models and keeps what the settings tab got wrong about prices in window.KC_PRICE_FINDINGS. */
export async function pickModelsAndReadPrices(): Promise<void> {
  const out: string[] = [];
  const tick = (): Promise<void> => new Promise((r) => window.setTimeout(r, 30));
  const row = (name: string): HTMLElement | undefined =>
    [...document.querySelectorAll<HTMLElement>(".setting-item")].find((r) => r.querySelector(".setting-item-name")?.textContent === name);
  const shown = (name: string): string => row(name)?.querySelector(".kc-setting-price")?.textContent ?? "";
  const dollars = (text: string): number[] => [...text.matchAll(/\$(\d+(?:\.\d+)?)/g)].map((m) => Number(m[1]));
  const pick = async (name: string, id: string): Promise<void> => {
    const select = row(name)?.querySelector("select");
    if (!select) {
      out.push(`"${name}" shows no model list`);
      return;
    }
    select.value = id;
    select.dispatchEvent(new Event("change"));
    await tick();
  };
  // Opus 5.5 costs 40 times Haiku 5.5 in and out ($4 / $20 against $0.10 / $0.50 per million tokens).
  const RATIO = 40;
  const follows = (what: string, before: number[], after: number[], tolerance: number): void => {
    const ok = before.length > 0 && before.length === after.length && before.every((b, i) => Math.abs(after[i]! / b / RATIO - 1) <= tolerance);
    if (!ok) out.push(`${what}: $${before.join(", $")} with Haiku 5.5 became $${after.join(", $")} with Opus 5.5, not ${RATIO} times`);
  };
  const answer = "Price of the answer model";
  const chooser = "Price of the model that chooses";
  const distil = "Distil with the model";
  await pick("Model ID", "claude-haiku-5-5");
  await pick("Model that chooses", "claude-haiku-5-5");
  const before = { answer: dollars(shown(answer)), chooser: dollars(shown(chooser)), distil: dollars(shown(distil)) };
  await pick("Model ID", "claude-opus-5-5");
  await pick("Model that chooses", "claude-opus-5-5");
  follows("the answer model's list price", before.answer, dollars(shown(answer)), 0);
  follows("the choosing model's list price", before.chooser, dollars(shown(chooser)), 0);
  // Haiku's distillation cost is shown to 4 decimals: 40 times within its rounding.
  follows("capture's most distillation cost a day", before.distil, dollars(shown(distil)), 0.05);
  if (!shown(distil).includes("claude-opus-5-5")) out.push(`the distillation cost does not name the model picked: "${shown(distil)}"`);
  const placeholder = row(answer)?.querySelector("input")?.placeholder;
  if (placeholder !== "4") out.push(`the answer model's price field suggests ${placeholder ?? "nothing"}, not Opus 5.5's $4 in`);
  // An id typed in "Other…": unknown, never another model's price.
  await pick("Model that chooses", "");
  const typed = row("Model that chooses")?.querySelector<HTMLInputElement>("input");
  if (typed) {
    typed.value = "my-local-model";
    typed.dispatchEvent(new Event("input"));
    await tick();
  }
  if (!shown(chooser).includes("my-local-model is not in the table of known prices")) out.push(`an unknown model's price row says "${shown(chooser)}"`);
  if (!shown(distil).startsWith("Its cost is unknown") || dollars(shown(distil)).length > 0)
    out.push(`an unknown model's distillation cost says "${shown(distil)}"`);
  // "Other…" put the focus in the typed field: Tab starts again from the top for the keyboard check.
  const top = createEl("button");
  document.body.prepend(top);
  top.focus();
  top.remove();
  (window as unknown as { KC_PRICE_FINDINGS: string[] }).KC_PRICE_FINDINGS = out;
}

/** What pickModelsAndReadPrices found (empty when every figure followed the model). */
export function priceFindings(): string[] {
  return (window as unknown as { KC_PRICE_FINDINGS?: string[] }).KC_PRICE_FINDINGS ?? ["the model picks were never made"];
}
