import { localDate } from "../util/local-date";
import { isMonthSummary, type SpendRecord } from "./spend-entry";

/** Calls and their cost over a stretch of time. */
export interface SpendTotal {
  calls: number;
  usd: number;
  /** Calls whose model had no known price: counted, not in usd. */
  unknownCalls: number;
}

/** What was spent today, this month, and this month by feature. */
export interface SpendSummary {
  /** The local day and month the figures are for. */
  day: string;
  month: string;
  today: SpendTotal;
  thisMonth: SpendTotal;
  byFeature: Record<string, SpendTotal>;
}

const empty = (): SpendTotal => ({ calls: 0, usd: 0, unknownCalls: 0 });

/** Adds one call or one month's summary into a total. */
function add(total: SpendTotal, calls: number, usd: number | null, unknownCalls = 0): void {
  total.calls += calls;
  if (usd === null) total.unknownCalls += calls;
  else total.usd += usd;
  total.unknownCalls += unknownCalls;
}

/** Today's, this month's and this month's by-feature spend from the ledger's records, on the person's clock. */
export function summarizeSpend(records: readonly SpendRecord[], now: Date): SpendSummary {
  const day = localDate(now);
  const month = day.slice(0, 7);
  const s: SpendSummary = { day, month, today: empty(), thisMonth: empty(), byFeature: {} };
  for (const r of records) {
    if (isMonthSummary(r)) {
      if (r.month !== month) continue;
      add(s.thisMonth, r.calls, r.usd, r.unknownCalls);
      for (const [f, t] of Object.entries(r.byFeature)) add((s.byFeature[f] ??= empty()), t.calls, t.usd);
      continue;
    }
    if (r.day.slice(0, 7) !== month) continue;
    add(s.thisMonth, 1, r.usd);
    add((s.byFeature[r.feature] ??= empty()), 1, r.usd);
    if (r.day === day) add(s.today, 1, r.usd);
  }
  return s;
}

/** Spend since a day (inclusive), in total, by feature and by day (months summarised count under their first day). */
export function spendSince(
  records: readonly SpendRecord[],
  since: string,
): { total: SpendTotal; byFeature: Record<string, SpendTotal>; byDay: Record<string, SpendTotal> } {
  const total = empty();
  const byFeature: Record<string, SpendTotal> = {};
  const byDay: Record<string, SpendTotal> = {};
  for (const r of records) {
    if (isMonthSummary(r)) {
      // A summarised month counts only when all of it is after `since` (its days are no longer known).
      if (`${r.month}-01` < since) continue;
      add(total, r.calls, r.usd, r.unknownCalls);
      add((byDay[`${r.month}-01`] ??= empty()), r.calls, r.usd, r.unknownCalls);
      for (const [f, t] of Object.entries(r.byFeature)) add((byFeature[f] ??= empty()), t.calls, t.usd);
      continue;
    }
    if (r.day < since) continue;
    add(total, 1, r.usd);
    add((byFeature[r.feature] ??= empty()), 1, r.usd);
    add((byDay[r.day] ??= empty()), 1, r.usd);
  }
  return { total, byFeature, byDay };
}
