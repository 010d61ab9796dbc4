import { afterEach, describe, expect, it } from "vitest";
import { localModel, type ModelOptions } from "../fakes/local-model";
import { nodeTimers } from "../../src/node/node-runtime";
import { startLoopbackAnthropic, type LocalServerMode, type LoopbackServer } from "../fakes/loopback-anthropic-server";
import type { CompletionRequest, TokenUsage } from "../../src/core/llm/language-model";
import { buildSelectRequest } from "../../src/core/route/select-articles";
import { cappedModel, SpendGuard } from "../../src/core/spend/capped-model";
import { SpendLedger } from "../../src/core/spend/spend-ledger";
import { DEFAULT_SPEND_SETTINGS } from "../../src/core/spend/spend-settings";
import { LOCAL_PRICE } from "../../src/core/llm/local-server";
import type { SpendEntry } from "../../src/core/spend/spend-entry";
import { inMemoryPluginFiles } from "../fakes/in-memory-plugin-files";

// Every reply a local server answers is counted once through the request's onUsage, whichever path it took: after
// refusals that dropped features (each refusal counts nothing), a forced tool, JSON in the text, a stream with no
// usage in it (estimated), a stream stopped part way or refused for its size. The real SDK against the loopback server.
let server: LoopbackServer;
afterEach(async () => server.close());

async function local(mode: LocalServerMode = {}): Promise<LoopbackServer> {
  server = await startLoopbackAnthropic(mode);
  return server;
}
const model = (over: Partial<ModelOptions> = {}) => localModel(server, over);
const heard = () => {
  const seen: TokenUsage[] = [];
  return { seen, onUsage: (u: TokenUsage) => void seen.push(u) };
};
const tokens = (input: number, output: number): TokenUsage => ({ inputTokens: input, outputTokens: output, cacheReadTokens: 0, cacheWriteTokens: 0 });
const SELECTED = { covered: true, articles: ["a1"] };
const question: CompletionRequest = { system: "Answer from the articles.", messages: [{ role: "user", content: "How long between retries?" }], maxTokens: 200 };
const unique = () => expect(new Set(server.requests.map((r) => JSON.stringify(r.body))).size).toBe(server.requests.length);

