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

  it("makes no request without a key", async () => {
    const r = await model({ apiKey: null }).complete(request());
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.kind).toBe("no-key");
    expect(server.requests).toHaveLength(0);
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
});
