import { describe, expect, it } from "vitest";
import type { CompletionRequest } from "../../../src/core/llm/language-model";
import { priceFor } from "../../../src/core/llm/models";
import { ok } from "../../../src/core/result";
import { worstCaseUsd } from "../../../src/core/spend/capped-model";
import { SpendLedger } from "../../../src/core/spend/spend-ledger";
import { spendModels } from "../../../src/core/spend/spend-models";
import { DEFAULT_SPEND_SETTINGS, type SpendSettings } from "../../../src/core/spend/spend-settings";
import { summarizeSpend } from "../../../src/core/spend/summarize-spend";
import type { ModelSource } from "../../../src/core/ports/host";
import { LOCAL_PRICE } from "../../../src/core/llm/local-server";
import { inMemoryPluginFiles } from "../../fakes/in-memory-plugin-files";
import { ScriptedLanguageModel } from "../../fakes/scripted-language-model";

const request: CompletionRequest = { system: "You answer.", messages: [{ role: "user", content: "What is X?" }], maxTokens: 100 };
const now = () => new Date(2026, 9, 20, 12);

function setup(id: string, settings: Partial<SpendSettings>, replies = 5) {
  const inner = new ScriptedLanguageModel(Array.from({ length: replies }, () => "reply"));
  const source: ModelSource = { get: () => Promise.resolve(ok({ id, model: inner, price: null })), planned: () => ({ id, price: null }) };
  const files = inMemoryPluginFiles();
  const ledger = new SpendLedger(files);
  const models = spendModels(source, { ledger, settings: () => ({ ...DEFAULT_SPEND_SETTINGS, ...settings }), now });
  return { inner, models, ledger };
}