describe("the usage a local server's replies are counted at", () => {
  it("is told once for a structured reply given as JSON in the text after every optional field was refused", async () => {
    await local({ refuse: ["cache_control", "output_config", "tool_choice", "thinking", "tools"] });
    server.replies.push({ kind: "text", text: JSON.stringify(SELECTED), usage: { input: 321, output: 12 } });
    const h = heard();
    const r = await model().complete({ ...buildSelectRequest("How long?", []), onUsage: h.onUsage });
    expect(r.ok && JSON.parse(r.value.text)).toEqual(SELECTED);
    expect(server.requests.length).toBeGreaterThan(1);
    unique();
    expect(h.seen).toEqual([tokens(321, 12)]);
  });

  it("is told once for the forced tool's reply, the forced choice dropped after its refusal", async () => {
    await local({ refuse: ["tool_choice"] });
    server.replies.push({ kind: "tool", name: "choose_articles", input: SELECTED, usage: { input: 50, output: 7 } });
    const h = heard();
    const r = await model().complete({ ...buildSelectRequest("How long?", []), onUsage: h.onUsage });
    expect(r.ok && JSON.parse(r.value.text)).toEqual(SELECTED);
    expect(server.requests).toHaveLength(2);
    expect(server.requests[0]!.body.tool_choice).toBeDefined();
    expect(server.requests[1]!.body.tool_choice).toBeUndefined();
    expect(h.seen).toEqual([tokens(50, 7)]);
  });

  it("is told once for a model that answered in text though offered the tool", async () => {
    await local({ refuse: [] });
    server.replies.push({ kind: "text", text: `Sure: ${JSON.stringify(SELECTED)}`, usage: { input: 40, output: 9 } });
    const h = heard();
    const r = await model().complete({ ...buildSelectRequest("How long?", []), onUsage: h.onUsage });
    expect(r.ok && JSON.parse(r.value.text)).toEqual(SELECTED);
    expect(h.seen).toEqual([tokens(40, 9)]);
  });

  it("is told once for a stream with no usage in it, at the local estimate the completion carries", async () => {
    await local();
    server.replies.push({ kind: "text", text: "Up to five retries, 1 to 16 s apart." });
    const h = heard();
    const r = await model().stream({ ...question, onUsage: h.onUsage }, () => undefined);
    expect(r.ok).toBe(true);
    expect(h.seen).toHaveLength(1);
    expect(h.seen[0]!.inputTokens).toBeGreaterThan(0);
    expect(h.seen[0]!.outputTokens).toBeGreaterThan(0);
    expect(r.ok && r.value.usage).toEqual(h.seen[0]);
  });

  it("is told once for a stream after the refusal of its caching mark", async () => {
    await local({ refuse: ["cache_control"] });
    server.replies.push({ kind: "text", text: "Five retries." });
    const h = heard();
    const long: CompletionRequest = { ...question, system: "Answer from the articles. ".repeat(2000), onUsage: h.onUsage };
    const r = await model().stream(long, () => undefined);
    expect(r.ok).toBe(true);
    expect(server.requests).toHaveLength(2);
    unique();
    expect(h.seen).toHaveLength(1);
    expect(h.seen[0]!.inputTokens).toBeGreaterThan(1000);
  });

  it("is told once for a stream that stopped arriving part way, its input estimated where the server reported none", async () => {
    await local();
    server.replies.push({ kind: "stall-after", text: "The first words arrive, then nothing" });
    const h = heard();
    const r = await model({ timeoutMs: 300 }).stream({ ...question, onUsage: h.onUsage }, () => undefined);
    expect(!r.ok && r.error.kind).toBe("timeout");
    expect(h.seen).toHaveLength(1);
    expect(h.seen[0]!.inputTokens).toBeGreaterThan(0);
    expect(h.seen[0]!.outputTokens).toBeGreaterThan(0);
  });

  it("is told once for a stream refused for its size", async () => {
    await local();
    server.replies.push({ kind: "text", text: "z".repeat(400) });
    const h = heard();
    const r = await model({ maxReplyChars: 50 }).stream({ ...question, onUsage: h.onUsage }, () => undefined);
    expect(!r.ok && r.error.kind).toBe("invalid-reply");
    expect(h.seen).toHaveLength(1);
    expect(h.seen[0]!.outputTokens).toBeGreaterThan(0);
  });

  it("is never told for a request cancelled before any reply", async () => {
    await local();
    server.replies.push({ kind: "hang" });
    const h = heard();
    const controller = new AbortController();
    const pending = model().stream({ ...question, signal: controller.signal, onUsage: h.onUsage }, () => undefined);
    nodeTimers.setTimeout(() => controller.abort(), 50);
    expect(await pending).toMatchObject({ ok: false, error: { kind: "aborted" } });
    expect(h.seen).toEqual([]);
  });
});

describe("the capped model over a local server", () => {
  it("writes one $0 ledger line with its tokens per call, whatever was refused first, under a cap already spent", async () => {
    await local({ refuse: ["cache_control", "output_config", "tool_choice", "thinking", "tools"] });
    const ledger = new SpendLedger(inMemoryPluginFiles());
    const now = () => new Date(2026, 9, 20, 12);
    await ledger.append({ at: "x", day: "2026-10-20", feature: "ask", model: "m", input: 0, output: 0, cacheRead: 0, cacheWrite: 0, usd: 5 }, now());
    const guard = new SpendGuard({ ledger, settings: () => ({ ...DEFAULT_SPEND_SETTINGS, dailyCapUsd: 1 }), now });
    const capped = cappedModel(model(), "llama3.2:3b", LOCAL_PRICE, "select", guard);
    server.replies.push({ kind: "text", text: JSON.stringify(SELECTED), usage: { input: 300, output: 20 } });
    server.replies.push({ kind: "text", text: "Five retries." });
    expect((await capped.complete(buildSelectRequest("How long?", []))).ok).toBe(true);
    expect((await capped.stream(question, () => undefined)).ok).toBe(true);
    const lines = (await ledger.read()).slice(1) as SpendEntry[];
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ feature: "select", model: "llama3.2:3b", input: 300, output: 20, usd: 0 });
    expect(lines[1]).toMatchObject({ model: "llama3.2:3b", usd: 0 });
    expect(lines[1]!.input).toBeGreaterThan(0);
    expect(lines[1]!.output).toBeGreaterThan(0);
  });
});
