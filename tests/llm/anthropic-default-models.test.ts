import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AnthropicLanguageModel } from "../../src/llm/anthropic-language-model";
import { nodeFetch, nodeTimers } from "../../src/node/node-runtime";
import { startLoopbackAnthropic, type LoopbackServer } from "../fakes/loopback-anthropic-server";
import type { CompletionRequest } from "../../src/core/llm/language-model";
import { estimateCost } from "../../src/core/llm/cost";
import { estimateTokens } from "../../src/core/llm/estimate-tokens";
import { DEFAULT_MODEL, DEFAULT_SELECT_MODEL, minCacheTokens, priceFor } from "../../src/core/llm/models";
import { buildSelectRequest } from "../../src/core/route/select-articles";
import { COMPILE_MAX_TOKENS, COMPILE_SYSTEM_PROMPT, COMPILE_TOOL } from "../../src/core/compile/compile-prompt";
import { ANSWER_SYSTEM_PROMPT } from "../../src/core/ask/build-answer-prompt";
import { buildRevalidateRequest } from "../../src/core/compile/revalidate";
import { emptyCkpHeader } from "../../src/core/ckp/read-ckp-header";
import { CONTRADICTION_SYSTEM_PROMPT } from "../../src/core/contradictions/check-contradictions";
import { CLAIM_DRIFT_SYSTEM_PROMPT } from "../../src/core/drift/claim-drift";
import { buildDistillRequest } from "../../src/core/capture/distill-session";
import { buildRefineRequest } from "../../src/core/headers/refine-headers";

// Today's default models, as the real SDK asks for them and as their usage is priced: the loopback server on
// 127.0.0.1 records each request body and reports the usage it is told to.
let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackAnthropic();
});
afterEach(async () => server.close());

const model = (id: string) =>
  new AnthropicLanguageModel({ apiKey: "sk-test", model: id, baseUrl: server.baseUrl, maxRetries: 0, streaming: true, fetch: nodeFetch, timers: nodeTimers });
const compileRequest = (): CompletionRequest => ({
  system: COMPILE_SYSTEM_PROMPT,
  messages: [{ role: "user", content: "Daily log: retries now wait 1, 2, 4 seconds." }],
  maxTokens: COMPILE_MAX_TOKENS,
  jsonSchema: COMPILE_TOOL,
});
const SAMPLING = ["temperature", "top_p", "top_k"];

describe("the selection step on Claude Haiku 5.5, the default selection model", () => {
  it("offers the selection tool without forcing it, with no thinking field and no sampling parameters", async () => {
    server.replies.push({ kind: "tool", name: "choose_articles", input: { covered: true, articles: ["a1"] } });
    const r = await model(DEFAULT_SELECT_MODEL).complete(buildSelectRequest("How long do retries wait?", []));
    expect(r.ok && JSON.parse(r.value.text)).toEqual({ covered: true, articles: ["a1"] });
    const body = server.requests[0]!.body;
    expect(body.model).toBe("claude-haiku-5-5");
    expect(body.tool_choice).toEqual({ type: "auto", disable_parallel_tool_use: true });
    expect((body.tools as { name: string }[]).map((t) => t.name)).toEqual(["choose_articles"]);
    expect(body.thinking).toBeUndefined();
    for (const key of SAMPLING) expect(body).not.toHaveProperty(key);
  });
});

describe("compile on Claude Sonnet 5.5, the default model", () => {
  it("offers the compile tool without forcing it, thinks only between tools, and sends no sampling parameters", async () => {
    server.replies.push({ kind: "tool", name: "propose_articles", input: { creates: [], updates: [] } });
    await model(DEFAULT_MODEL).complete(compileRequest());
    const body = server.requests[0]!.body;
    expect(body.tool_choice).toEqual({ type: "auto", disable_parallel_tool_use: true });
    expect(body.thinking).toEqual({ type: "between_tools" });
    for (const key of SAMPLING) expect(body).not.toHaveProperty(key);
  });
});

