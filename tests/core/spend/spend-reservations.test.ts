import { describe, expect, it } from "vitest";
import { setTimeout } from "node:timers";
import type { Completion, CompletionRequest, LanguageModel, ModelError, TokenUsage } from "../../../src/core/llm/language-model";
import { estimateTokens } from "../../../src/core/llm/estimate-tokens";
import { priceFor } from "../../../src/core/llm/models";
import { err, ok, type Result } from "../../../src/core/result";
import { billingOf, worstCaseUsd } from "../../../src/core/spend/capped-model";
import { parseSpendLedger } from "../../../src/core/spend/spend-entry";
import {
  liveReservations,
  RESERVATION_TTL_MS,
  SPEND_LEDGER_FILE,
  SPEND_LEDGER_LOCK,
  SPEND_RESERVATIONS_FILE,
  SpendLedger,
  type SpendLedgerLock,
} from "../../../src/core/spend/spend-ledger";
import { spendModels } from "../../../src/core/spend/spend-models";
import { DEFAULT_SPEND_SETTINGS, type SpendSettings } from "../../../src/core/spend/spend-settings";
import type { LockFiles } from "../../../src/core/util/lock-file";
import type { ModelSource, PluginFileStore } from "../../../src/core/ports/host";
import { inMemoryPluginFiles } from "../../fakes/in-memory-plugin-files";

const MODEL = "claude-sonnet-5-5";
const price = priceFor(MODEL)!;
const request: CompletionRequest = { system: "You answer.", messages: [{ role: "user", content: "What is X?" }], maxTokens: 100 };
const worst = worstCaseUsd(request, price)!;
const now = () => new Date(2026, 9, 20, 12);
const usage = (input: number, output: number): TokenUsage => ({ inputTokens: input, outputTokens: output, cacheReadTokens: 0, cacheWriteTokens: 0 });
const completion = (u: TokenUsage): Completion => ({ text: "reply", usage: u, stopReason: "end_turn", model: MODEL });

/** Lock files in memory shared by several hosts: one map of files, a clock that moves only when a host sleeps. */
function sharedLock(alive: (pid: unknown) => boolean | undefined = () => true) {
  const files = new Map<string, { text: string; mtimeMs: number }>();
  let t = 1_000_000;
  const lockFiles: LockFiles = {
    createExclusive: (path, text) => {
      if (files.has(path)) return Promise.resolve(false);
      files.set(path, { text, mtimeMs: t });
      return Promise.resolve(true);
    },
    read: (path) => Promise.resolve(files.get(path) ?? null),
    remove: (path) => {
      files.delete(path);
      return Promise.resolve();
    },
    isAlive: alive,
    now: () => t,
    sleep: (ms) => {
      t += ms;
      return new Promise((r) => setTimeout(r, 0));
    },
  };
  let n = 0;
  const lockFor = (pid: number): SpendLedgerLock => ({ files: lockFiles, path: SPEND_LEDGER_LOCK, owner: { pid, token: () => `t${n++}` } });
  return { files, lockFor };
}

/** A model whose calls wait until the test lets them answer (`finish`), so every call is under way at once. */
class HeldModel implements LanguageModel {
  readonly requests: CompletionRequest[] = [];
  private waiting: (() => void)[] = [];
  constructor(private readonly reply: (request: CompletionRequest) => Result<Completion, ModelError>) {}
  async complete(r: CompletionRequest): Promise<Result<Completion, ModelError>> {
    this.requests.push(r);
    await new Promise<void>((go) => this.waiting.push(go));
    return this.reply(r);
  }
  stream(r: CompletionRequest): Promise<Result<Completion, ModelError>> {
    return this.complete(r);
  }
  estimateTokens(text: string): number {
    return estimateTokens(text);
  }
  finish(): void {
    for (const go of this.waiting.splice(0)) go();
  }
}

