import type { PluginFileStore } from "../ports/host";
import { acquireLockFile, type LockFiles } from "../util/lock-file";
import { localDate } from "../util/local-date";
import { isMonthSummary, parseSpendLedger, type SpendEntry, type SpendMonthSummary, type SpendRecord } from "./spend-entry";
import { summarizeSpend } from "./summarize-spend";

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

/** The ledger's lock file beside it: held for one reservation, or one append and the trim after it, never across a model call. */
export const SPEND_LEDGER_LOCK = "spend-ledger.lock";

/** The calls under way of every host, beside the ledger: rewritten whole, only under the ledger's lock. */
export const SPEND_RESERVATIONS_FILE = "spend-reservations.json";

/**
 * A reservation older than this is let go whatever its process says: a call (its retries and waits included) takes
 * minutes, not half an hour, so a host that crashed or was closed mid-call blocks nothing for long.
 */
export const RESERVATION_TTL_MS = 30 * 60 * 1000;

/** How long a reservation or an append waits for another host's turn at the ledger. */
const LOCK_WAIT_MS = 5000;

/** A call under way: its worst case, counted against the caps from before it is sent until it is settled. */
export interface SpendReservation {
  id: string;
  /** The call's worst case in USD. */
  usd: number;
  /** The local day it was made (YYYY-MM-DD). */
  day: string;
  /** When it was made (ms since the epoch). */
  at: number;
  /** The process that made it (a number for kc; the plugin's own label), so a crashed one's can be let go. */
  pid: unknown;
}

/** What today and this month have cost so far: the ledger's calls and the reservations of calls under way. */
export interface SpentSoFar {
  today: number;
  month: number;
  /** The part of `today` that is calls under way. */
  reservedToday: number;
}

/** The ledger (or its lock, or its reservations) cannot be read or written: the cause, in words a person can act on. */
export class SpendLedgerUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SpendLedgerUnavailable";
  }
}

/** The cross-process lock of a host's ledger: the lock file's operations, its path, and who this host is. */
export interface SpendLedgerLock {
  files: LockFiles;
  /** The lock file's path, as `files` takes it (SPEND_LEDGER_LOCK in the plugin's folder). */
  path: string;
  owner: { pid: unknown; token: () => string };
}

/** The live reservations a file holds: well-formed ones younger than the TTL whose process may still run. */
export function liveReservations(text: string | null, nowMs: number, isAlive: (pid: unknown) => boolean | undefined = () => undefined): SpendReservation[] {
  let v: unknown;
  try {
    v = JSON.parse(text ?? "[]");
  } catch {
    return [];
  }
  if (!Array.isArray(v)) return [];
  return v.filter(
    (r): r is SpendReservation =>
      typeof r === "object" &&
      r !== null &&
      typeof (r as SpendReservation).id === "string" &&
      typeof (r as SpendReservation).usd === "number" &&
      (r as SpendReservation).usd >= 0 &&
      typeof (r as SpendReservation).day === "string" &&
      typeof (r as SpendReservation).at === "number" &&
      nowMs - (r as SpendReservation).at < RESERVATION_TTL_MS &&
      isAlive((r as SpendReservation).pid) !== false,
  );
}

/**
 * The spend ledger over the plugin's files: each call is appended as one line (so the plugin and kc writing at
 * once each add whole lines), and reading skips any line that is not a record. Only trimming rewrites the file.
 *
 * A capped call is reserved before it is sent: under the ledger's lock (SPEND_LEDGER_LOCK, taken by acquireLockFile
 * in both hosts, and one turn at a time within a host) the ledger and the reservations of calls under way are read,
 * the caps decided on, and the call's worst case added to the reservations, so neither calls at once in one host nor
 * hosts at once can all slip under a cap. Settling appends what the call used and drops its reservation, under the
 * lock again. A separate lock from the vault's write lock, since a compile holds that one while it calls the model.
 * A reservation that cannot be made (lock, ledger or reservations unreadable or unwritable) is a
 * SpendLedgerUnavailable: the caller refuses the call. An append that cannot take the lock in time still appends
 * (whole lines need no lock) and leaves trimming for later.
 */
export class SpendLedger {
  private turn: Promise<unknown> = Promise.resolve();
  private seq = 0;

  constructor(
    private readonly files: PluginFileStore,
    private readonly lock?: SpendLedgerLock,
  ) {}

  /** Every record of the ledger (none when the file does not exist yet). */
  async read(): Promise<SpendRecord[]> {
    return parseSpendLedger((await this.files.read(SPEND_LEDGER_FILE)) ?? "");
  }

