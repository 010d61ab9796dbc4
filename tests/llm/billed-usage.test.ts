import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startLoopbackAnthropic, type LoopbackServer } from "../fakes/loopback-anthropic-server";
import { loopbackModel, type ModelOptions } from "../fakes/local-model";
import type { CompletionRequest, TokenUsage } from "../../src/core/llm/language-model";
import { priceFor } from "../../src/core/llm/models";
import { cappedModel, SpendGuard, worstCaseUsd } from "../../src/core/spend/capped-model";
import { SpendLedger } from "../../src/core/spend/spend-ledger";
import { parseSpendLedger } from "../../src/core/spend/spend-entry";
import { DEFAULT_SPEND_SETTINGS } from "../../src/core/spend/spend-settings";
import { inMemoryPluginFiles } from "../fakes/in-memory-plugin-files";

// Every reply the API answers is billed, whatever the client does with it after: the adapter tells the request's
// onUsage what each used, and the capped model writes it to the ledger. The real SDK against the loopback server.
let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackAnthropic();
});
afterEach(async () => server.close());

const MODEL = "claude-sonnet-5-5";
const adapter = (over: Partial<ModelOptions> = {}) => loopbackModel(server, { model: MODEL, ...over });
const schema = { name: "propose_articles", description: "d", schema: { type: "object" } };
const request = (over: Partial<CompletionRequest> = {}): CompletionRequest => ({
  system: "You answer from the loaded articles only.",
  messages: [{ role: "user", content: "How long do retries wait?" }],
  maxTokens: 200,
  ...over,
});
const heard = () => {
  const seen: TokenUsage[] = [];
  return { seen, onUsage: (u: TokenUsage) => void seen.push(u) };
};
const tokens = (input: number, output: number): TokenUsage => ({ inputTokens: input, outputTokens: output, cacheReadTokens: 0, cacheWriteTokens: 0 });

describe("the usage of billed replies the client refused", () => {
  it("is told for a reply of two tool calls", async () => {
    server.replies.push({
      kind: "blocks",
      content: [
        { type: "tool_use", id: "t1", name: "propose_articles", input: {} },
        { type: "tool_use", id: "t2", name: "propose_articles", input: {} },
      ],
      usage: { input: 4000, output: 900 },
    });
    const h = heard();
    const r = await adapter().complete(request({ jsonSchema: schema, onUsage: h.onUsage }));
    expect(r.ok).toBe(false);
    expect(h.seen).toEqual([tokens(4000, 900)]);
  });

  it("is told for a reply over the size limit, whole or streamed", async () => {
    server.replies.push({ kind: "tool", name: "propose_articles", input: { body: "x".repeat(5000) }, usage: { input: 300, output: 2000 } });
    const h = heard();
    expect((await adapter({ maxReplyChars: 2000 }).complete(request({ jsonSchema: schema, onUsage: h.onUsage }))).ok).toBe(false);
    expect(h.seen).toEqual([tokens(300, 2000)]);
    server.replies.push({ kind: "text", text: "z".repeat(400), usage: { input: 70, output: 100 } });
    const s = heard();
    expect((await adapter({ maxReplyChars: 50 }).stream(request({ onUsage: s.onUsage }), () => undefined)).ok).toBe(false);
    // The stream stopped part way: its input as the API reported at the start, its output at least what it had sent.
    expect(s.seen).toHaveLength(1);
    expect(s.seen[0]!.inputTokens).toBe(70);
    expect(s.seen[0]!.outputTokens).toBeGreaterThan(0);
  });

  it("is told for a stream that stopped arriving part way", async () => {
    server.replies.push({ kind: "stall-after", text: "The first words arrive, then nothing" });
    const h = heard();
    const r = await adapter({ timeoutMs: 300 }).stream(request({ onUsage: h.onUsage }), () => undefined);
    expect(!r.ok && r.error.kind).toBe("timeout");
    expect(h.seen).toHaveLength(1);
    expect(h.seen[0]!.inputTokens).toBe(10);
  });

  it("is told once for a reply that was used", async () => {
    server.replies.push({ kind: "text", text: "fine", usage: { input: 12, output: 3 } });
    const h = heard();
    expect((await adapter().complete(request({ onUsage: h.onUsage }))).ok).toBe(true);
    expect(h.seen).toEqual([tokens(12, 3)]);
  });

  it("is never told for a request the API refused", async () => {
    server.replies.push({ kind: "status", status: 400, type: "invalid_request_error", message: "bad" });
    const h = heard();
    expect((await adapter().complete(request({ onUsage: h.onUsage }))).ok).toBe(false);
    expect(h.seen).toEqual([]);
  });
});

describe("the capped model over the Anthropic adapter", () => {
  const price = priceFor(MODEL)!;
  const setup = (dailyCapUsd: number) => {
    const files = inMemoryPluginFiles();
    const ledger = new SpendLedger(files);
    const guard = new SpendGuard({ ledger, settings: () => ({ ...DEFAULT_SPEND_SETTINGS, dailyCapUsd }), now: () => new Date(2026, 9, 20, 12) });
    return { ledger, model: cappedModel(adapter(), MODEL, price, "compile", guard) };
  };

  it("records a billed reply the client refused, so the next call sees it against the cap", async () => {
    const worst = worstCaseUsd(request({ jsonSchema: schema }), price)!;
    const { ledger, model } = setup(worst * 1.5);
    // The server reports more than the worst case the cap admitted (a reply the client then refuses).
    const input = Math.ceil((worst * 1e6) / price.input);
    server.replies.push({
      kind: "blocks",
      content: [
        { type: "tool_use", id: "t1", name: "propose_articles", input: {} },
        { type: "tool_use", id: "t2", name: "propose_articles", input: {} },
      ],
      usage: { input, output: 0 },
    });
    expect((await model.complete(request({ jsonSchema: schema }))).ok).toBe(false);
    expect(await ledger.read()).toMatchObject([{ feature: "compile", input, output: 0 }]);
    const next = await model.complete(request({ jsonSchema: schema }));
    expect(next).toMatchObject({ ok: false, error: { kind: "cap" } });
    expect(server.requests).toHaveLength(1);
  });

  it("lets go of a call the network dropped before any reply, and counts an unreadable reply at its worst case", async () => {
    const worst = worstCaseUsd(request(), price)!;
    const { ledger, model } = setup(worst * 2.5);
    server.replies.push({ kind: "drop" });
    expect(await model.complete(request())).toMatchObject({ ok: false, error: { kind: "network" } });
    expect(await ledger.read()).toEqual([]);
    server.replies.push({ kind: "raw", status: 200, contentType: "application/json", body: "{not json" });
    expect(await model.complete(request())).toMatchObject({ ok: false, error: { kind: "invalid-reply" } });
    const records = parseSpendLedger((await ledger.read()).map((r) => JSON.stringify(r)).join("\n"));
    expect(records).toMatchObject([{ usd: worst, estimated: true }]);
  });
});