function host(files: PluginFileStore, inner: LanguageModel, settings: Partial<SpendSettings>, lock?: SpendLedgerLock) {
  const source: ModelSource = { get: () => Promise.resolve(ok({ id: MODEL, model: inner, price: null })), planned: () => ({ id: MODEL, price: null }) };
  const ledger = new SpendLedger(files, lock);
  return { ledger, models: spendModels(source, { ledger, settings: () => ({ ...DEFAULT_SPEND_SETTINGS, ...settings }), now }) };
}

async function modelOf(models: ModelSource): Promise<LanguageModel> {
  const got = await models.get("answer");
  if (!got.ok) throw new Error("no model");
  return got.value.model;
}

/** Waits until `check` holds, letting the other calls run (no timers). */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 10_000 && !check(); i++) await new Promise((r) => setTimeout(r, 0));
}

describe("caps that hold under concurrency", () => {
  it("sends no more calls at once than the cap admits, across hosts sharing one ledger and its lock", async () => {
    const files = inMemoryPluginFiles();
    const { lockFor } = sharedLock();
    const inner = new HeldModel(() => ok(completion(usage(100, 20))));
    // Ten hosts (each its own ledger object and lock owner, as ten processes or ten MCP loads), one call each.
    const models = await Promise.all(Array.from({ length: 10 }, (_, i) => modelOf(host(files, inner, { dailyCapUsd: worst * 2.5 }, lockFor(100 + i)).models)));
    const calls = models.map((m) => m.complete(request));
    // Let every host reach its decision: two are sent, eight refused, while the two are still under way.
    await until(() => inner.requests.length === 2 && (files.files.get(SPEND_RESERVATIONS_FILE) ?? "").includes('"usd"'));
    const refusedEarly = await Promise.race([Promise.all(calls.slice(2)), new Promise((r) => setTimeout(() => r("pending"), 50))]);
    inner.finish();
    const results = await Promise.all(calls);
    expect(refusedEarly).not.toBe("pending");
    expect(inner.requests).toHaveLength(2);
    expect(results.filter((r) => r.ok)).toHaveLength(2);
    expect(results.filter((r) => !r.ok && r.error.kind === "cap")).toHaveLength(8);
    expect(parseSpendLedger(files.files.get(SPEND_LEDGER_FILE)!)).toHaveLength(2);
    expect(JSON.parse(files.files.get(SPEND_RESERVATIONS_FILE)!)).toEqual([]);
  });

  it("counts calls under way of one host in its refusal message", async () => {
    const files = inMemoryPluginFiles();
    const inner = new HeldModel(() => ok(completion(usage(100, 20))));
    const model = await modelOf(host(files, inner, { dailyCapUsd: worst * 1.5 }).models);
    const first = model.complete(request);
    await until(() => inner.requests.length === 1);
    const second = await model.complete(request);
    expect(second).toMatchObject({ ok: false, error: { kind: "cap", period: "day" } });
    if (!second.ok) expect(second.error.message).toMatch(/calls still under way.*local midnight/);
    inner.finish();
    expect((await first).ok).toBe(true);
  });
});

