import { describe, expect, it } from "vitest";
import { parseSpendLedger, type SpendEntry } from "../../../src/core/spend/spend-entry";
import { SPEND_LEDGER_FILE, SpendLedger, trimSpend } from "../../../src/core/spend/spend-ledger";
import { spendSince, summarizeSpend } from "../../../src/core/spend/summarize-spend";
import { inMemoryPluginFiles } from "../../fakes/in-memory-plugin-files";

const call = (day: string, usd: number | null, feature = "answer"): SpendEntry => ({
  at: `${day}T10:00:00.000Z`,
  day,
  feature,
  model: "claude-sonnet-5-5",
  input: 100,
  output: 10,
  cacheRead: 0,
  cacheWrite: 0,
  usd,
});
const now = new Date(2026, 9, 20, 15, 0, 0);

describe("the spend ledger file", () => {
  it("appends each call as one line and reads them back", async () => {
    const files = inMemoryPluginFiles();
    const ledger = new SpendLedger(files);
    await ledger.append(call("2026-10-20", 0.01), now);
    await ledger.append(call("2026-10-20", 0.02, "compile"), now);
    expect(files.files.get(SPEND_LEDGER_FILE)!.split("\n").filter(Boolean)).toHaveLength(2);
    expect(await ledger.read()).toEqual([call("2026-10-20", 0.01), call("2026-10-20", 0.02, "compile")]);
  });

  it("appends through read and write when the store cannot append, without joining two lines", async () => {
    const files = inMemoryPluginFiles({ [SPEND_LEDGER_FILE]: JSON.stringify(call("2026-10-19", 0.5)) }, false);
    await new SpendLedger(files).append(call("2026-10-20", 0.01), now);
    expect(await new SpendLedger(files).read()).toHaveLength(2);
  });

  it("skips a line cut short or written by hand instead of failing", () => {
    const text = `${JSON.stringify(call("2026-10-20", 0.01))}\n{"at":"2026-10-20T1\nnot json\n${JSON.stringify({ ...call("2026-10-20", 0.02), input: -1 })}\n${JSON.stringify(call("2026-10-20", null))}\n`;
    expect(parseSpendLedger(text)).toEqual([call("2026-10-20", 0.01), call("2026-10-20", null)]);
  });

  it("folds calls older than the kept days into month summaries that keep the totals", () => {
    const records = [call("2026-07-01", 1, "compile"), call("2026-07-15", 2), call("2026-10-19", 0.5)];
    const trimmed = trimSpend(records, now, 62)!;
    expect(trimmed).toEqual([
      { kind: "month", month: "2026-07", calls: 2, usd: 3, unknownCalls: 0, byFeature: { compile: { calls: 1, usd: 1 }, answer: { calls: 1, usd: 2 } } },
      call("2026-10-19", 0.5),
    ]);
    expect(spendSince(trimmed, "2026-07-01").total).toEqual(spendSince(records, "2026-07-01").total);
    expect(trimSpend(trimmed, now, 62)).toBeNull();
  });

  it("keeps at most the given number of calls one by one, folding the oldest", () => {
    const records = Array.from({ length: 5 }, (_, i) => call(`2026-10-1${i}`, 0.1));
    const trimmed = trimSpend(records, now, 62, 3)!;
    expect(trimmed.filter((r) => !("kind" in r))).toHaveLength(3);
    expect(summarizeSpend(trimmed, now).thisMonth.usd).toBeCloseTo(0.5, 10);
  });

  it("stays bounded: a ledger trimmed on append never holds calls older than the kept days", async () => {
    const old = Array.from({ length: 10 }, () => JSON.stringify(call("2026-01-05", 0.1))).join("\n");
    const files = inMemoryPluginFiles({ [SPEND_LEDGER_FILE]: `${old}\n` });
    await new SpendLedger(files).append(call("2026-10-20", 0.01), now);
    const lines = files.files.get(SPEND_LEDGER_FILE)!.trim().split("\n");
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0]!)).toMatchObject({ kind: "month", month: "2026-01", calls: 10 });
  });
});

describe("summarizeSpend", () => {
  it("adds today's, this month's and this month's by-feature spend on the person's clock", () => {
    const s = summarizeSpend(
      [
        call("2026-09-30", 5),
        call("2026-10-01", 0.25, "compile"),
        call("2026-10-20", 0.5),
        call("2026-10-20", 0.25, "compile"),
        call("2026-10-20", null, "select"),
      ],
      now,
    );
    expect(s.today).toEqual({ calls: 3, usd: 0.75, unknownCalls: 1 });
    expect(s.thisMonth).toEqual({ calls: 4, usd: 1, unknownCalls: 1 });
    expect(s.byFeature).toEqual({
      compile: { calls: 2, usd: 0.5, unknownCalls: 0 },
      answer: { calls: 1, usd: 0.5, unknownCalls: 0 },
      select: { calls: 1, usd: 0, unknownCalls: 1 },
    });
  });

  it("counts a summarised month in this month's figures", () => {
    const s = summarizeSpend(
      [{ kind: "month", month: "2026-10", calls: 4, usd: 2, unknownCalls: 0, byFeature: { answer: { calls: 4, usd: 2 } } }, call("2026-10-20", 1)],
      now,
    );
    expect(s.thisMonth.usd).toBe(3);
    expect(s.byFeature.answer).toEqual({ calls: 5, usd: 3, unknownCalls: 0 });
  });
});
