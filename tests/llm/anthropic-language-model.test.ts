import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startLoopbackAnthropic, type LoopbackServer } from "../fakes/loopback-anthropic-server";
import { loopbackModel, type ModelOptions } from "../fakes/local-model";
import { nodeTimers } from "../../src/node/node-runtime";
import type { CompletionRequest } from "../../src/core/llm/language-model";
import { DEFAULT_MODEL } from "../../src/core/llm/models";

// The real SDK against a Messages API server on 127.0.0.1: never a mock of the SDK, never the internet.
let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackAnthropic();
  expect(server.baseUrl.startsWith("http://127.0.0.1:")).toBe(true);
});
afterEach(async () => server.close());

const model = (over: Partial<ModelOptions> = {}) => loopbackModel(server, over);
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
    expect(r).toEqual({
      ok: true,
      value: {
        text: "1, 2, 4 seconds.",
        usage: { inputTokens: 120, outputTokens: 9, cacheReadTokens: 100, cacheWriteTokens: 0 },
        stopReason: "end_turn",
        model: "claude-test",
      },
    });
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
    expect(!r.ok && r.error).toMatchObject({ kind: "auth", message: expect.stringContaining("Check the key") as unknown });
  });

  it("honours retry-after-ms, as the SDK would, and then succeeds", async () => {
    server.replies.push(
      { kind: "status", status: 429, type: "rate_limit_error", message: "slow down", headers: { "retry-after-ms": "1" } },
      { kind: "text", text: "ok" },
    );
    const slept: number[] = [];
    const r = await model({ maxRetries: 2, sleep: instant(slept) }).complete(request());
    expect(r.ok && r.value.text).toBe("ok");
    expect(server.requests).toHaveLength(2);
    // The wait asked for, not a default backoff: 1 ms, once.
    expect(slept).toEqual([1]);
  });

  it("maps a 429 without retries left to rate-limited with the wait", async () => {
    server.replies.push({ kind: "status", status: 429, type: "rate_limit_error", message: "slow down", headers: { "retry-after": "30" } });
    const r = await model().complete(request());
    expect(!r.ok && r.error).toMatchObject({
      kind: "rate-limited",
      retryAfterSeconds: 30,
      message: "Rate limited by the model server at " + new URL(server.baseUrl).host + " (429); try again in 30 s.",
    });
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

describe("AnthropicLanguageModel waits", () => {
  it("fails at once, saying when to try again, when a 429 asks to wait an hour", async () => {
    const waits: number[] = [];
    server.replies.push({ kind: "status", status: 429, type: "rate_limit_error", message: "slow down", headers: { "retry-after": "3600" } });
    const slept: number[] = [];
    const r = await model({ maxRetries: 2, onWait: (s) => void waits.push(s), sleep: instant(slept) }).complete(request());
    expect(slept).toEqual([]);
    expect(r).toEqual({ ok: false, error: expect.objectContaining({ kind: "rate-limited", message: "Rate limited; try again in 60 minutes." }) as unknown });
    expect(waits).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it("sits out a retry-after of 1 s, says it is waiting, and then succeeds", async () => {
    const waits: [number, string][] = [];
    const slept: number[] = [];
    server.replies.push(
      { kind: "status", status: 429, type: "rate_limit_error", message: "slow down", headers: { "retry-after": "1" } },
      { kind: "text", text: "after the wait" },
    );
    const r = await model({ maxRetries: 2, onWait: (s, why) => void waits.push([s, why]), sleep: instant(slept) }).complete(request());
    expect(r.ok && r.value.text).toBe("after the wait");
    expect(waits).toEqual([[1, "rate limited"]]);
    expect(slept).toEqual([1000]);
    expect(server.requests).toHaveLength(2);
  });

  it("reads a retry-after given as a date, and refuses to wait past the cap", async () => {
    const inThreeHours = new Date(Date.now() + 3 * 3600_000).toUTCString();
    server.replies.push({ kind: "status", status: 529, type: "overloaded_error", message: "overloaded", headers: { "retry-after": inThreeHours } });
    const r = await model({ maxRetries: 2, sleep: instant([]) }).complete(request());
    expect(!r.ok && r.error).toMatchObject({ kind: "overloaded", message: expect.stringMatching(/ is overloaded; try again in 3 hours\.$/) as unknown });
    expect(server.requests).toHaveLength(1);
  });

  it("announces a wait for an overloaded API with its reason", async () => {
    const waits: string[] = [];
    server.replies.push(
      { kind: "status", status: 529, type: "overloaded_error", message: "overloaded", headers: { "retry-after": "5" } },
      { kind: "text", text: "ok" },
    );
    const r = await model({ maxRetries: 1, onWait: (_s, why) => void waits.push(why), sleep: instant([]) }).complete(request());
    expect(r.ok).toBe(true);
    expect(waits).toEqual([`the model server at ${new URL(server.baseUrl).host} is overloaded`]);
  });

  it("does not retry when the server says x-should-retry: false", async () => {
    server.replies.push(
      { kind: "status", status: 500, type: "api_error", message: "boom", headers: { "x-should-retry": "false" } },
      { kind: "text", text: "never" },
    );
    const r = await model({ maxRetries: 2, sleep: instant([]) }).complete(request());
    expect(!r.ok && r.error.kind).toBe("server");
    expect(server.requests).toHaveLength(1);
  });

  it("stops waiting when aborted during a retry wait", async () => {
    const ac = new AbortController();
    server.replies.push({ kind: "status", status: 429, type: "rate_limit_error", message: "slow down", headers: { "retry-after": "30" } });
    const r = await model({ maxRetries: 2, onWait: () => ac.abort() }).complete(request({ signal: ac.signal }));
    expect(r).toEqual({ ok: false, error: { kind: "aborted", message: "Stopped." } });
    expect(server.requests).toHaveLength(1);
  });
});

describe("AnthropicLanguageModel timeouts", () => {
  it("stops a request the server never answers after the timeout, with a sentence", async () => {
    server.replies.push({ kind: "hang" });
    // The stop comes from the 300 ms timer that fired, not from the SDK's own, later timeout: counted, not timed.
    const fired: number[] = [];
    const timers = {
      setTimeout: (f: () => void, ms: number) => nodeTimers.setTimeout(() => (fired.push(ms), f()), ms),
      clearTimeout: (h: unknown) => nodeTimers.clearTimeout(h),
    };
    const r = await model({ timeoutMs: 300, streaming: false, timers }).complete(request());
    expect(r).toEqual({
      ok: false,
      error: { kind: "timeout", message: "The model did not answer in 0.3 s, so the request was stopped. Try again, or raise the request timeout." },
    });
    expect(fired).toContain(300);
    expect(server.requests).toHaveLength(1);
  });

  it("stops a reply whose body stops half-way after the timeout", async () => {
    server.replies.push({ kind: "stall-body" });
    const r = await model({ timeoutMs: 300 }).complete(request());
    expect(!r.ok && r.error.message).toBe("The model did not answer in 0.3 s, so the request was stopped. Try again, or raise the request timeout.");
  });

  it("stops a stream that goes silent after its first events", async () => {
    server.replies.push({ kind: "stall-after", text: "The first words" });
    const deltas: string[] = [];
    const r = await model({ timeoutMs: 300 }).stream(request(), (d) => deltas.push(d));
    expect(deltas.join("")).toBe("The first words");
    expect(r).toEqual({
      ok: false,
      error: {
        kind: "timeout",
        message: "The model's answer stopped arriving for 0.3 s, so the request was stopped. Try again, or raise the request timeout.",
      },
    });
    expect(server.requests).toHaveLength(1);
  });

  it("lets one request set its own timeout", async () => {
    server.replies.push({ kind: "hang" });
    const r = await model({ timeoutMs: 60_000 }).complete(request({ timeoutMs: 200 }));
    expect(!r.ok && r.error.message).toContain("did not answer in 0.2 s");
  });

  it("still stops at once when aborted while the server is silent", async () => {
    server.replies.push({ kind: "hang" });
    const ac = new AbortController();
    nodeTimers.setTimeout(() => ac.abort(), 50);
    const r = await model({ timeoutMs: 60_000 }).complete(request({ signal: ac.signal }));
    expect(r).toEqual({ ok: false, error: { kind: "aborted", message: "Stopped." } });
  });
});

/** Timers a test fires by hand: every pending callback with its delay; nothing waits on the clock. */
function handTimers() {
  const pending = new Map<number, { cb: () => void; ms: number }>();
  let next = 0;
  return {
    pending,
    timers: {
      setTimeout: (cb: () => void, ms: number) => (pending.set(++next, { cb, ms }), next),
      clearTimeout: (h: unknown) => void pending.delete(h as number),
    },
    /** Fires the one pending callback of this delay. */
    fire(ms: number): void {
      const found = [...pending].filter(([, t]) => t.ms === ms);
      expect(found).toHaveLength(1);
      pending.delete(found[0]![0]);
      found[0]![1].cb();
    },
  };
}

async function requestsArrived(n: number): Promise<void> {
  for (let i = 0; i < 400 && server.requests.length < n; i++) await new Promise<void>((r) => nodeTimers.setTimeout(() => r(), 5));
  expect(server.requests).toHaveLength(n);
}

describe("AnthropicLanguageModel while the server is silent", () => {
  it("says it is still waiting after each silent stretch, with when it stops, and stops when the person cancels", async () => {
    server.replies.push({ kind: "hang" });
    const t = handTimers();
    const heard: [number, number][] = [];
    const ac = new AbortController();
    const call = model({ timers: t.timers, timeoutMs: 120_000, streaming: false, onSilence: (s, stops) => heard.push([s, stops]) }).complete(
      request({ signal: ac.signal }),
    );
    await requestsArrived(1);
    expect(heard).toEqual([]);
    for (let i = 0; i < 3; i++) t.fire(10_000);
    expect(heard).toEqual([
      [10, 120],
      [20, 120],
      [30, 120],
    ]);
    ac.abort();
    expect(await call).toEqual({ ok: false, error: { kind: "aborted", message: "Stopped." } });
    expect(t.pending.size).toBe(0);
  });

  it("counts the silence of a stream from its last event", async () => {
    server.replies.push({ kind: "stall-after", text: "The first words" });
    const t = handTimers();
    const heard: number[] = [];
    const deltas: string[] = [];
    const ac = new AbortController();
    const call = model({ timers: t.timers, timeoutMs: 30_000, silenceNoticeMs: 5000, onSilence: (s) => heard.push(s) }).stream(
      request({ signal: ac.signal }),
      (d) => deltas.push(d),
    );
    for (let i = 0; i < 400 && deltas.length === 0; i++) await new Promise<void>((r) => nodeTimers.setTimeout(() => r(), 5));
    expect(deltas.join("")).toBe("The first words");
    for (let i = 0; i < 5; i++) t.fire(5000);
    // The sixth stretch would reach the 30 s stop: no notice is left for it, only the timeout.
    expect([...t.pending.values()].map((p) => p.ms)).toEqual([30_000]);
    expect(heard).toEqual([5, 10, 15, 20, 25]);
    ac.abort();
    expect(await call).toEqual({ ok: false, error: { kind: "aborted", message: "Stopped." } });
  });
});

/** A sleep that records the wait and returns at once: no test sits out a real retry-after. */
function instant(slept: number[]): (ms: number) => Promise<boolean> {
  return (ms) => {
    slept.push(ms);
    return Promise.resolve(true);
  };
}

describe("AnthropicLanguageModel messages", () => {
  const KEY = "sk-ant-api03-THISISTHEKEYTHISISTHEKEY0123456789";

  it("never shows the key, even when the server echoes it in its error", async () => {
    for (const status of [400, 401, 403, 500]) {
      server.replies.push({ kind: "echo-key", status });
      const r = await model({ apiKey: KEY, maxRetries: 0 }).complete(request());
      expect(!r.ok && r.error.message).not.toContain("THISISTHEKEY");
      if (status === 400) expect(!r.ok && r.error.message).toMatch(/refused the request \(400: invalid x-api-key: (Bearer )?\[REDACTED:[a-z-]+\]/);
    }
    const h = server.requests[0]!.headers;
    expect(String(h["x-api-key"] ?? h.authorization)).toContain(KEY);
  });

  it("never shows a configured key of any shape that a server echoes", async () => {
    server.replies.push({ kind: "echo-key", status: 400 });
    const r = await model({ apiKey: "local-dev-key-42" }).complete(request());
    expect(!r.ok && r.error.message).not.toContain("local-dev-key-42");
  });

  it("gives each failure a sentence a person can act on, with the server's short reason", async () => {
    const cases: [number, string, string, RegExp][] = [
      [401, "authentication_error", "invalid x-api-key", /rejected the API key \(401\)\. Check the key in/],
      [
        403,
        "permission_error",
        "Your API key does not have permission to use the specified resource.",
        /may not make this request \(403: Your API key does not have permission to use the specified resource\)\. Check the key's workspace and its access to claude-test/,
      ],
      [
        404,
        "not_found_error",
        "model: claude-test",
        /has no model "claude-test" \(404: model: claude-test\)\. Check the model name in .*; the current default is [a-z0-9-]+\./,
      ],
      [
        400,
        "invalid_request_error",
        "max_tokens: 200000 > 128000, which is the maximum allowed\nsecond line",
        /refused the request \(400: max_tokens: 200000 > 128000, which is the maximum allowed\)\.$/,
      ],
      [
        413,
        "request_too_large",
        "Request exceeds the maximum allowed number of bytes.",
        /too large .* \(413\)\. Compile a shorter log, or lower the token budget\./,
      ],
      [500, "api_error", "Internal server error", /failed \(500\)\. Try again in a few minutes\./],
    ];
    for (const [status, type, message, expected] of cases) {
      server.replies.push({ kind: "status", status, type, message });
      const r = await model({ maxRetries: 0 }).complete(request());
      expect(!r.ok && r.error.message).toMatch(expected);
    }
  });

  it("says the Anthropic API when no base URL is set", async () => {
    // The port of the loopback server, named as the Anthropic API only when it is not a base URL: checked on the pure mapping.
    const { mapModelError } = await import("../../src/llm/map-model-error");
    const Anthropic = (await import("@anthropic-ai/sdk")).default;
    const e = Anthropic.APIError.generate(529, { type: "error", error: { type: "overloaded_error", message: "Overloaded" } }, undefined, new Headers());
    expect(mapModelError(e, { model: DEFAULT_MODEL }).message).toBe("The Anthropic API is overloaded (529). Try again in a few minutes.");
  });

  it("says nothing answered when the server is not running", async () => {
    const closed = await startLoopbackAnthropic();
    const url = closed.baseUrl;
    await closed.close();
    const r = await model({ baseUrl: url, maxRetries: 0 }).complete(request());
    expect(r).toEqual({
      ok: false,
      error: {
        kind: "network",
        message: `Nothing answered at the model server at ${new URL(url).host} (connection refused). Check that the server is running and the base URL.`,
      },
    });
  });

  it("says the name did not resolve when the base URL's host does not exist", async () => {
    // .invalid never resolves (RFC 6761), so this needs no network and fails fast.
    const r = await model({ baseUrl: "http://kc-no-such-host.invalid", maxRetries: 2, sleep: instant([]), timeoutMs: 5000 }).complete(request());
    expect(r).toEqual({
      ok: false,
      error: {
        kind: "network",
        message: "Could not find the model server at kc-no-such-host.invalid (its name did not resolve). Check the internet connection and the base URL.",
      },
    });
  });

  it("says a reply that is not a Messages API reply, never the parser's error", async () => {
    server.replies.push(
      { kind: "raw", status: 200, contentType: "text/html", body: "<html><body>Captive portal: sign in</body></html>" },
      { kind: "raw", status: 200, contentType: "application/json", body: '{"id": "msg_1", "content": [' },
      { kind: "raw", status: 200, contentType: "application/json", body: '{"ok": true}' },
    );
    for (let i = 0; i < 3; i++) {
      const r = await model({ maxRetries: 0 }).complete(request());
      expect(!r.ok && r.error).toMatchObject({
        kind: "invalid-reply",
        message: expect.stringMatching(
          /^The model server at .* (sent an answer that is not a Messages API reply|sent a reply that could not be read \(not JSON\)); check the base URL\.$/,
        ) as unknown,
      });
      expect(!r.ok && r.error.message).not.toMatch(/Unexpected|JSON\.parse|TypeError|undefined/);
    }
  });
});

describe("AnthropicLanguageModel replies", () => {
  const schema = { name: "propose_articles", description: "d", schema: { type: "object" } };

  it("refuses a reply with another tool or two tool calls", async () => {
    server.replies.push({ kind: "blocks", content: [{ type: "tool_use", id: "t1", name: "delete_everything", input: {} }] });
    const other = await model().complete(request({ jsonSchema: schema }));
    expect(!other.ok && other.error).toEqual({
      kind: "invalid-reply",
      message: 'The model replied with an unexpected tool ("delete_everything" instead of "propose_articles"); the reply was not used.',
    });
    server.replies.push({
      kind: "blocks",
      content: [
        { type: "tool_use", id: "t1", name: "propose_articles", input: {} },
        { type: "tool_use", id: "t2", name: "propose_articles", input: {} },
      ],
    });
    const two = await model().complete(request({ jsonSchema: schema }));
    expect(!two.ok && two.error.message).toBe("The model replied with 2 tool calls instead of one; the reply was not used.");
  });

  it("refuses a tool input over the size limit", async () => {
    server.replies.push({ kind: "tool", name: "propose_articles", input: { body: "x".repeat(5000) } });
    const r = await model({ maxReplyChars: 2000 }).complete(request({ jsonSchema: schema }));
    expect(!r.ok && r.error).toEqual({ kind: "invalid-reply", message: "The model's reply is 5 kB, over the 2 kB accepted; it was not used." });
  });

  it("cuts off a response body far over the limit while it arrives", async () => {
    server.replies.push({ kind: "raw", status: 200, contentType: "application/json", body: `{"content":[{"type":"text","text":"${"y".repeat(5_000_000)}"}]}` });
    const r = await model({ maxReplyChars: 100_000 }).complete(request());
    expect(!r.ok && r.error).toMatchObject({
      kind: "invalid-reply",
      message: expect.stringMatching(
        /^The reply from the model server at .* is larger than 466 kB, far over the 100 kB accepted; it was not used\.$/,
      ) as unknown,
    });
  });

  it("stops a streamed answer that grows over the limit", async () => {
    server.replies.push({ kind: "text", text: "z".repeat(200) });
    const deltas: string[] = [];
    const r = await model({ maxReplyChars: 50 }).stream(request(), (d) => deltas.push(d));
    expect(deltas.join("").length).toBeLessThanOrEqual(50);
    expect(!r.ok && r.error.kind).toBe("invalid-reply");
  });

  it("offers the tool without forcing it, and turns off up-front thinking, for Claude Sonnet 5.5", async () => {
    server.replies.push({ kind: "tool", name: "propose_articles", input: { creates: [] } });
    const r = await model({ model: "claude-sonnet-5-5" }).complete(request({ jsonSchema: schema }));
    expect(r.ok && JSON.parse(r.value.text)).toEqual({ creates: [] });
    const body = server.requests[0]!.body;
    expect(body.tool_choice).toEqual({ type: "auto", disable_parallel_tool_use: true });
    expect(body.thinking).toEqual({ type: "between_tools" });
  });

  it("forces the tool, with no thinking field, for Claude 4 models", async () => {
    server.replies.push({ kind: "tool", name: "propose_articles", input: {} });
    await model({ model: "claude-haiku-4-5" }).complete(request({ jsonSchema: schema }));
    expect(server.requests[0]!.body.tool_choice).toEqual({ type: "tool", name: "propose_articles" });
    expect(server.requests[0]!.body.thinking).toBeUndefined();
  });

  it("passes a text reply on for validation when the model did not call the offered tool", async () => {
    server.replies.push({ kind: "text", text: '{"creates": []}' });
    const r = await model({ model: "claude-sonnet-5-5" }).complete(request({ jsonSchema: schema }));
    expect(r.ok && r.value.text).toBe('{"creates": []}');
  });
});
