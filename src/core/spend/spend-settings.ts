import { priceFor, type PriceOverride } from "../llm/models";

/** The caps on spending (data.json's `spend` section): 0 turns a cap off. */
export interface SpendCaps {
  /** USD a day all model calls together may cost; a day runs from local midnight to local midnight (the computer's time zone). */
  dailyCapUsd: number;
  /** USD a calendar month all model calls together may cost. */
  monthlyCapUsd: number;
}

/** What a person decides about spending: the caps, and their own price per model (data.json's `ask.priceOverrides`). */
export interface SpendSettings extends SpendCaps {
  /** The person's price for a model id, over the table of known prices. */
  priceOverrides: Record<string, PriceOverride>;
}

/** No caps and the table's prices: nothing is refused until a person sets a cap. */
export const DEFAULT_SPEND_SETTINGS: SpendSettings = { dailyCapUsd: 0, monthlyCapUsd: 0, priceOverrides: {} };

/** The default of the free price fields before per-model prices. */
const LEGACY_DEFAULT = { input: 2, output: 10 };

const record = (v: unknown): Record<string, unknown> => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const amount = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : undefined);

/** A saved override, or null when its input or output price is missing or not a non-negative number. */
function readOverride(raw: unknown): PriceOverride | null {
  const o = record(raw);
  const input = amount(o.input);
  const output = amount(o.output);
  if (input === undefined || output === undefined) return null;
  const cacheWrite = amount(o.cacheWrite);
  const cacheRead = amount(o.cacheRead);
  return { input, output, ...(cacheWrite !== undefined ? { cacheWrite } : {}), ...(cacheRead !== undefined ? { cacheRead } : {}) };
}

/**
 * The spend settings of the plugin's data.json (the whole file's object; the plugin and kc read it the same way):
 * the caps of its `spend` section and the overrides of `ask.priceOverrides` over the defaults, and the free
 * `ask.priceInput` / `ask.priceOutput` of earlier versions
 * migrated to an override for the model they were saved with, unless they are that model's list price anyway or the
 * fields' old default (which did not follow the model).
 */
export function readSpendSettings(data: unknown): SpendSettings {
  const saved = record(record(data).spend);
  const ask = record(record(data).ask);
  const overrides: Record<string, PriceOverride> = {};
  for (const [id, raw] of Object.entries(record(ask.priceOverrides))) {
    const o = readOverride(raw);
    if (o && id.trim() !== "") overrides[id.trim()] = o;
  }
  const legacy = readOverride({ input: ask.priceInput, output: ask.priceOutput });
  const model = typeof ask.model === "string" && ask.model.trim() !== "" ? ask.model.trim() : null;
  // $2 / $10 was the fields' default whatever the model: kept, it says nothing a person chose (the defect of issue 24).
  const untouched = legacy?.input === LEGACY_DEFAULT.input && legacy.output === LEGACY_DEFAULT.output;
  if (legacy && model && !untouched && !(model in overrides) && legacy.input > 0 && legacy.output > 0) {
    const listed = priceFor(model);
    if (!listed || listed.input !== legacy.input || listed.output !== legacy.output) overrides[model] = legacy;
  }
  return {
    dailyCapUsd: capAmount(saved.dailyCapUsd) ?? 0,
    monthlyCapUsd: capAmount(saved.monthlyCapUsd) ?? 0,
    priceOverrides: overrides,
  };
}

/** A cap as saved: a non-negative number, or text a person would write for one ("5", "$5", "5.50 USD"); else undefined. */
export function capAmount(v: unknown): number | undefined {
  if (typeof v === "number") return amount(v);
  if (typeof v !== "string") return undefined;
  const m = /^\s*\$?\s*(\d{1,12}(?:\.\d{0,12})?|\.\d{1,12})\s*(?:usd|dollars?)?\s*$/i.exec(v);
  return m ? amount(Number(m[1])) : undefined;
}

/**
 * What is wrong with the caps of data.json's `spend` section: one sentence per cap that is set but not an amount
 * (it would otherwise silently be off). kc refuses model calls until it is fixed; the plugin warns.
 */
export function spendCapProblems(data: unknown): string[] {
  const saved = record(record(data).spend);
  const problems: string[] = [];
  for (const key of ["dailyCapUsd", "monthlyCapUsd"] as const) {
    const v = saved[key];
    if (v === undefined || v === null || capAmount(v) !== undefined) continue;
    problems.push(
      `data.json: spend.${key} is ${JSON.stringify(v)?.slice(0, 40) ?? String(typeof v)}, not an amount in US dollars, so the cap cannot be applied; write a number such as 5 (0 turns the cap off).`,
    );
  }
  return problems;
}