describe("caps that hold under failure", () => {
  it("settles a reservation with the usage the API reported for a reply the client then refused", async () => {
    const files = inMemoryPluginFiles();
    const refused = (r: CompletionRequest): Result<Completion, ModelError> => {
      r.onUsage?.(usage(5000, 800));
      return err({ kind: "invalid-reply", message: "The model replied with 2 tool calls instead of one; the reply was not used." });
    };
    const inner = new HeldModel(refused);
    const model = await modelOf(host(files, inner, { dailyCapUsd: 10 }).models);
    const call = model.complete(request);
    await until(() => inner.requests.length === 1);
    inner.finish();
    expect(await call).toMatchObject({ ok: false, error: { kind: "invalid-reply" } });
    const [entry] = parseSpendLedger(files.files.get(SPEND_LEDGER_FILE)!);
    expect(entry).toMatchObject({ input: 5000, output: 800, usd: (5000 * price.input + 800 * price.output) / 1e6 });
    expect(JSON.parse(files.files.get(SPEND_RESERVATIONS_FILE)!)).toEqual([]);
  });

  it("records a billed reply refused by the client even when no cap is on", async () => {
    const files = inMemoryPluginFiles();
    const inner = new HeldModel((r) => {
      r.onUsage?.(usage(10, 10));
      r.onUsage?.(usage(5, 5));
      return err({ kind: "invalid-reply", message: "too large" });
    });
    const model = await modelOf(host(files, inner, {}).models);
    const call = model.complete(request);
    await until(() => inner.requests.length === 1);
    inner.finish();
    await call;
    expect(parseSpendLedger(files.files.get(SPEND_LEDGER_FILE)!)).toMatchObject([{ input: 15, output: 15 }]);
  });

  it("lets go of the reservation of a call that was never billed, so the next call is sent", async () => {
    const files = inMemoryPluginFiles();
    const replies: Result<Completion, ModelError>[] = [err({ kind: "network", message: "connection refused" }), ok(completion(usage(1, 1)))];
    const inner = new HeldModel(() => replies.shift()!);
    const model = await modelOf(host(files, inner, { dailyCapUsd: worst * 1.5 }).models);
    const first = model.complete(request);
    await until(() => inner.requests.length === 1);
    inner.finish();
    expect(await first).toMatchObject({ ok: false, error: { kind: "network" } });
    expect(files.files.get(SPEND_LEDGER_FILE) ?? "").toBe("");
    const second = model.complete(request);
    await until(() => inner.requests.length === 2);
    inner.finish();
    expect((await second).ok).toBe(true);
  });

  it("counts a call billed without its usage at its worst case, marked estimated", async () => {
    const files = inMemoryPluginFiles();
    const inner = new HeldModel(() => err({ kind: "timeout", message: "The model did not answer in 120 s" }));
    const model = await modelOf(host(files, inner, { dailyCapUsd: worst * 1.5 }).models);
    const call = model.complete(request);
    await until(() => inner.requests.length === 1);
    inner.finish();
    await call;
    expect(parseSpendLedger(files.files.get(SPEND_LEDGER_FILE)!)).toMatchObject([{ usd: worst, estimated: true }]);
    expect(await model.complete(request)).toMatchObject({ ok: false, error: { kind: "cap" } });
  });

  it("tells billed, unbilled and unknown results apart", () => {
    const done = ok(completion(usage(3, 4)));
    expect(billingOf(done, null, "m")).toEqual({ billed: "usage", usage: usage(3, 4), model: MODEL });
    expect(billingOf(done, usage(9, 9), "m")).toEqual({ billed: "usage", usage: usage(9, 9), model: MODEL });
    expect(billingOf(err({ kind: "invalid-reply", message: "x" }), usage(1, 2), "m")).toEqual({ billed: "usage", usage: usage(1, 2), model: "m" });
    for (const kind of ["no-key", "auth", "overloaded", "bad-request", "server", "network", "aborted"] as const)
      expect(billingOf(err({ kind, message: "x" }), null, "m")).toEqual({ billed: "none" });
    expect(billingOf(err({ kind: "rate-limited", message: "x" }), null, "m")).toEqual({ billed: "none" });
    for (const kind of ["timeout", "invalid-reply"] as const) expect(billingOf(err({ kind, message: "x" }), null, "m")).toEqual({ billed: "unknown" });
  });

  it("lets a crashed host's reservation go: its process is gone, or it is older than the time a call can take", () => {
    const at = 10_000_000;
    const r = (id: string, pid: unknown, age: number) => ({ id, usd: 1, day: "2026-10-20", at: at - age, pid });
    const text = JSON.stringify([r("dead", 1, 0), r("old", 2, RESERVATION_TTL_MS), r("live", 3, RESERVATION_TTL_MS - 1), r("plugin", "obsidian", 0)]);
    const live = liveReservations(text, at, (pid) => (typeof pid === "number" ? pid !== 1 : undefined));
    expect(live.map((x) => x.id)).toEqual(["live", "plugin"]);
    expect(liveReservations("not json", at)).toEqual([]);
    expect(liveReservations('{"id":"x"}', at)).toEqual([]);
    expect(
      liveReservations(
        JSON.stringify([
          { ...r("neg", 3, 0), usd: -1 },
          { ...r("noday", 3, 0), day: 5 },
        ]),
        at,
      ),
    ).toEqual([]);
  });

  it("counts another live host's reservation against the cap, and ignores a crashed one's", async () => {
    const files = inMemoryPluginFiles();
    const at = now().getTime();
    const reservation = (pid: number) => ({ id: `r${pid}`, usd: worst, day: "2026-10-20", at, pid });
    files.files.set(SPEND_RESERVATIONS_FILE, JSON.stringify([reservation(7), reservation(8)]));
    const { lockFor } = sharedLock((pid) => pid !== 8);
    const inner = new HeldModel(() => ok(completion(usage(1, 1))));
    const model = await modelOf(host(files, inner, { dailyCapUsd: worst * 2.5 }, lockFor(1)).models);
    const call = model.complete(request);
    await until(() => inner.requests.length === 1);
    const refused = await model.complete(request);
    expect(refused).toMatchObject({ ok: false, error: { kind: "cap" } });
    inner.finish();
    expect((await call).ok).toBe(true);
    expect((JSON.parse(files.files.get(SPEND_RESERVATIONS_FILE)!) as { id: string }[]).map((r) => r.id)).toEqual(["r7"]);
  });

  it("refuses, naming the cause, when the ledger cannot be written", async () => {
    const files = inMemoryPluginFiles();
    const failing: PluginFileStore = { ...files, append: () => Promise.reject(new Error("EACCES: permission denied")) };
    const inner = new HeldModel(() => ok(completion(usage(1, 1))));
    const model = await modelOf(host(failing, inner, { dailyCapUsd: 10 }).models);
    const r = await model.complete(request);
    expect(r).toMatchObject({ ok: false, error: { kind: "cap" } });
    if (!r.ok) expect(r.error.message).toMatch(/Not sent: .*spend-ledger\.jsonl in the plugin's folder cannot be written \(EACCES/);
    expect(inner.requests).toHaveLength(0);
  });

  it("refuses, naming the cause, when the reservations cannot be written or read", async () => {
    const files = inMemoryPluginFiles();
    const noWrite: PluginFileStore = { ...files, write: () => Promise.reject(new Error("EROFS: read-only file system")) };
    const inner = new HeldModel(() => ok(completion(usage(1, 1))));
    const r = await (await modelOf(host(noWrite, inner, { dailyCapUsd: 10 }).models)).complete(request);
    if (!r.ok) expect(r.error.message).toMatch(/spend-reservations\.json in the plugin's folder cannot be written \(EROFS/);
    const noRead: PluginFileStore = {
      ...files,
      read: (n) => (n === SPEND_RESERVATIONS_FILE ? Promise.reject(new Error("is a named pipe (FIFO)")) : files.read(n)),
    };
    const r2 = await (await modelOf(host(noRead, inner, { dailyCapUsd: 10 }).models)).complete(request);
    if (!r2.ok) expect(r2.error.message).toMatch(/spend-reservations\.json in the plugin's folder cannot be read \(is a named pipe/);
    expect([r.ok, r2.ok]).toEqual([false, false]);
    expect(inner.requests).toHaveLength(0);
  });

  it("refuses when another program holds the ledger's lock past the wait, and when the lock cannot be read", async () => {
    const files = inMemoryPluginFiles();
    const { files: locks, lockFor } = sharedLock();
    locks.set(SPEND_LEDGER_LOCK, { text: JSON.stringify({ pid: 4242, token: "other" }), mtimeMs: 1_000_000 });
    const inner = new HeldModel(() => ok(completion(usage(1, 1))));
    const r = await (await modelOf(host(files, inner, { dailyCapUsd: 10 }, lockFor(1)).models)).complete(request);
    expect(!r.ok && r.error.message).toMatch(/spend-ledger\.lock in the plugin's folder\) is held by another program/);
    const broken = lockFor(2);
    const unreadable: SpendLedgerLock = {
      ...broken,
      files: { ...broken.files, createExclusive: () => Promise.resolve(false), read: () => Promise.reject(new Error("is a named pipe (FIFO)")) },
    };
    const r2 = await (await modelOf(host(files, inner, { dailyCapUsd: 10 }, unreadable).models)).complete(request);
    expect(!r2.ok && r2.error.message).toMatch(/cannot be taken \(is a named pipe \(FIFO\)\)/);
    expect(inner.requests).toHaveLength(0);
  });

  it("still records a call when its settling cannot take the lock, by appending the line alone", async () => {
    const files = inMemoryPluginFiles();
    const { files: locks, lockFor } = sharedLock();
    const ledger = new SpendLedger(files, lockFor(1));
    locks.set(SPEND_LEDGER_LOCK, { text: JSON.stringify({ pid: 4242, token: "other" }), mtimeMs: 1_000_000 });
    const entry = { at: "x", day: "2026-10-20", feature: "answer", model: MODEL, input: 1, output: 1, cacheRead: 0, cacheWrite: 0, usd: 0.5 };
    await ledger.append(entry, now());
    expect(await ledger.read()).toEqual([entry]);
  });
});

describe("the details of reserving and settling", () => {
  it("reserves nothing and writes no reservations while no cap is on", async () => {
    const files = inMemoryPluginFiles();
    const inner = new HeldModel(() => ok(completion(usage(1, 1))));
    const model = await modelOf(host(files, inner, {}).models);
    const call = model.complete(request);
    await until(() => inner.requests.length === 1);
    expect(files.files.has(SPEND_RESERVATIONS_FILE)).toBe(false);
    inner.finish();
    await call;
    expect(files.files.has(SPEND_RESERVATIONS_FILE)).toBe(false);
    expect(parseSpendLedger(files.files.get(SPEND_LEDGER_FILE)!)).toHaveLength(1);
  });

  it("counts a reservation of an earlier day of the month against the monthly cap, not the daily one", async () => {
    const files = inMemoryPluginFiles();
    files.files.set(SPEND_RESERVATIONS_FILE, JSON.stringify([{ id: "y", usd: worst, day: "2026-10-19", at: now().getTime(), pid: 9 }]));
    const inner = new HeldModel(() => ok(completion(usage(1, 1))));
    const daily = await modelOf(host(files, inner, { dailyCapUsd: worst * 1.5 }).models);
    const call = daily.complete(request);
    await until(() => inner.requests.length === 1);
    inner.finish();
    expect((await call).ok).toBe(true);
    const monthly = await modelOf(host(files, inner, { monthlyCapUsd: worst * 1.5 }).models);
    const refused = await monthly.complete(request);
    expect(refused).toMatchObject({ ok: false, error: { kind: "cap", period: "month" } });
    if (!refused.ok && refused.error.kind === "cap") {
      expect(refused.error.spentUsd).toBeGreaterThanOrEqual(worst);
      expect(refused.error.message).toMatch(
        /^Not sent: this month's spend \$[\d.]+ and this call's worst case \$[\d.]+ would pass your monthly cap of \$[\d.]+\./,
      );
    }
  });

  it("names the day's start with the time zone in a daily refusal, and no calls under way when there are none", async () => {
    const files = inMemoryPluginFiles();
    const inner = new HeldModel(() => ok(completion(usage(1, 1))));
    const model = await modelOf(host(files, inner, { dailyCapUsd: worst / 2 }).models);
    const r = await model.complete(request);
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(!r.ok && r.error.message).toBe(
      `Not sent: today's spend $0.0000 and this call's worst case $${worst.toFixed(4)} would pass your daily cap of $${(worst / 2).toFixed(4)}. Raise or turn off the cap in the settings (Spend), or wait until the day ends at local midnight (${zone}).`,
    );
    expect(r).toMatchObject({ ok: false, error: { kind: "cap", period: "day", capUsd: worst / 2, spentUsd: 0, estimateUsd: worst } });
  });

  it("refuses a model of unknown price under a monthly cap alone, naming the month", async () => {
    const files = inMemoryPluginFiles();
    const inner = new HeldModel(() => ok(completion(usage(1, 1))));
    const source: ModelSource = {
      get: () => Promise.resolve(ok({ id: "my-llama", model: inner, price: null })),
      planned: () => ({ id: "my-llama", price: null }),
    };
    const ledger = new SpendLedger(files);
    const models = spendModels(source, { ledger, settings: () => ({ ...DEFAULT_SPEND_SETTINGS, monthlyCapUsd: 3 }), now });
    const r = await (await modelOf(models)).complete(request);
    expect(r).toMatchObject({ ok: false, error: { kind: "cap", period: "month", capUsd: 3, spentUsd: 0, estimateUsd: null } });
    expect(!r.ok && r.error.message).toMatch(/^Not sent: the price of my-llama is not known/);
  });

  it("still tells the caller's own onUsage, and counts a model that threw at its worst case", async () => {
    const files = inMemoryPluginFiles();
    const heard: TokenUsage[] = [];
    const inner = new HeldModel((r) => {
      r.onUsage?.(usage(7, 8));
      return ok(completion(usage(7, 8)));
    });
    const model = await modelOf(host(files, inner, { dailyCapUsd: 10 }).models);
    const call = model.complete({ ...request, onUsage: (u) => heard.push(u) });
    await until(() => inner.requests.length === 1);
    inner.finish();
    await call;
    expect(heard).toEqual([usage(7, 8)]);
    expect(parseSpendLedger(files.files.get(SPEND_LEDGER_FILE)!)).toMatchObject([{ input: 7, output: 8 }]);
    const throwing: LanguageModel = {
      ...inner,
      complete: () => Promise.reject(new Error("bug")),
      stream: () => Promise.reject(new Error("bug")),
      estimateTokens,
    };
    const capped = await modelOf(host(files, throwing, { dailyCapUsd: 10 }).models);
    await expect(capped.stream(request, () => undefined)).rejects.toThrow("bug");
    expect(parseSpendLedger(files.files.get(SPEND_LEDGER_FILE)!)).toMatchObject([
      { input: 7 },
      { usd: worst, estimated: true, model: MODEL, feature: "answer" },
    ]);
    expect(JSON.parse(files.files.get(SPEND_RESERVATIONS_FILE)!)).toEqual([]);
  });

  it("does not fail a call whose record cannot be written after it, and keeps its reservation counted", async () => {
    const files = inMemoryPluginFiles();
    let calls = 0;
    // The first append (the check that the ledger can be written) passes; the record's append fails.
    const flaky: PluginFileStore = { ...files, append: (n, t) => (calls++ === 0 ? files.append!(n, t) : Promise.reject(new Error("ENOSPC"))) };
    const inner = new HeldModel(() => ok(completion(usage(1, 1))));
    const model = await modelOf(host(flaky, inner, { dailyCapUsd: 10 }).models);
    const call = model.complete(request);
    await until(() => inner.requests.length === 1);
    inner.finish();
    expect((await call).ok).toBe(true);
    expect(JSON.parse(files.files.get(SPEND_RESERVATIONS_FILE)!)).toHaveLength(1);
  });

  it("ends a cut last line of the ledger before appending, in any store", async () => {
    const files = inMemoryPluginFiles({ [SPEND_LEDGER_FILE]: '{"at":"2026-10-20T1' });
    const entry = { at: "x", day: "2026-10-20", feature: "answer", model: MODEL, input: 1, output: 1, cacheRead: 0, cacheWrite: 0, usd: 0.5 };
    await new SpendLedger(files).append(entry, now());
    expect(await new SpendLedger(files).read()).toEqual([entry]);
    expect(files.files.get(SPEND_LEDGER_FILE)).toBe(`{"at":"2026-10-20T1\n${JSON.stringify(entry)}\n`);
  });

  it("calls a cap refusal unbilled", () => {
    expect(billingOf(err({ kind: "cap", message: "x", period: "day", spentUsd: 0, estimateUsd: 1, capUsd: 1 }), null, "m")).toEqual({ billed: "none" });
  });
});
