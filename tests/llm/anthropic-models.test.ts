import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listModels, testConnection, type ModelServerOptions } from "../../src/llm/anthropic-models";
import { nodeFetch, nodeTimers } from "../../src/node/node-runtime";
import { startLoopbackAnthropic, type LoopbackServer } from "../fakes/loopback-anthropic-server";

// The settings' model list and connection check: the real SDK against the loopback server, never the internet.
let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackAnthropic();
});
afterEach(async () => server.close());

const options = (over: Partial<ModelServerOptions> = {}): ModelServerOptions => ({
  apiKey: "sk-secret-123456",
  baseUrl: server.baseUrl,
  fetch: nodeFetch,
  timers: nodeTimers,
  model: "claude-test",
  ...over,
});

describe("the model list", () => {
  it("keeps only usable, distinct ids from a hostile listing, and shows the id where a name is missing", async () => {
    const data = [
      { type: "model", id: "claude-a", display_name: "Claude A" },
      { type: "model", id: "claude-a", display_name: "Claude A again" },
      { type: "model", id: 42, display_name: "a number" },
      { type: "model", id: "", display_name: "empty" },
      { type: "model", id: "x".repeat(300), display_name: "too long" },
      { type: "model", id: "claude-b", display_name: null },
    ];
    server.replies.push({
      kind: "raw",
      status: 200,
      contentType: "application/json",
      body: JSON.stringify({ data, has_more: false, first_id: null, last_id: null }),
    });
    expect(await listModels(options())).toEqual({
      ok: true,
      value: [
        { id: "claude-a", name: "Claude A" },
        { id: "claude-b", name: "claude-b" },
      ],
    });
  });

  it("stops asking a server that ignores after_id and always says there are more models", async () => {
    server.replies.push({
      kind: "models",
      models: [
        { id: "claude-a", name: "Claude A" },
        { id: "claude-b", name: "Claude B" },
      ],
      hasMore: true,
      repeat: true,
    });
    expect(await listModels(options())).toEqual({
      ok: true,
      value: [
        { id: "claude-a", name: "Claude A" },
        { id: "claude-b", name: "Claude B" },
      ],
    });
    // The first page, then one more that adds nothing new: no further request.
    expect(server.requests).toHaveLength(2);
  });

  it("reads at most five pages, however many new models each claims to be followed by", async () => {
    let n = 0;
    const page = () => ({ kind: "models" as const, models: [{ id: `claude-${n++}`, name: "C" }], hasMore: true });
    for (let i = 0; i < 20; i++) server.replies.push(page());
    const r = await listModels(options());
    expect(r.ok && r.value.map((m) => m.id)).toEqual(["claude-0", "claude-1", "claude-2", "claude-3", "claude-4"]);
    expect(server.requests).toHaveLength(5);
  });

  it("asks nothing without a key or a base URL", async () => {
    const r = await listModels(options({ apiKey: null, baseUrl: "" }));
    expect(r.ok ? null : r.error.kind).toBe("no-key");
    expect(server.requests).toHaveLength(0);
  });
});

describe("the connection test", () => {
  it("says the key works but the configured model is not listed", async () => {
    server.replies.push({ kind: "models", models: [{ id: "claude-other", name: "Claude Other" }] });
    expect(await testConnection(options())).toEqual({
      ok: false,
      message: `The model server at ${new URL(server.baseUrl).host} accepted the key, but does not list the model "claude-test" among its 1: choose one from the list.`,
    });
  });

  it("never repeats the key, even when the server echoes it", async () => {
    server.replies.push({ kind: "echo-key", status: 400 });
    const r = await testConnection(options());
    expect(r.ok).toBe(false);
    expect(r.message).not.toContain("sk-secret-123456");
  });
});