describe("prompt caching on the default models", () => {
  it("carries the cache reads and writes the server reports, and prices them at Haiku 5.5's cache prices", async () => {
    server.replies.push({ kind: "text", text: '{"covered":false,"articles":[]}', usage: { input: 300, output: 20, cacheRead: 0, cacheWrite: 2000 } });
    server.replies.push({ kind: "text", text: '{"covered":false,"articles":[]}', usage: { input: 300, output: 20, cacheRead: 2000, cacheWrite: 0 } });
    const haiku = model(DEFAULT_SELECT_MODEL);
    const first = await haiku.complete(buildSelectRequest("First question?", []));
    const second = await haiku.complete(buildSelectRequest("Second question?", []));
    expect(first.ok && first.value.usage).toEqual({ inputTokens: 300, outputTokens: 20, cacheReadTokens: 0, cacheWriteTokens: 2000 });
    expect(second.ok && second.value.usage).toEqual({ inputTokens: 300, outputTokens: 20, cacheReadTokens: 2000, cacheWriteTokens: 0 });
    const price = priceFor(DEFAULT_SELECT_MODEL)!;
    // $0.10 in, $0.50 out, $0.125 a cache write, $0.01 a cache read, per million tokens.
    expect(first.ok && estimateCost(first.value.usage, price)).toBeCloseTo((300 * 0.1 + 20 * 0.5 + 2000 * 0.125) / 1e6, 12);
    expect(second.ok && estimateCost(second.value.usage, price)).toBeCloseTo((300 * 0.1 + 20 * 0.5 + 2000 * 0.01) / 1e6, 12);
  });

  it("carries the cache figures of a streamed answer on Sonnet 5.5, priced at its cache read price", async () => {
    server.replies.push({ kind: "text", text: "Retries wait 1, 2 and 4 seconds.", usage: { input: 400, output: 30, cacheRead: 5000, cacheWrite: 0 } });
    const r = await model(DEFAULT_MODEL).stream(
      { system: ANSWER_SYSTEM_PROMPT, messages: [{ role: "user", content: "How long?" }], maxTokens: 200 },
      () => undefined,
    );
    expect(server.requests[0]!.body.stream).toBe(true);
    expect(r.ok && r.value.usage).toEqual({ inputTokens: 400, outputTokens: 30, cacheReadTokens: 5000, cacheWriteTokens: 0 });
    // $2 in, $10 out, $0.10 a cache read: the 5,000 cached tokens cost $0.0005, not the $0.01 they would as input.
    expect(r.ok && estimateCost(r.value.usage, priceFor(DEFAULT_MODEL)!)).toBeCloseTo((400 * 2 + 30 * 10 + 5000 * 0.1) / 1e6, 12);
  });

  it("marks compile's system prompt for caching on Sonnet 5.5, and it is at least the model's cacheable minimum", async () => {
    server.replies.push({ kind: "tool", name: "propose_articles", input: { creates: [], updates: [] } });
    await model(DEFAULT_MODEL).complete(compileRequest());
    const system = server.requests[0]!.body.system as { text: string; cache_control?: unknown }[];
    expect(system).toHaveLength(1);
    expect(system[0]!.cache_control).toEqual({ type: "ephemeral" });
    expect(system[0]!.text).toBe(COMPILE_SYSTEM_PROMPT);
    expect(estimateTokens(system[0]!.text)).toBeGreaterThanOrEqual(minCacheTokens(DEFAULT_MODEL)!);
  });
});

/** Each prompt a feature sends: its request as built by core (the system prompt is its stable prefix). */
const PROMPTS: [string, () => CompletionRequest][] = [
  ["compile", compileRequest],
  ["revalidation", () => buildRevalidateRequest("knowledge/concepts/a.md", emptyCkpHeader(), "# A", [], "2026-11")],
  ["the selection step", () => buildSelectRequest("How long do retries wait?", [])],
  ["Ask's answer", () => ({ system: ANSWER_SYSTEM_PROMPT, messages: [{ role: "user", content: "How long?" }], maxTokens: 200 })],
  ["contradictions", () => ({ system: CONTRADICTION_SYSTEM_PROMPT, messages: [{ role: "user", content: "A and B" }], maxTokens: 800 })],
  ["claim drift", () => ({ system: CLAIM_DRIFT_SYSTEM_PROMPT, messages: [{ role: "user", content: "An article" }], maxTokens: 800 })],
  ["distillation", () => buildDistillRequest("One day of a session.")],
  ["header proposals", () => buildRefineRequest([])],
];

// The rest of each request (the log, the question and its shortlist, the articles, the pair, the session) changes
// from call to call, so the system prompt is the only stable prefix. Only compile's reaches the 512-token minimum
// of the 5.5 models; the others get no mark rather than one the API would ignore (no prompt is padded to reach it).
describe.each([DEFAULT_MODEL, DEFAULT_SELECT_MODEL])("the cache mark on %s", (id) => {
  it.each(PROMPTS.filter(([name]) => name === "compile"))(
    "%s: the mark sits on the system prompt, a stable prefix at least the model's minimum",
    async (_, build) => {
      server.replies.push({ kind: "text", text: "{}" });
      await model(id).complete(build());
      const system = server.requests[0]!.body.system as { text: string; cache_control?: unknown }[];
      expect(system).toHaveLength(1);
      expect(system[0]!.cache_control).toEqual({ type: "ephemeral" });
      expect(system[0]!.text).toBe(build().system);
      expect(estimateTokens(system[0]!.text)).toBeGreaterThanOrEqual(minCacheTokens(id)!);
      expect(JSON.stringify(server.requests[0]!.body.messages)).not.toContain("cache_control");
    },
  );

  it.each(PROMPTS.filter(([name]) => name !== "compile"))("%s: no cache mark, as no stable prefix reaches the model's minimum", async (_, build) => {
    server.replies.push({ kind: "text", text: "{}" });
    const request = build();
    await model(id).complete(request);
    expect(estimateTokens(request.system)).toBeLessThan(minCacheTokens(id)!);
    expect(JSON.stringify(server.requests[0]!.body)).not.toContain("cache_control");
  });
});
