import { describe, expect, it } from "vitest";
import { estimateTokens } from "../../../src/core/llm/estimate-tokens";
import { estimateCost } from "../../../src/core/llm/cost";
import type { CompletionRequest, LanguageModel } from "../../../src/core/llm/language-model";
import { priceFor } from "../../../src/core/llm/models";
import { err, ok } from "../../../src/core/result";
import { cappedModel, PROMPT_MARGIN, SpendGuard, worstCaseUsd } from "../../../src/core/spend/capped-model";
import { parseSpendLedger, type SpendEntry } from "../../../src/core/spend/spend-entry";
import {
  liveReservations,
  SPEND_LEDGER_FILE,
  SPEND_RESERVATIONS_FILE,
  SpendLedger,
  SpendLedgerUnavailable,
  trimSpend,
} from "../../../src/core/spend/spend-ledger";
import { DEFAULT_SPEND_SETTINGS, type SpendSettings } from "../../../src/core/spend/spend-settings";
import type { LockFiles } from "../../../src/core/util/lock-file";
import { inMemoryPluginFiles } from "../../fakes/in-memory-plugin-files";
import { ScriptedLanguageModel } from "../../fakes/scripted-language-model";

// Rows for what one mutation run of the spend ledger and the capped model found untested (docs/mutation.md).
const MODEL = "claude-sonnet-5-5";
const price = priceFor(MODEL)!;
const request: CompletionRequest = { system: "You answer.", messages: [{ role: "user", content: "What is X?" }], maxTokens: 100 };
const worst = worstCaseUsd(request, price)!;
const now = new Date(2026, 9, 20, 12);
const call = (day: string, usd: number | null, feature = "answer"): SpendEntry => ({
  at: `${day}T10:00:00.000Z`,
  day,
  feature,
  model: MODEL,
  input: 1,
  output: 1,
  cacheRead: 0,
  cacheWrite: 0,
  usd,
});

function guardWith(settings: Partial<SpendSettings>, files = inMemoryPluginFiles()) {
  const ledger = new SpendLedger(files);
  return { files, ledger, guard: new SpendGuard({ ledger, settings: () => ({ ...DEFAULT_SPEND_SETTINGS, ...settings }), now: () => now }) };
}

describe("trimming the ledger", () => {
  it("folds calls older than the kept days into month summaries merged with those already there, unknown costs counted", () => {
    const records = [
      { kind: "month" as const, month: "2026-07", calls: 2, usd: 1, unknownCalls: 1, byFeature: { answer: { calls: 2, usd: 1 } } },
      call("2026-08-02", 0.5),
      call("2026-07-20", null, "compile"),
      call("2026-08-19", 0.25),
      call("2026-10-19", 0.1),
    ];
    // 62 days before 2026-10-20 is 2026-08-19: that day is kept, the day before is folded.
    expect(trimSpend(records, now, 62)).toEqual([
      { kind: "month", month: "2026-07", calls: 3, usd: 1, unknownCalls: 2, byFeature: { answer: { calls: 2, usd: 1 }, compile: { calls: 1, usd: 0 } } },
      { kind: "month", month: "2026-08", calls: 1, usd: 0.5, unknownCalls: 0, byFeature: { answer: { calls: 1, usd: 0.5 } } },
      call("2026-08-19", 0.25),
      call("2026-10-19", 0.1),
    ]);
  });

  it("writes the trimmed ledger one record a line", async () => {
    const files = inMemoryPluginFiles({ [SPEND_LEDGER_FILE]: `${JSON.stringify(call("2026-01-05", 0.1))}\n` });
    await new SpendLedger(files).append(call("2026-10-20", 0.2), now);
    const month = { kind: "month", month: "2026-01", calls: 1, usd: 0.1, unknownCalls: 0, byFeature: { answer: { calls: 1, usd: 0.1 } } };
    expect(files.files.get(SPEND_LEDGER_FILE)).toBe(`${JSON.stringify(month)}\n${JSON.stringify(call("2026-10-20", 0.2))}\n`);
  });
});

describe("the ledger's lines", () => {
  it("adds no blank line to an empty ledger or after a whole line, in a store with or without append", async () => {
    for (const [withAppend, initial] of [
      [true, {}],
      [false, {}],
      [true, { [SPEND_LEDGER_FILE]: "" }],
      [false, { [SPEND_LEDGER_FILE]: "" }],
    ] as const) {
      const files = inMemoryPluginFiles(initial, withAppend);
      const ledger = new SpendLedger(files);
      await ledger.append(call("2026-10-20", 0.1), now);
      await ledger.append(call("2026-10-20", 0.2), now);
      expect(files.files.get(SPEND_LEDGER_FILE), String(withAppend)).toBe(
        `${JSON.stringify(call("2026-10-20", 0.1))}\n${JSON.stringify(call("2026-10-20", 0.2))}\n`,
      );
    }
  });

  it("ends a cut last line first in a store without append too", async () => {
    const files = inMemoryPluginFiles({ [SPEND_LEDGER_FILE]: '{"cut' }, false);
    await new SpendLedger(files).append(call("2026-10-20", 0.1), now);
    expect(files.files.get(SPEND_LEDGER_FILE)).toBe(`{"cut\n${JSON.stringify(call("2026-10-20", 0.1))}\n`);
  });

  it("names its failure", () => {
    expect(new SpendLedgerUnavailable("x").name).toBe("SpendLedgerUnavailable");
  });
});

