import type { PluginFileStore } from "../ports/host";
import { acquireLockFile, type LockFiles } from "../util/lock-file";
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

/** The ledger's lock file beside it: held for one append and the trim after it, never across a model call. */
export const SPEND_LEDGER_LOCK = "spend-ledger.lock";

/** How long an append waits for another host's append and trim before it appends without the lock. */
const LOCK_WAIT_MS = 3000;

/** The cross-process lock of a host's ledger: the lock file's operations, its path, and who this host is. */
export interface SpendLedgerLock {
  files: LockFiles;
  /** The lock file's path, as `files` takes it (SPEND_LEDGER_LOCK in the plugin's folder). */
  path: string;
  owner: { pid: unknown; token: () => string };
}

/**
 * The spend ledger over the plugin's files: each call is appended as one line (so the plugin and kc writing at
 * once each add whole lines), and reading skips any line that is not a record. Only trimming rewrites the file: with
 * a lock (the plugin and kc both pass one: SPEND_LEDGER_LOCK, taken as the vault's write lock is, by acquireLockFile)
 * every append and every trim happens while holding it, so no line can be appended between a trim's read and its
 * write. A separate lock from the vault's write lock, since a compile holds that one while it calls the model.
 * An append that cannot take the lock in time still appends (whole lines need no lock) and leaves trimming for later.
 */
export class SpendLedger {
  constructor(
    private readonly files: PluginFileStore,
    private readonly lock?: SpendLedgerLock,
  ) {}

  /** Every record of the ledger (none when the file does not exist yet). */
  async read(): Promise<SpendRecord[]> {
    return parseSpendLedger((await this.files.read(SPEND_LEDGER_FILE)) ?? "");
  }

  /** Adds one call at the end of the ledger, then trims it when old calls are due to be folded (under the lock). */
  async append(entry: SpendEntry, now: Date): Promise<void> {
    const line = `${JSON.stringify(entry)}\n`;
    if (!this.lock) {
      await this.appendLine(line);
      await this.trim(now);
      return;
    }
    const { files, path, owner } = this.lock;
    const got = await acquireLockFile(files, path, { pid: owner.pid, token: owner.token() }, LOCK_WAIT_MS).catch(() => null);
    if (!got?.ok) {
      await this.appendLine(line);
      return;
    }
    try {
      await this.appendLine(line);
      await this.trim(now);
    } finally {
      await got.release().catch(() => undefined);
    }
  }

  private async appendLine(line: string): Promise<void> {
    if (this.files.append) await this.files.append(SPEND_LEDGER_FILE, line);
    else {
      const text = (await this.files.read(SPEND_LEDGER_FILE)) ?? "";
      await this.files.write(SPEND_LEDGER_FILE, `${text}${text === "" || text.endsWith("\n") ? "" : "\n"}${line}`);
    }
  }

  private async trim(now: Date): Promise<void> {
    const trimmed = trimSpend(await this.read(), now);
    if (trimmed) await this.files.write(SPEND_LEDGER_FILE, serialize(trimmed));
  }
}
