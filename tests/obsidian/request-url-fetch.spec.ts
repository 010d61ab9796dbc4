import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { forwardRequestUrlToFetch } from "../fakes/request-url-to-fetch";
import { createRequestUrlFetch } from "../../src/obsidian/request-url-fetch";
import { AnthropicLanguageModel } from "../../src/llm/anthropic-language-model";
import { startLoopbackAnthropic, type LoopbackServer } from "../fakes/loopback-anthropic-server";

// requestUrl is faked by forwarding to the loopback Messages API with Node's fetch, the way Obsidian would send it.
let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackAnthropic();
  forwardRequestUrlToFetch();
});
afterEach(async () => server.close());

const model = () =>
  new AnthropicLanguageModel({
    apiKey: "sk-test",
    model: "claude-test",
    baseUrl: server.baseUrl,
    maxRetries: 0,
    streaming: false,
    fetch: createRequestUrlFetch(),
    timers: window,
  });
const req = { system: "s", messages: [{ role: "user" as const, content: "q" }], maxTokens: 50 };

describe("the SDK over requestUrl", () => {
  it("completes a request", async () => {
    server.replies.push({ kind: "text", text: "Answer over requestUrl." });
    const r = await model().complete(req);
    expect(r.ok && r.value.text).toBe("Answer over requestUrl.");
  });

  it("still streams to the caller as one whole delta", async () => {
    server.replies.push({ kind: "text", text: "Whole." });
    const deltas: string[] = [];
    await model().stream(req, (d) => deltas.push(d));
    expect(deltas).toEqual(["Whole."]);
  });

  it("passes HTTP errors to the SDK's error mapping", async () => {
    server.replies.push({ kind: "status", status: 401, type: "authentication_error", message: "bad key" });
    const r = await model().complete(req);
    expect(!r.ok && r.error.kind).toBe("auth");
  });

  it("rejects at once when already aborted", async () => {
    const ac = new AbortController();
    ac.abort();
    const r = await model().complete({ ...req, signal: ac.signal });
    expect(!r.ok && r.error.kind).toBe("aborted");
    expect(server.requests).toHaveLength(0);
  });
});
