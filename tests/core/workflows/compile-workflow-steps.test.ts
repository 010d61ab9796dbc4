import { describe, expect, it } from "vitest";
import { estimateCost, formatCost } from "../../../src/core/llm/cost";
import { DEFAULT_PRICE } from "../../../src/core/llm/models";
import { ok } from "../../../src/core/result";
import { compileLogs, MAX_LOG_CHARS, prepareCompile, writeReviewed, type CompileReviewer, type LogResult } from "../../../src/core/workflows/compile-workflow";
import type { KcHost } from "../../../src/core/ports/host";
import { InMemoryNoteStore } from "../../fakes/in-memory-note-store";
import { inMemoryCompileHost, TEST_RULES } from "../../fakes/in-memory-compile-host";
import { inMemoryKcHost } from "../../fakes/in-memory-kc-host";
import { ScriptedLanguageModel } from "../../fakes/scripted-language-model";
import { fixtureFiles, LOG } from "../compile/compile-fixture";
import { validReply } from "../compile/scripted-replies";

// Each step of one log's compile, and where a run stops: what the person is told, and that nothing is spent or
// written past the step that refused.
const acceptAll: CompileReviewer = { review: (o) => Promise.resolve(new Set(o.changes.map((c) => c.path))) };
const LOG2 = "daily/2026-11-21.md";
const twoLogs = (): Record<string, string> => {
  const files = fixtureFiles();
  files[LOG2] = files[LOG]!.replace(/2026-11-20/g, "2026-11-21");
  return files;
};
const statusOf = (rs: LogResult[]) => rs.map((r) => [r.log, r.status]);

describe("preparing a compile", () => {
  const store = new InMemoryNoteStore(fixtureFiles());

  it("refuses settings that would let a compile touch daily notes, before reading anything", async () => {
    const host = inMemoryCompileHost(store, { rules: { ...TEST_RULES, knowledgeFolder: "notes", dailyFolder: "notes/daily" } });
    const r = await prepareCompile(host, "notes/daily/2026-11-20.md");
    expect(r).toEqual({ ok: false, error: expect.stringContaining('The knowledge folder "notes" contains the daily notes folder') as unknown });
  });

  it("refuses a note inside the knowledge folder, however the folder's trailing slash is written", async () => {
    for (const knowledgeFolder of ["knowledge", "knowledge/"]) {
      const host = inMemoryCompileHost(store, { rules: { ...TEST_RULES, knowledgeFolder } });
      expect(await prepareCompile(host, "knowledge/2026-11-20.md")).toEqual({
        ok: false,
        error: "knowledge/2026-11-20.md is inside the knowledge folder; only daily logs are compiled.",
      });
    }
  });

  it("refuses a note that is not a daily note, and says where daily notes are", async () => {
    const host = inMemoryCompileHost(store);
    const r = await prepareCompile(host, "notes/2026-11-20.md");
    expect(r).toEqual({
      ok: false,
      error:
        "notes/2026-11-20.md is not a daily note (daily notes are daily/YYYY-MM-DD.md); only daily logs are compiled. To compile it, move it into the daily notes folder under a date name, or change the daily notes settings.",
    });
    const rootDaily = inMemoryCompileHost(store, { rules: { ...TEST_RULES, dailyFolder: "" } });
    expect(await prepareCompile(rootDaily, "notes/2026-11-20.md")).toEqual({
      ok: false,
      error: expect.stringContaining("(daily notes are YYYY-MM-DD.md)") as unknown,
    });
  });

  it("says why a daily note cannot be read", async () => {
    const r = await prepareCompile(inMemoryCompileHost(store), "daily/2026-11-02.md");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/^daily\/2026-11-02\.md cannot be compiled: .+\.$/);
  });

  it("refuses a log over the bound of one prompt, and plans one exactly at it", async () => {
    const big = new InMemoryNoteStore({ ...fixtureFiles(), [LOG]: "x".repeat(MAX_LOG_CHARS + 1) });
    expect(await prepareCompile(inMemoryCompileHost(big), LOG)).toEqual({
      ok: false,
      error: `${LOG} has 120,001 characters, more than the 120,000 one compile takes; split it into smaller daily logs. Nothing was sent.`,
    });
    const atBound = new InMemoryNoteStore({ ...fixtureFiles(), [LOG]: "x".repeat(MAX_LOG_CHARS) });
    expect((await prepareCompile(inMemoryCompileHost(atBound), LOG)).ok).toBe(true);
  });

  it("plans against today's date in the host's clock and prices the estimate at the price given", async () => {
    const host = inMemoryCompileHost(store);
    const pricey = { ...DEFAULT_PRICE, input: DEFAULT_PRICE.input * 10 };
    const [cheap, dear] = [await prepareCompile(host, LOG), await prepareCompile(host, LOG, pricey)];
    if (!cheap.ok || !dear.ok) throw new Error("not planned");
    expect(cheap.value.plan.logPath).toBe(LOG);
    expect(dear.value.estimate.usd).toBeGreaterThan(cheap.value.estimate.usd);
  });
});

