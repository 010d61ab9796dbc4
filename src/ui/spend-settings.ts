import type { Setting, TextComponent } from "obsidian";
import { formatCost } from "../core/llm/cost";
import { priceFor } from "../core/llm/models";
import type { PriceViews } from "./price-views";
import type { SpendCaps } from "../core/spend/spend-settings";
import type { SpendSummary, SpendTotal } from "../core/spend/summarize-spend";
import type { AskSettings } from "../core/settings/plugin-data";
import type { SettingRow, SettingSection } from "./setting-rows";
import { addNumberField, numberProblem, parseTyped, rowMessage } from "./number-setting";

/** What the spend rows need from the plugin: the models' prices (Ask's settings), the caps, and the ledger's figures. */
export interface SpendSettingsHost {
  ask(): AskSettings;
  updateAsk(patch: Partial<AskSettings>): Promise<void>;
  spend(): SpendCaps;
  updateSpend(patch: Partial<SpendCaps>): Promise<void>;
  /** Today's, this month's and this month's by-feature spend, from the spend ledger. */
  spendSummary(): Promise<SpendSummary>;
}

/** "$0.1200 (3 calls)", with the calls of unknown cost named. */
function describeTotal(t: SpendTotal): string {
  const unknown = t.unknownCalls > 0 ? `, ${t.unknownCalls} of unknown cost` : "";
  return `${formatCost(t.usd)} (${t.calls} call${t.calls === 1 ? "" : "s"}${unknown})`;
}

/** The spend in one paragraph: today, this month, and this month by feature. */
export function describeSpend(s: SpendSummary): string {
  const features = Object.entries(s.byFeature)
    .sort((a, b) => b[1].usd - a[1].usd)
    .map(([f, t]) => `${f} ${describeTotal(t)}`);
  return `Today ${describeTotal(s.today)}; this month ${describeTotal(s.thisMonth)}.${features.length > 0 ? ` By feature this month: ${features.join(", ")}.` : ""}`;
}

/** One row for a model's own price: input and output per million tokens over its list price (empty: the list price). */
function priceRow(host: SpendSettingsHost, views: PriceViews, name: string, modelOf: (a: AskSettings) => string): SettingRow {
  const listed = (): string => {
    const id = modelOf(host.ask());
    const p = priceFor(id);
    return p
      ? `${id}: list price $${p.input} in, $${p.output} out per million tokens. Leave empty to use it.`
      : `${id} is not in the table of known prices: its costs show as unknown, and the caps refuse it, until you set its price here.`;
  };
  return {
    name,
    desc: "USD per million input and output tokens, used for every estimate, cost and cap of this model.",
    aliases: ["cost", "price"],
    render: (setting: Setting) => {
      const listedEl = setting.descEl.createDiv({ cls: "kc-setting-price" });
      const message = rowMessage(setting);
      const fields: TextComponent[] = [];
      const save = async (): Promise<void> => {
        const a = host.ask();
        const id = modelOf(a);
        const [input, output] = fields.map((f) => f.getValue().trim()) as [string, string];
        const overrides = { ...a.priceOverrides };
        const rule = { min: 0, money: true };
        // Each field is marked on its own; the row's one message says what it takes, and the saved price stays.
        const bad = [input, output].map((v) => v !== "" && numberProblem(v, rule) !== null);
        fields.forEach((f, k) => {
          f.inputEl.toggleClass("kc-setting-invalid", bad[k]!);
          f.inputEl.setAttr("aria-invalid", bad[k] ? "true" : null);
        });
        const listedPrice = priceFor(id);
        const i = input === "" ? listedPrice?.input : parseTyped(input, rule);
        const o = output === "" ? listedPrice?.output : parseTyped(output, rule);
        const empty = input === "" && output === "";
        const problem = bad.some(Boolean)
          ? "Enter a price in dollars per million tokens, 0 or more (empty: the list price)."
          : !empty && (i === undefined || o === undefined)
            ? `${id} has no list price: enter both its input and its output price.`
            : null;
        message.toggleClass("kc-hidden", problem === null);
        message.setText(problem === null ? "" : `${problem} The saved price stays until then.`);
        if (problem !== null) return;
        if (empty) delete overrides[id];
        else overrides[id] = { input: i!, output: o! };
        await host.updateAsk({ priceOverrides: overrides });
        views.refresh();
      };
      for (const key of ["input", "output"] as const) {
        setting.addText((t) => {
          t.onChange(save);
          t.inputEl.setAttribute("aria-label", `${name}: ${key}`);
          fields.push(t);
        });
      }
      // The list price and the person's own follow the model picked (a field being typed in keeps its text).
      views.follow(() => {
        listedEl.setText(listed());
        const id = modelOf(host.ask());
        const own = host.ask().priceOverrides[id];
        const p = priceFor(id);
        for (const [i, key] of (["input", "output"] as const).entries()) {
          const t = fields[i]!;
          t.setPlaceholder(p ? String(p[key]) : key);
          if (t.inputEl.ownerDocument.activeElement !== t.inputEl) t.setValue(own ? String(own[key]) : "");
        }
      });
    },
  };
}

/** The price rows of the Ask section: the answer model's and the choosing model's own price. */
export function priceRows(host: SpendSettingsHost, views: PriceViews): SettingRow[] {
  return [priceRow(host, views, "Price of the answer model", (a) => a.model), priceRow(host, views, "Price of the model that chooses", (a) => a.selectModel)];
}

/** A cap row: USD, 0 (or empty) turns it off; "$5" is read as 5; anything else is refused with a message in the row. */
function capRow(host: SpendSettingsHost, name: string, desc: string, key: keyof SpendCaps): SettingRow {
  return {
    name,
    desc,
    aliases: ["cap", "limit", "budget", "cost"],
    render: (s: Setting) => addNumberField(s, host.spend()[key], { min: 0, money: true, empty: 0 }, (n) => host.updateSpend({ [key]: n })),
  };
}

/** The Spend section: what the model calls cost today and this month, by feature, and the caps that hold them. */
export function spendSection(host: SpendSettingsHost): SettingSection {
  return {
    heading: "Spend",
    rows: [
      {
        name: "Spent",
        desc: "Every model call of the plugin and of kc, at each model's price (spend-ledger.jsonl in the plugin's folder).",
        aliases: ["cost", "usage", "ledger"],
        render: (setting) => {
          const el = setting.descEl.createDiv({ cls: "kc-spend-summary", text: "Reading the spend ledger…" });
          void host.spendSummary().then(
            (s) => el.setText(describeSpend(s)),
            () => el.setText("The spend ledger cannot be read."),
          );
        },
      },
      capRow(
        host,
        "Daily cap (USD)",
        "Before every model call, a call whose worst case (with the calls still under way) would take today's spend past this is refused, never sent. A day starts at local midnight in this device's time zone. 0 turns the cap off (the default).",
        "dailyCapUsd",
      ),
      capRow(host, "Monthly cap (USD)", "The same for the calendar month. 0 turns the cap off (the default).", "monthlyCapUsd"),
    ],
  };
}