describe("spendModels", () => {
  it("prices each model by its own id and writes every call to the ledger at that price", async () => {
    const { models, ledger } = setup("claude-opus-5-5", {});
    const got = await models.get("compile", { feature: "compile" });
    expect(got.ok && got.value.price).toMatchObject({ input: 4, output: 20 });
    if (!got.ok) return;
    await got.value.model.complete(request);
    const [entry] = await ledger.read();
    expect(entry).toMatchObject({ feature: "compile", model: "scripted", input: 100, output: 20, usd: (100 * 4 + 20 * 20) / 1e6 });
  });

  it("records a model without a known price with its cost unknown when no cap is set", async () => {
    const { models, ledger } = setup("my-local-llama", {});
    const got = await models.get("answer");
    expect(got.ok && got.value.price).toBeNull();
    if (got.ok) expect((await got.value.model.complete(request)).ok).toBe(true);
    expect(await ledger.read()).toMatchObject([{ usd: null }]);
  });

  it("refuses a call before it is made when today's spend and its worst case would pass the daily cap", async () => {
    const price = priceFor("claude-sonnet-5-5")!;
    const worst = worstCaseUsd(request, price)!;
    const { models, inner } = setup("claude-sonnet-5-5", { dailyCapUsd: worst * 1.2 });
    const got = await models.get("answer");
    if (!got.ok) throw new Error("no model");
    expect((await got.value.model.complete(request)).ok).toBe(true);
    const second = await got.value.model.complete(request);
    expect(second).toMatchObject({ ok: false, error: { kind: "cap", period: "day", capUsd: worst * 1.2 } });
    if (!second.ok && second.error.kind === "cap") {
      expect(second.error.spentUsd).toBeCloseTo((100 * 2 + 20 * 10) / 1e6, 12);
      expect(second.error.estimateUsd).toBeCloseTo(worst, 12);
      expect(second.error.message).toMatch(/daily cap/);
    }
    expect(inner.requests).toHaveLength(1);
  });

  it("refuses by the monthly cap counting earlier days of the month", async () => {
    const { models, ledger, inner } = setup("claude-sonnet-5-5", { monthlyCapUsd: 1 });
    await ledger.append({ at: "x", day: "2026-10-02", feature: "compile", model: "m", input: 0, output: 0, cacheRead: 0, cacheWrite: 0, usd: 0.9999 }, now());
    const got = await models.get("answer");
    if (!got.ok) throw new Error("no model");
    expect(await got.value.model.stream(request, () => undefined)).toMatchObject({ ok: false, error: { kind: "cap", period: "month" } });
    expect(inner.requests).toHaveLength(0);
    expect(summarizeSpend(await ledger.read(), now()).thisMonth.calls).toBe(1);
  });

  it("counts calls still under way, so two calls at once cannot both slip under the cap", async () => {
    const worst = worstCaseUsd(request, priceFor("claude-sonnet-5-5"))!;
    const { models, inner } = setup("claude-sonnet-5-5", { dailyCapUsd: worst * 1.2 });
    const got = await models.get("answer");
    if (!got.ok) throw new Error("no model");
    const results = await Promise.all([got.value.model.complete(request), got.value.model.complete(request)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(inner.requests).toHaveLength(1);
  });

  it("refuses a model whose price is unknown while a cap is on, since the cap could not hold", async () => {
    const { models, inner } = setup("my-local-llama", { dailyCapUsd: 10 });
    const got = await models.get("answer");
    if (!got.ok) throw new Error("no model");
    const r = await got.value.model.complete(request);
    expect(r).toMatchObject({ ok: false, error: { kind: "cap", estimateUsd: null } });
    expect(inner.requests).toHaveLength(0);
  });

  it("runs a local model's call at $0 even on a day already past the cap, and records it at $0 with its tokens", async () => {
    const inner = new ScriptedLanguageModel(["reply", "reply"]);
    const source: ModelSource = {
      get: () => Promise.resolve(ok({ id: "llama3.2:3b", model: inner, price: LOCAL_PRICE })),
      planned: () => ({ id: "llama3.2:3b", price: LOCAL_PRICE }),
    };
    const ledger = new SpendLedger(inMemoryPluginFiles());
    await ledger.append({ at: "x", day: "2026-10-20", feature: "ask", model: "m", input: 0, output: 0, cacheRead: 0, cacheWrite: 0, usd: 2 }, now());
    const models = spendModels(source, { ledger, settings: () => ({ ...DEFAULT_SPEND_SETTINGS, dailyCapUsd: 1, monthlyCapUsd: 1 }), now });
    const got = await models.get("answer");
    if (!got.ok) throw new Error("no model");
    expect((await got.value.model.complete(request)).ok).toBe(true);
    expect((await got.value.model.stream(request, () => undefined)).ok).toBe(true);
    expect(inner.requests).toHaveLength(2);
    const local = (await ledger.read()).slice(1);
    expect(local).toMatchObject([
      { model: "scripted", usd: 0, input: 100, output: 20 },
      { model: "scripted", usd: 0, input: 100, output: 20 },
    ]);
  });

  it("prices a local model at the person's own price when one is set, and caps it like any billed model", async () => {
    const inner = new ScriptedLanguageModel(["reply"]);
    const source: ModelSource = {
      get: () => Promise.resolve(ok({ id: "llama3.2:3b", model: inner, price: LOCAL_PRICE })),
      planned: () => ({ id: "llama3.2:3b", price: LOCAL_PRICE }),
    };
    const ledger = new SpendLedger(inMemoryPluginFiles());
    const priceOverrides = { "llama3.2:3b": { input: 1, output: 2 } };
    const models = spendModels(source, { ledger, settings: () => ({ ...DEFAULT_SPEND_SETTINGS, dailyCapUsd: 1e-9, priceOverrides }), now });
    expect(models.planned("answer").price).toMatchObject({ input: 1, output: 2 });
    const got = await models.get("answer");
    if (!got.ok) throw new Error("no model");
    expect(await got.value.model.complete(request)).toMatchObject({ ok: false, error: { kind: "cap" } });
    expect(inner.requests).toHaveLength(0);
  });

  it("counts the prompt with a margin and every output token allowed as the worst case", () => {
    const w = worstCaseUsd({ ...request, maxTokens: 1000 }, { input: 1, output: 1, cacheWrite: 1, cacheRead: 1 })!;
    expect(w).toBeGreaterThanOrEqual(1000 / 1e6);
    expect(worstCaseUsd(request, null)).toBeNull();
  });
});