  /**
   * Reserves `usd` for a call about to be sent when `decide` (given what today and this month have cost, calls
   * under way included) finds no reason to refuse; otherwise returns that reason and reserves nothing.
   * Throws SpendLedgerUnavailable when the lock cannot be taken or a file cannot be read or written.
   */
  async reserve<E>(usd: number, now: Date, decide: (spent: SpentSoFar) => E | null): Promise<{ ok: true; id: string } | { ok: false; error: E }> {
    return this.exclusive(
      async () => {
        const text = await this.readFile(SPEND_LEDGER_FILE);
        const reservations = await this.reservations(now);
        const s = summarizeSpend(parseSpendLedger(text ?? ""), now);
        const day = s.day;
        const reservedToday = sum(reservations.filter((r) => r.day === day));
        const reservedMonth = sum(reservations.filter((r) => r.day.slice(0, 7) === s.month));
        const refused = decide({ today: s.today.usd + reservedToday, month: s.thisMonth.usd + reservedMonth, reservedToday });
        if (refused !== null) return { ok: false as const, error: refused };
        // The ledger must take the call's line when it is settled: prove it can be written now (an append of nothing).
        await this.writeStep(SPEND_LEDGER_FILE, () => (this.files.append ? this.files.append(SPEND_LEDGER_FILE, "") : Promise.resolve()));
        const id = `${now.getTime().toString(36)}-${(this.seq++).toString(36)}-${this.lock?.owner.token() ?? "local"}`;
        const mine: SpendReservation = { id, usd, day, at: now.getTime(), pid: this.lock?.owner.pid ?? null };
        await this.writeReservations([...reservations, mine]);
        return { ok: true as const, id };
      },
      (cause) => {
        throw new SpendLedgerUnavailable(
          cause === null
            ? `its lock (${SPEND_LEDGER_LOCK} in the plugin's folder) is held by another program; try again in a moment.`
            : `its lock (${SPEND_LEDGER_LOCK} in the plugin's folder) cannot be taken (${cause}).`,
        );
      },
    );
  }

  /**
   * Ends a reservation (`id`, or null for a call that was not reserved): appends the call's record when it was billed
   * (`entry`, else null: nothing to record), drops the reservation, and trims the ledger when old calls are due to be
   * folded. A record that cannot be written keeps its reservation (still counted until it expires) and throws.
   */
  async settle(id: string | null, entry: SpendEntry | null, now: Date): Promise<void> {
    const line = entry ? `${JSON.stringify(entry)}\n` : "";
    await this.exclusive(
      async () => {
        if (line !== "") await this.appendLine(line, await this.readFile(SPEND_LEDGER_FILE));
        if (id !== null) {
          const reservations = await this.reservations(now);
          if (reservations.some((r) => r.id === id)) await this.writeReservations(reservations.filter((r) => r.id !== id));
        }
        if (line !== "") await this.trim(now);
      },
      // Whole lines need no lock: the record is kept, the trim waits for a later turn, the reservation expires.
      () => (line !== "" ? this.appendLine(line, null) : Promise.resolve()),
    );
  }

  /** Adds one call at the end of the ledger, then trims it when old calls are due to be folded (under the lock). */
  async append(entry: SpendEntry, now: Date): Promise<void> {
    await this.settle(null, entry, now);
  }

  /** Runs `step` in this ledger's turn, holding the cross-process lock when there is one; `unlocked` when it cannot be taken. */
  private exclusive<T>(step: () => Promise<T>, unlocked: (cause: string | null) => Promise<T>): Promise<T> {
    const run = async (): Promise<T> => {
      if (!this.lock) return step();
      const { files, path, owner } = this.lock;
      let got: Awaited<ReturnType<typeof acquireLockFile>>;
      try {
        got = await acquireLockFile(files, path, { pid: owner.pid, token: owner.token() }, LOCK_WAIT_MS);
      } catch (e) {
        return unlocked(messageOf(e));
      }
      if (!got.ok) return unlocked(null);
      try {
        return await step();
      } finally {
        await got.release().catch(() => undefined);
      }
    };
    const result = this.turn.then(run, run);
    this.turn = result.catch(() => undefined);
    return result;
  }

  private async reservations(now: Date): Promise<SpendReservation[]> {
    const isAlive = this.lock ? (pid: unknown) => this.lock!.files.isAlive(pid) : undefined;
    return liveReservations(await this.readFile(SPEND_RESERVATIONS_FILE), now.getTime(), isAlive);
  }

  private writeReservations(reservations: readonly SpendReservation[]): Promise<void> {
    return this.writeStep(SPEND_RESERVATIONS_FILE, () => this.files.write(SPEND_RESERVATIONS_FILE, JSON.stringify(reservations)));
  }

  private async readFile(name: string): Promise<string | null> {
    try {
      return await this.files.read(name);
    } catch (e) {
      throw new SpendLedgerUnavailable(`${name} in the plugin's folder cannot be read (${messageOf(e)}).`);
    }
  }

  private async writeStep(name: string, write: () => Promise<void>): Promise<void> {
    try {
      await write();
    } catch (e) {
      throw new SpendLedgerUnavailable(`${name} in the plugin's folder cannot be written (${messageOf(e)}).`);
    }
  }

  /** Appends a line, first ending a last line cut short (`text`: the ledger as read, or null when not read). */
  private async appendLine(line: string, text: string | null): Promise<void> {
    const ended = text === null || text === "" || text.endsWith("\n") ? line : `\n${line}`;
    if (this.files.append) await this.files.append(SPEND_LEDGER_FILE, ended);
    else {
      const now = (await this.files.read(SPEND_LEDGER_FILE)) ?? "";
      await this.files.write(SPEND_LEDGER_FILE, `${now}${now === "" || now.endsWith("\n") ? "" : "\n"}${line}`);
    }
  }

  private async trim(now: Date): Promise<void> {
    const trimmed = trimSpend(await this.read(), now);
    if (trimmed) await this.files.write(SPEND_LEDGER_FILE, serialize(trimmed));
  }
}

const sum = (rs: readonly SpendReservation[]): number => rs.reduce((t, r) => t + r.usd, 0);

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