describe("writing a reviewed proposal", () => {
  async function proposed() {
    const store = new InMemoryNoteStore(fixtureFiles());
    const host = inMemoryKcHost(store, new ScriptedLanguageModel([JSON.stringify(validReply())]));
    let outcome: Parameters<typeof writeReviewed>[1] | undefined;
    await compileLogs(host, [LOG], { review: (o) => ((outcome = o), Promise.resolve(null)) });
    return { store, host, outcome: outcome! };
  }

  it("writes nothing when the lock cannot be had, and says why", async () => {
    const { store, host, outcome } = await proposed();
    const locked = { ...host, lock: { acquire: () => Promise.resolve({ ok: false as const, message: "Another compile is writing; try again in a moment." }) } };
    expect(await writeReviewed(locked, outcome, new Set(outcome.changes.map((c) => c.path)), false)).toEqual({
      ok: false,
      error: "Another compile is writing; try again in a moment.",
    });
    expect(store.writes).toEqual([]);
  });

  it("says the articles were written when only the compile state could not be saved, and releases the lock", async () => {
    const { store, host, outcome } = await proposed();
    host.records.setLogState = () => Promise.reject(Object.assign(new Error("ENOSPC: no space left"), { code: "ENOSPC" }));
    const r = await writeReviewed(host, outcome, new Set(outcome.changes.map((c) => c.path)), false);
    expect(r).toEqual({
      ok: false,
      error: "The articles were written, but the compile state could not be saved (the disk is full); the log will look changed until it is compiled again.",
    });
    expect(store.writes.length).toBeGreaterThan(0);
    const again = await host.lock.acquire();
    expect(again.ok).toBe(true);
  });

  it("records the spend at the price given and says when the write was automatic", async () => {
    const { host, outcome } = await proposed();
    const pricey = { ...DEFAULT_PRICE, output: DEFAULT_PRICE.output * 10 };
    const r = await writeReviewed(host, outcome, new Set(outcome.changes.map((c) => c.path)), true, pricey);
    if (!r.ok) throw new Error(r.error);
    const log = await host.store.read("knowledge/log.md");
    expect(log).toContain(`, ${formatCost(estimateCost(outcome.usage, pricey))}`);
    expect(log).toContain("Accepted automatically");
    expect(host.records.states.get(LOG)?.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(host.records.undo?.logPath).toBe(LOG);
    expect(r.value.undo.files.length).toBeGreaterThan(0);
  });
});

describe("a run of several logs", () => {
  it("compiles the logs in order, says each was written, and counts them as it goes", async () => {
    const store = new InMemoryNoteStore(twoLogs());
    const host = inMemoryKcHost(
      store,
      new ScriptedLanguageModel([JSON.stringify(validReply()), JSON.stringify({ summary: "nothing new", new_articles: [], updates: [] })]),
    );
    const planned: [string, number, number][] = [];
    const written: string[] = [];
    const results = await compileLogs(host, [LOG, LOG2], acceptAll, {
      events: { planned: (p, n, total) => planned.push([p.plan.logPath, n, total]), written: (report) => written.push(report.undo.logPath) },
    });
    expect(statusOf(results)).toEqual([
      [LOG, "written"],
      [LOG2, "written"],
    ]);
    expect(planned).toEqual([
      [LOG, 1, 2],
      [LOG2, 2, 2],
    ]);
    expect(written).toEqual([LOG, LOG2]);
    expect(host.records.states.has(LOG2)).toBe(true);
  });

  it("asks no one to review a proposal without changes, and writes its compile state", async () => {
    const store = new InMemoryNoteStore(fixtureFiles());
    const host = inMemoryKcHost(store, new ScriptedLanguageModel([JSON.stringify({ summary: "nothing new", new_articles: [], updates: [] })]));
    let asked = 0;
    const [r] = await compileLogs(host, [LOG], { review: () => (asked++, Promise.resolve(null)) });
    expect(asked).toBe(0);
    expect(r?.status).toBe("written");
    expect(host.records.states.has(LOG)).toBe(true);
  });

  it("stops at a log that cannot be compiled, and compiles nothing after it", async () => {
    const store = new InMemoryNoteStore(twoLogs());
    const model = new ScriptedLanguageModel([JSON.stringify(validReply())]);
    const results = await compileLogs(inMemoryKcHost(store, model), ["notes/x.md", LOG], acceptAll);
    expect(statusOf(results)).toEqual([["notes/x.md", "failed"]]);
    expect(model.requests).toHaveLength(0);
  });

  it("stops before the model is asked when the estimate is not approved", async () => {
    const store = new InMemoryNoteStore(twoLogs());
    const model = new ScriptedLanguageModel([JSON.stringify(validReply())]);
    const results = await compileLogs(inMemoryKcHost(store, model), [LOG, LOG2], { ...acceptAll, approveEstimate: () => Promise.resolve(false) });
    expect(results).toEqual([{ log: LOG, status: "failed", message: "Cancelled before the model was asked; nothing was spent or written." }]);
    expect(model.requests).toHaveLength(0);
    expect(store.writes).toEqual([]);
  });

  it("goes on to the model when the estimate is approved", async () => {
    const store = new InMemoryNoteStore(fixtureFiles());
    const results = await compileLogs(inMemoryKcHost(store, new ScriptedLanguageModel([JSON.stringify(validReply())])), [LOG], {
      ...acceptAll,
      approveEstimate: () => Promise.resolve(true),
    });
    expect(statusOf(results)).toEqual([[LOG, "written"]]);
  });

  it("writes nothing when the person accepts none of the changes, or closes the review, and goes on to the next log", async () => {
    for (const answer of [null, new Set<string>()]) {
      const store = new InMemoryNoteStore(twoLogs());
      const host = inMemoryKcHost(store, new ScriptedLanguageModel([JSON.stringify(validReply()), JSON.stringify(validReply())]));
      const results = await compileLogs(host, [LOG, LOG2], { review: () => Promise.resolve(answer) });
      expect(statusOf(results)).toEqual([
        [LOG, "not-written"],
        [LOG2, "not-written"],
      ]);
      expect(store.writes).toEqual([]);
      expect(host.records.states.size).toBe(0);
    }
  });

  it("stops after a proposal that stays invalid, with what its calls cost", async () => {
    const store = new InMemoryNoteStore(twoLogs());
    const host = inMemoryKcHost(store, new ScriptedLanguageModel(["not json", "still not json", JSON.stringify(validReply())]));
    const results = await compileLogs(host, [LOG, LOG2], acceptAll);
    expect(results).toHaveLength(1);
    const [r] = results;
    if (r?.status !== "failed") throw new Error(JSON.stringify(r));
    expect(r.error).toBeDefined();
    expect(r.message).toBe(r.error!.message);
    expect(r.spentUsd).toBe(estimateCost(r.error!.usage, DEFAULT_PRICE));
    expect(r.spentUsd).toBeGreaterThan(0);
  });

  it("stops after a write that fails, naming the proposal it could not write", async () => {
    const store = new InMemoryNoteStore(twoLogs());
    const host = inMemoryKcHost(store, new ScriptedLanguageModel([JSON.stringify(validReply()), JSON.stringify(validReply())]));
    host.records.failJournal = true;
    const results = await compileLogs(host, [LOG, LOG2], acceptAll);
    expect(results).toEqual([
      {
        log: LOG,
        status: "failed",
        message: "Nothing was written: the undo journal could not be saved (the disk is read-only).",
        outcome: expect.anything() as unknown,
        spentUsd: expect.any(Number) as unknown,
      },
    ]);
  });

  it("stops when the signal aborts, before the next log is planned", async () => {
    const store = new InMemoryNoteStore(twoLogs());
    const controller = new AbortController();
    const host = inMemoryKcHost(store, new ScriptedLanguageModel([JSON.stringify(validReply()), JSON.stringify(validReply())]));
    const results = await compileLogs(host, [LOG, LOG2], acceptAll, { signal: controller.signal, events: { written: () => controller.abort() } });
    expect(statusOf(results)).toEqual([[LOG, "written"]]);
    const none = await compileLogs(host, [LOG2], acceptAll, { signal: controller.signal });
    expect(none).toEqual([]);
  });

  it("leaves the estimate and the spend unknown when the model has no price (never the host's), and asks without a wait voice when none is given", async () => {
    const store = new InMemoryNoteStore(fixtureFiles());
    const base = inMemoryKcHost(store, new ScriptedLanguageModel([JSON.stringify(validReply())]));
    const host: KcHost = {
      ...base,
      models: {
        planned: () => ({ id: "unpriced", price: null }),
        get: (role, opts) => (
          base.asked.push({ role, options: opts ?? {} }),
          Promise.resolve(ok({ id: "unpriced", price: null, model: new ScriptedLanguageModel([JSON.stringify(validReply())]) }))
        ),
      },
    };
    let estimated = 0;
    const [r] = await compileLogs(host, [LOG], { ...acceptAll, approveEstimate: ({ estimate }) => ((estimated = estimate.usd), Promise.resolve(true)) });
    if (r?.status !== "written") throw new Error(JSON.stringify(r));
    expect(estimated).toBeNaN();
    expect(r.spentUsd).toBeNaN();
    expect(formatCost(r.spentUsd)).toBe("cost unknown");
    expect(base.asked).toEqual([{ role: "compile", options: {} }]);
  });
});
