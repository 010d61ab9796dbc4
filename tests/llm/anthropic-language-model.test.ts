import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AnthropicLanguageModel } from "../../src/llm/anthropic-language-model";
import { startLoopbackAnthropic, type LoopbackServer } from "../fakes/loopback-anthropic-server";
import type { CompletionRequest } from "../../src/core/llm/language-model";

// The real SDK against a Messages API server on 127.0.0.1: never a mock of the SDK, never the internet.
let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackAnthropic();
  expect(server.baseUrl.startsWith("http://127.0.0.1:")).toBe(true);
});
afterEach(async () => server.close());

const model = (over: Partial<ConstructorParameters<typeof AnthropicLanguageModel>[0]> = {}) =>
  new AnthropicLanguageModel({ apiKey: "sk-test", model: "claude-test", baseUrl: server.baseUrl, maxRetries: 0, streaming: true, ...over });
const request = (over: Partial<CompletionRequest> = {}): CompletionRequest => ({
  system: "You answer from the loaded articles only.",
  messages: [{ role: "user", content: "How long do retries wait?" }],
  maxTokens: 200,
  ...over,
});

describe("AnthropicLanguageModel", () => {
  it("completes, maps usage and caches the system prompt", async () => {
    server.replies.push({ kind: "text", text: "1, 2, 4 seconds.", usage: { input: 120, output: 9, cacheRead: 100, cacheWrite: 0 } });
    const r = await model().complete(request());
    expect(r).toEqual({ ok: true, value: { text: "1, 2, 4 seconds.", usage: { inputTokens: 120, outputTokens: 9, cacheReadTokens: 100, cacheWriteTokens: 0 }, stopReason: "end_turn", model: "claude-test" } });
    const body = server.requests[0]!.body as { system: { cache_control?: unknown }[]; model: string };
    expect(body.system[0]!.cache_control).toEqual({ type: "ephemeral" });
    const h = server.requests[0]!.headers;
    expect(h["x-api-key"] ?? h.authorization).toContain("sk-test");
  });

  it("streams text deltas in order and returns the whole completion", async () => {
    server.replies.push({ kind: "text", text: "Retries wait 1, 2, 4, 8 and 16 seconds with jitter." });
    const deltas: string[] = [];
    const r = await model().stream(request(), (d) => deltas.push(d));
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join("")).toBe("Retries wait 1, 2, 4, 8 and 16 seconds with jitter.");
    expect(r.ok && r.value.text).toBe(deltas.join(""));
    expect(server.requests[0]!.body.stream).toBe(true);
  });

  it("delivers the answer whole when streaming is off", async () => {
    server.replies.push({ kind: "text", text: "Whole answer." });
    const deltas: string[] = [];
    await model({ streaming: false }).stream(request(), (d) => deltas.push(d));
    expect(deltas).toEqual(["Whole answer."]);
    expect(server.requests[0]!.body.stream).toBeUndefined();
  });

  it("forces a tool for structured output and returns its input as JSON", async () => {
    server.replies.push({ kind: "tool", name: "propose", input: { creates: [{ path: "concepts/a.md" }] } });
    const r = await model().complete(request({ jsonSchema: { name: "propose", description: "d", schema: { type: "object" } } }));
    expect(r.ok && JSON.parse(r.value.text)).toEqual({ creates: [{ path: "concepts/a.md" }] });
    expect(server.requests[0]!.body.tool_choice).toEqual({ type: "tool", name: "propose" });
  });

  it("reports a reply cut off by max_tokens", async () => {
    server.replies.push({ kind: "text", text: "partial", stopReason: "max_tokens" });
    const r = await model().complete(request());
    expect(r.ok && r.value.stopReason).toBe("max_tokens");
  });

  it("makes no request without a key for the Anthropic API, but lets a local server behind a base URL go without one", async () => {
    const r = await model({ apiKey: null, baseUrl: "" }).complete(request());
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.kind).toBe("no-key");
    expect(server.requests).toHaveLength(0);
    server.replies.push({ kind: "text", text: "local answer" });
    const local = await model({ apiKey: null }).complete(request());
    expect(local.ok && local.value.text).toBe("local answer");
  });

  it("maps 401 to an auth error a person can act on", async () => {
    server.replies.push({ kind: "status", status: 401, type: "authentication_error", message: "invalid x-api-key" });
    const r = await model().complete(request());
    expect(!r.ok && r.error).toMatchObject({ kind: "auth", message: expect.stringContaining("Check the key") });
  });

  it("retries a 429 by the SDK's rules and then succeeds", async () => {
    server.replies.push({ kind: "status", status: 429, type: "rate_limit_error", message: "slow down", headers: { "retry-after-ms": "1" } }, { kind: "text", text: "ok" });
    const r = await model({ maxRetries: 2 }).complete(request());
    expect(r.ok && r.value.text).toBe("ok");
    expect(server.requests).toHaveLength(2);
  });

  it("maps a 429 without retries left to rate-limited with the wait", async () => {
    server.replies.push({ kind: "status", status: 429, type: "rate_limit_error", message: "slow down", headers: { "retry-after": "30" } });
    const r = await model().complete(request());
    expect(!r.ok && r.error).toMatchObject({ kind: "rate-limited", retryAfterSeconds: 30 });
  });

  it("maps an exhausted 529 to overloaded", async () => {
    server.replies.push(
      { kind: "status", status: 529, type: "overloaded_error", message: "overloaded", headers: { "retry-after-ms": "1" } },
      { kind: "status", status: 529, type: "overloaded_error", message: "overloaded", headers: { "retry-after-ms": "1" } },
    );
    const r = await model({ maxRetries: 1 }).complete(request());
    expect(!r.ok && r.error.kind).toBe("overloaded");
    expect(server.requests).toHaveLength(2);
  });

  it("maps a dropped connection to a network error", async () => {
    server.replies.push({ kind: "drop" });
    const r = await model().complete(request());
    expect(!r.ok && r.error.kind).toBe("network");
  });

  it("stops a stream mid-way when aborted", async () => {
    server.replies.push({ kind: "stall-after", text: "The first words arrive, then nothing" });
    const ac = new AbortController();
    const deltas: string[] = [];
    const r = await model().stream(request({ signal: ac.signal }), (d) => {
      deltas.push(d);
      ac.abort();
    });
    expect(deltas.length).toBeGreaterThan(0);
    expect(!r.ok && r.error.kind).toBe("aborted");
  });

  it("fails at once, saying when to try again, when a 429 asks to wait an hour", async () => {
    const waits: number[] = [];
    server.replies.push({ kind: "status", status: 429, type: "rate_limit_error", message: "slow down", headers: { "retry-after": "3600" } });
    const started = Date.now();
    const r = await model({ maxRetries: 2, onWait: (s) => void waits.push(s) }).complete(request());
    expect(Date.now() - started).toBeLessThan(5000);
    expect(r).toEqual({ ok: false, error: expect.objectContaining({ kind: "rate-limited", message: "Rate limited; try again in 60 minutes." }) });
    expect(waits).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it("sits out a short retry-after, says it is waiting, and then succeeds", async () => {
    const waits: [number, string][] = [];
    server.replies.push({ kind: "status", status: 429, type: "rate_limit_error", message: "slow down", headers: { "retry-after": "0" } }, { kind: "text", text: "after the wait" });
    const r = await model({ maxRetries: 2, onWait: (s, why) => void waits.push([s, why]) }).complete(request());
    expect(r.ok && r.value.text).toBe("after the wait");
    expect(waits).toEqual([[0, "rate limited"]]);
  });

  it("stops a request the server never answers after the timeout, with a sentence", async () => {
    server.replies.push({ kind: "hang" });
    const r = await model({ timeoutMs: 300, streaming: false }).complete(request());
    expect(r).toEqual({ ok: false, error: { kind: "timeout", message: "The model did not answer within 1 s, so the request was stopped. Try again, or raise the request timeout." } });
  });

  it("stops a stream that goes silent after its first events", async () => {
    server.replies.push({ kind: "stall-after", text: "The first words" });
    const deltas: string[] = [];
    const r = await model({ timeoutMs: 300 }).stream(request(), (d) => deltas.push(d));
    expect(deltas.join("")).toBe("The first words");
    expect(!r.ok && r.error.kind).toBe("timeout");
  });

  it("never shows the key, even when the server echoes it in its error", async () => {
    const key = "sk-ant-api03-THISISTHEKEYTHISISTHEKEY0123456789";
    server.replies.push({ kind: "status", status: 400, type: "invalid_request_error", message: `bad header x-api-key: ${key} and Bearer ${key}` });
    const r = await model({ apiKey: key }).complete(request());
    expect(!r.ok && r.error.message).not.toContain("THISISTHEKEY");
    expect(!r.ok && r.error.message).toContain("[REDACTED");
  });

  it("refuses a reply with another tool or two tool calls", async () => {
    const schema = { name: "propose_articles", description: "d", schema: { type: "object" } };
    server.replies.push({ kind: "blocks", content: [{ type: "tool_use", id: "t1", name: "delete_everything", input: {} }] });
    const other = await model().complete(request({ jsonSchema: schema }));
    expect(!other.ok && other.error.message).toContain('unexpected tool ("delete_everything" instead of "propose_articles")');
    server.replies.push({ kind: "blocks", content: [{ type: "tool_use", id: "t1", name: "propose_articles", input: {} }, { type: "tool_use", id: "t2", name: "propose_articles", input: {} }] });
    const two = await model().complete(request({ jsonSchema: schema }));
    expect(!two.ok && two.error.message).toBe("The model replied with 2 tool calls instead of one; the reply was not used.");
  });
});
