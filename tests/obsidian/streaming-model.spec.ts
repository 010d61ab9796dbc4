import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { forwardRequestUrlToFetch } from "../fakes/request-url-to-fetch";
import { startLoopbackAnthropic, type LoopbackServer } from "../fakes/loopback-anthropic-server";
import { createBrowserFirstFetch } from "../../src/obsidian/browser-first-fetch";
import { createModel } from "../../src/obsidian/create-model";
import { createRequestUrlFetch } from "../../src/obsidian/request-url-fetch";
import { DEFAULT_ASK_SETTINGS } from "../../src/core/settings/plugin-data";
import { createFakeApp } from "../fakes/fake-app";
import { nodeFetch } from "../../src/node/node-runtime";

// The renderer's fetch is Node's own here: it reaches the loopback Messages API on 127.0.0.1 and streams its SSE.
let server: LoopbackServer;
let requestUrlCalls = 0;
beforeEach(async () => {
  server = await startLoopbackAnthropic();
  requestUrlCalls = 0;
  forwardRequestUrlToFetch();
});
afterEach(async () => server.close());

const app = createFakeApp({}, { "anthropic-api-key": "sk-test" });
const req = { system: "s", messages: [{ role: "user" as const, content: "q" }], maxTokens: 50 };
const model = (browserFetch: typeof fetch) => {
  const requestUrlFetch = createRequestUrlFetch();
  const counted: typeof fetch = (i, init) => {
    requestUrlCalls++;
    return requestUrlFetch(i, init);
  };
  return createModel(
    app as never,
    { ...DEFAULT_ASK_SETTINGS, baseUrl: server.baseUrl, timeoutSeconds: 30 },
    undefined,
    createBrowserFirstFetch(browserFetch, counted),
  );
};

describe("the Ask answer's model in the renderer", () => {
  it("streams the answer through the renderer's fetch, with the direct-browser-access header: words arrive before the reply ends", async () => {
    server.replies.push({ kind: "stall-after", text: "Up to five retries, each waiting longer." });
    const controller = new AbortController();
    let text = "";
    let deltas = 0;
    // The server sends the words and then keeps the connection open: only a streaming fetch can show them.
    const r = await model(nodeFetch).stream({ ...req, signal: controller.signal }, (d) => {
      text += d;
      deltas++;
      if (text === "Up to five retries, each waiting longer.") controller.abort();
    });
    expect(text).toBe("Up to five retries, each waiting longer.");
    expect(deltas).toBeGreaterThan(1);
    expect(!r.ok && r.error.kind).toBe("aborted");
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.headers["anthropic-dangerous-direct-browser-access"]).toBe("true");
    expect(server.requests[0]!.body.stream).toBe(true);
    expect(requestUrlCalls).toBe(0);
  });

  it("falls back to requestUrl when the renderer's fetch fails before any byte (no CORS), and stays there for that server", async () => {
    let browserCalls = 0;
    const noCors: typeof fetch = () => {
      browserCalls++;
      return Promise.reject(new TypeError("Failed to fetch"));
    };
    const m = model(noCors);
    server.replies.push({ kind: "text", text: "Whole answer." }, { kind: "text", text: "Second." });
    let text = "";
    const r = await m.stream(req, (d) => (text += d));
    expect(r.ok && r.value.text).toBe("Whole answer.");
    expect(text).toBe("Whole answer.");
    expect(server.requests).toHaveLength(1);
    expect(requestUrlCalls).toBe(1);
    await m.stream(req, () => undefined);
    expect(browserCalls).toBe(1);
    expect(requestUrlCalls).toBe(2);
  });

  it("never turns to requestUrl for a server the renderer's fetch has reached before: a later failure goes back to the model, which retries through the renderer", async () => {
    // The first answer arrives through the renderer; then the browser hides a failure (an error reply without CORS
    // headers, a moment offline). The failure is the model's to handle (its own announced retry), and streaming stays on.
    let browserCalls = 0;
    const failsSecond: typeof fetch = (i, init) => (++browserCalls === 2 ? Promise.reject(new TypeError("Failed to fetch")) : nodeFetch(i, init));
    const m = model(failsSecond);
    server.replies.push({ kind: "text", text: "First." }, { kind: "text", text: "Second." }, { kind: "text", text: "Third." });
    expect((await m.stream(req, () => undefined)).ok).toBe(true);
    const second = await m.stream(req, () => undefined);
    expect(second.ok && second.value.text).toBe("Second.");
    expect(browserCalls).toBe(3);
    expect(requestUrlCalls).toBe(0);
    const third = await m.stream(req, () => undefined);
    expect(third.ok && third.value.text).toBe("Third.");
    expect(browserCalls).toBe(4);
    expect(requestUrlCalls).toBe(0);
    expect(server.requests).toHaveLength(3);
  });

  it("rethrows a failure at a server the renderer's fetch has reached before, sending nothing through the fallback", async () => {
    let fallbackCalls = 0;
    const fallback: typeof fetch = () => {
      fallbackCalls++;
      return Promise.resolve(new Response("{}"));
    };
    let browserCalls = 0;
    const browser: typeof fetch = () => (++browserCalls === 1 ? Promise.resolve(new Response("{}")) : Promise.reject(new TypeError("Failed to fetch")));
    const f = createBrowserFirstFetch(browser, fallback);
    await f(`${server.baseUrl}/v1/messages`);
    await expect(f(`${server.baseUrl}/v1/messages`)).rejects.toThrow("Failed to fetch");
    expect(fallbackCalls).toBe(0);
    // Another origin never reached through the renderer still falls back.
    await f("http://other.invalid/v1/messages");
    expect(fallbackCalls).toBe(1);
  });

  it("never sends the request again once bytes have arrived, even when the stream then breaks", async () => {
    // The real response's first event (message_start, no words yet), then the connection fails: the server has
    // started answering, so the question must not be sent (and paid for) twice.
    const breaksAfterFirstEvent: typeof fetch = async (i, init) => {
      const res = await nodeFetch(i, init);
      const all = await res.text();
      const first = all.slice(0, all.indexOf("\n\n") + 2);
      expect(first).toContain("message_start");
      let sentOne = false;
      const body = new ReadableStream<Uint8Array>({
        pull(c) {
          if (sentOne) return c.error(new TypeError("network error"));
          sentOne = true;
          c.enqueue(new TextEncoder().encode(first));
        },
      });
      return new Response(body, { status: res.status, headers: res.headers });
    };
    server.replies.push({ kind: "text", text: "A long answer that will not arrive whole." }, { kind: "text", text: "A second copy." });
    const r = await model(breaksAfterFirstEvent).stream(req, () => undefined);
    expect(r.ok).toBe(false);
    expect(server.requests).toHaveLength(1);
    expect(requestUrlCalls).toBe(0);
  });

  it("does not fall back when the person stopped the request", async () => {
    const controller = new AbortController();
    controller.abort();
    const r = await model(nodeFetch).stream({ ...req, signal: controller.signal }, () => undefined);
    expect(!r.ok && r.error.kind).toBe("aborted");
    expect(requestUrlCalls).toBe(0);
    expect(server.requests).toHaveLength(0);
  });
});
