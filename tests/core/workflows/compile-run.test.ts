import { describe, expect, it } from "vitest";
import { estimateCompile } from "../../../src/core/compile/propose-compile";
import { estimateCost } from "../../../src/core/llm/cost";
import { compileLogs, type CompileReviewer } from "../../../src/core/workflows/compile-workflow";
import { planLogs } from "../../../src/core/workflows/dry-run-workflow";
import { undoLast } from "../../../src/core/workflows/undo-workflow";
import { InMemoryNoteStore } from "../../fakes/in-memory-note-store";
import { inMemoryKcHost } from "../../fakes/in-memory-kc-host";
import { ScriptedLanguageModel } from "../../fakes/scripted-language-model";
import { fixtureFiles, LOG } from "../compile/compile-fixture";
import { validReply } from "../compile/scripted-replies";

const acceptAll: CompileReviewer = { review: (o) => Promise.resolve(new Set(o.changes.map((c) => c.path))) };
/** Ten times the default price, so a figure at the host's price cannot pass for one at the model's. */
const PRICEY = { input: 30, output: 150, cacheWrite: 37.5, cacheRead: 3 };

describe("the dry run", () => {
  it("plans every log with its estimate and sends nothing; a log that cannot be compiled says why and the rest are still planned", async () => {
    const store = new InMemoryNoteStore(fixtureFiles());
    const model = new ScriptedLanguageModel([]);
    const host = inMemoryKcHost(store, model);
    const planned = await planLogs(host, ["knowledge/index.md", LOG]);
    expect(planned[0]).toEqual({ log: "knowledge/index.md", status: "failed", message: expect.stringContaining("inside the knowledge folder") as unknown });
    const second = planned[1]!;
    if (second.status !== "planned") throw new Error(JSON.stringify(second));
    expect(second.prepared.plan.shown.length).toBeGreaterThan(0);
    expect(second.prepared.estimate).toEqual(estimateCompile(second.prepared.plan, host.models.planned("compile").price!));
    expect(model.requests).toHaveLength(0);
    expect(host.asked).toEqual([]);
    expect(store.writes).toEqual([]);
  });
});

describe("a compile run over the host", () => {
  it("asks the host for the compile model with the wait voice, and counts every figure at that model's price", async () => {
    const store = new InMemoryNoteStore(fixtureFiles());
    const host = inMemoryKcHost(store, new ScriptedLanguageModel([JSON.stringify(validReply())]), { price: PRICEY });
    const onWait = (): void => undefined;
    const seen: { planned?: number; proposed?: number; reviewed?: number } = {};
    const [r] = await compileLogs(
      host,
      [LOG],
      { review: (o, _p, usd) => ((seen.reviewed = usd), acceptAll.review(o, _p, usd)) },
      {
        onWait,
        events: { planned: ({ estimate }) => (seen.planned = estimate.usd), proposed: (_o, usd) => (seen.proposed = usd) },
      },
    );
    expect(host.asked).toEqual([{ role: "compile", options: { onWait } }]);
    if (r?.status !== "written") throw new Error(JSON.stringify(r));
    const atModelPrice = estimateCost(r.outcome.usage, PRICEY);
    expect(r.spentUsd).toBe(atModelPrice);
    expect(seen).toEqual({ planned: estimateCompile(r.outcome.plan, PRICEY).usd, proposed: atModelPrice, reviewed: atModelPrice });
    expect(host.records.states.get(LOG)?.hash).toMatch(/^[0-9a-f]{64}$/);
    const undone = await undoLast(host);
    expect(undone.ok && undone.value?.op).toBe("compile");
    expect(host.records.states.has(LOG)).toBe(false);
  });

  it("says once why there is no model, before anything is planned, sent or written", async () => {
    const store = new InMemoryNoteStore(fixtureFiles());
    const host = inMemoryKcHost(store, { kind: "no-key", message: "No Anthropic API key." });
    let planned = 0;
    const results = await compileLogs(host, [LOG, LOG], acceptAll, { events: { planned: () => void planned++ } });
    expect(results).toEqual([
      { log: LOG, status: "failed", message: "No Anthropic API key.", unavailable: { kind: "no-key", message: "No Anthropic API key." } },
    ]);
    expect(planned).toBe(0);
    expect(store.writes).toEqual([]);
  });

  it("asks for no model when there is nothing to compile", async () => {
    const host = inMemoryKcHost(new InMemoryNoteStore(fixtureFiles()), { kind: "no-key", message: "none" });
    expect(await compileLogs(host, [], acceptAll)).toEqual([]);
    expect(host.asked).toEqual([]);
  });
});