describe("reservations", () => {
  const at = now.getTime();
  const r = (over: Record<string, unknown>) => ({ id: "a", usd: 1, day: "2026-10-20", at, pid: 1, ...over });

  it("live for half an hour, then let go", () => {
    const text = JSON.stringify([r({ id: "29", at: at - 29 * 60_000 }), r({ id: "31", at: at - 31 * 60_000 })]);
    expect(liveReservations(text, at).map((x) => x.id)).toEqual(["29"]);
  });

  it("drops every malformed entry of the file", () => {
    const text = JSON.stringify([null, "a", 3, r({ id: 5 }), r({ usd: "1" }), r({ at: "now" }), r({ day: null }), r({ id: "ok" })]);
    expect(liveReservations(text, at).map((x) => x.id)).toEqual(["ok"]);
    expect(liveReservations(null, at)).toEqual([]);
  });

  it("counts only this month's reservations against the monthly cap", async () => {
    const { files, guard } = guardWith({ monthlyCapUsd: worst * 1.5 });
    files.files.set(SPEND_RESERVATIONS_FILE, JSON.stringify([r({ id: "last-month", day: "2026-09-30", usd: worst })]));
    const admitted = await guard.admit(MODEL, worst);
    expect(admitted.ok).toBe(true);
  });

  it("keeps each host's reservation apart when hosts reserve in the same millisecond, and records who made it", async () => {
    const files = inMemoryPluginFiles();
    const texts: string[] = [];
    const lockFiles: LockFiles = {
      createExclusive: (_p, text) => {
        texts.push(text);
        return Promise.resolve(true);
      },
      read: () => Promise.resolve(null),
      remove: () => Promise.resolve(),
      isAlive: () => true,
      now: () => 0,
      sleep: () => Promise.resolve(),
    };
    const lock = (pid: number) => ({ files: lockFiles, path: "l", owner: { pid, token: () => `token-${pid}` } });
    const a = new SpendLedger(files, lock(101));
    const b = new SpendLedger(files, lock(102));
    const ra = await a.reserve(1, now, () => null);
    const rb = await b.reserve(1, now, () => null);
    if (!ra.ok || !rb.ok) throw new Error("not reserved");
    expect(ra.id).not.toBe(rb.id);
    expect((JSON.parse(files.files.get(SPEND_RESERVATIONS_FILE)!) as { pid: unknown }[]).map((x) => x.pid)).toEqual([101, 102]);
    expect(texts.some((t) => (JSON.parse(t) as { pid?: unknown }).pid === 101)).toBe(true);
    await a.settle(ra.id, null, now);
    expect((JSON.parse(files.files.get(SPEND_RESERVATIONS_FILE)!) as { id: string }[]).map((x) => x.id)).toEqual([rb.id]);
  });
});

describe("the capped model's arithmetic", () => {
  it("counts a call's worst case as its whole prompt written to the cache with the margin, and every output token", () => {
    const withSchema: CompletionRequest = { ...request, jsonSchema: { name: "t", description: "d", schema: { type: "object" } } };
    for (const q of [request, withSchema]) {
      const text = [q.system, ...q.messages.map((m) => m.content), q.jsonSchema ? JSON.stringify(q.jsonSchema) : ""].join("\n");
      const prompt = Math.ceil(estimateTokens(text) * PROMPT_MARGIN);
      expect(worstCaseUsd(q, price)).toBe(estimateCost({ inputTokens: 0, outputTokens: q.maxTokens, cacheReadTokens: 0, cacheWriteTokens: prompt }, price));
    }
    expect(worstCaseUsd(withSchema, price)!).toBeGreaterThan(worst);
  });

  it("admits a call whose worst case reaches the cap exactly, and refuses one a little over", async () => {
    expect((await guardWith({ dailyCapUsd: worst }).guard.admit(MODEL, worst)).ok).toBe(true);
    expect((await guardWith({ dailyCapUsd: worst * 0.999 }).guard.admit(MODEL, worst)).ok).toBe(false);
  });

  it("names the day for a model of unknown price under a daily cap", async () => {
    expect(await guardWith({ dailyCapUsd: 2, monthlyCapUsd: 9 }).guard.admit("mine", null)).toMatchObject({
      ok: false,
      error: { period: "day", capUsd: 2 },
    });
  });

  it("records a call billed without usage at its worst case with no cap on", async () => {
    const { files, guard } = guardWith({});
    const inner = new ScriptedLanguageModel([err({ kind: "timeout", message: "t" })]);
    await cappedModel(inner, MODEL, price, "answer", guard).complete(request);
    expect(parseSpendLedger(files.files.get(SPEND_LEDGER_FILE)!)).toMatchObject([{ usd: worst, estimated: true }]);
  });

  it("records what a model that threw had reported, and estimates tokens as its inner model does", async () => {
    const { files, guard } = guardWith({ dailyCapUsd: 10 });
    const inner: LanguageModel = {
      complete: (q) => {
        q.onUsage?.({ inputTokens: 4, outputTokens: 2, cacheReadTokens: 0, cacheWriteTokens: 0 });
        return Promise.reject(new Error("bug"));
      },
      stream: () =>
        Promise.resolve(
          ok({ text: "", usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 }, stopReason: "end_turn", model: MODEL }),
        ),
      estimateTokens: (t) => t.length * 7,
    };
    const capped = cappedModel(inner, MODEL, price, "answer", guard);
    await expect(capped.complete(request)).rejects.toThrow("bug");
    expect(parseSpendLedger(files.files.get(SPEND_LEDGER_FILE)!)).toMatchObject([{ input: 4, output: 2, model: MODEL }]);
    expect(capped.estimateTokens("abc")).toBe(21);
  });
});
