import type { PluginFileStore } from "../workflows/host";
import { localDate } from "../util/local-date";
import { isMonthSummary, parseSpendLedger, type SpendEntry, type SpendMonthSummary, type SpendRecord } from "./spend-entry";

/** The ledger's file in the plugin's folder, shared by the plugin and kc. */
export const SPEND_LEDGER_FILE = "spend-ledger.jsonl";

/** Calls of the last this many days are kept one by one (this month and the last are always whole). */
export const KEEP_DAYS = 62;
/** At most this many calls are kept one by one; older ones are folded into their month's summary. */
export const MAX_ENTRIES = 5000;

/**
 * The records after trimming, or null when nothing needs it: calls older than `keepDays` (and the oldest beyond
 * `maxEntries`) are folded into one summary per month, merged with the summaries already there.
 */
export function trimSpend(records: readonly SpendRecord[], now: Date, keepDays = KEEP_DAYS, maxEntries = MAX_ENTRIES): SpendRecord[] | null {
  const cutoff = localDate(new Date(now.getFullYear(), now.getMonth(), now.getDate() - keepDays));
  const entries = records.filter((r): r is SpendEntry => !isMonthSummary(r));
  const tooMany = Math.max(0, entries.length - maxEntries);
  const old = new Set(entries.filter((e, i) => e.day < cutoff || i < tooMany));
  if (old.size === 0) return null;
  const months = new Map<string, SpendMonthSummary>();
  for (const r of records) if (isMonthSummary(r)) months.set(r.month, { ...r, byFeature: { ...r.byFeature } });
  for (const e of old) {
    const m = e.day.slice(0, 7);
    const s = months.get(m) ?? { kind: "month", month: m, calls: 0, usd: 0, unknownCalls: 0, byFeature: {} };
    s.calls++;
    if (e.usd === null) s.unknownCalls++;
    else s.usd += e.usd;
    const f = (s.byFeature[e.feature] ??= { calls: 0, usd: 0 });
    f.calls++;
    f.usd += e.usd ?? 0;
    months.set(m, s);
  }
  const summaries = [...months.values()].sort((a, b) => a.month.localeCompare(b.month));
  return [...summaries, ...entries.filter((e) => !old.has(e))];
}

/** The ledger's text for records, one JSON object a line. */
function serialize(records: readonly SpendRecord[]): string {
  return records.map((r) => `${JSON.stringify(r)}\n`).join("");
}

/**
 * The spend ledger over the plugin's files: each call is appended as one line (so the plugin and kc writing at
 * once each add whole lines); only trimming rewrites the file, re-read just before, and reading skips any line that
 * is not a record. A call appended by another writer in the instant between trimming's read and write can be lost:
 * trimming runs at most about once a day, and caps also count this process's calls in memory.
 */
export class SpendLedger {
  constructor(private readonly files: PluginFileStore) {}

  /** Every record of the ledger (none when the file does not exist yet). */
  async read(): Promise<SpendRecord[]> {
    return parseSpendLedger((await this.files.read(SPEND_LEDGER_FILE)) ?? "");
  }

  /** Adds one call at the end of the ledger, then trims it when old calls are due to be folded. */
  async append(entry: SpendEntry, now: Date): Promise<void> {
    const line = `${JSON.stringify(entry)}\n`;
    if (this.files.append) await this.files.append(SPEND_LEDGER_FILE, line);
    else {
      const text = (await this.files.read(SPEND_LEDGER_FILE)) ?? "";
      await this.files.write(SPEND_LEDGER_FILE, `${text}${text === "" || text.endsWith("\n") ? "" : "\n"}${line}`);
    }
    const trimmed = trimSpend(await this.read(), now);
    if (trimmed) await this.files.write(SPEND_LEDGER_FILE, serialize(trimmed));
  }
}
