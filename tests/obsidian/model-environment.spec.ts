import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setRequestUrl } from "../fakes/obsidian-stub";
import { forwardRequestUrlToFetch } from "../fakes/request-url-to-fetch";
import { startLoopbackAnthropic, type LoopbackServer } from "../fakes/loopback-anthropic-server";
import { createFakeApp } from "../fakes/fake-app";
import { createModel } from "../../src/obsidian/create-model";
import { modelServerOptions } from "../../src/obsidian/model-server-options";
import { listModels } from "../../src/llm/anthropic-models";
import { mergePluginData } from "../../src/core/settings/plugin-data";
import process from "node:process";

// The desktop app's process may carry the SDK's environment variables (set for Claude Code or another tool). The
// plugin must call what its settings name with the key they name, whatever the environment says.
const ENV = {
  ANTHROPIC_BASE_URL: "http://env-base-url.invalid",
  ANTHROPIC_API_KEY: "sk-from-env",
  ANTHROPIC_AUTH_TOKEN: "token-from-env",
  ANTHROPIC_CUSTOM_HEADERS: "Authorization: Bearer sk-from-custom-headers\nX-Env-Header: from-env",
  ANTHROPIC_LOG: "debug",
};
let server: LoopbackServer;
const saved: Record<string, string | undefined> = {};
beforeEach(async () => {
  for (const [k, v] of Object.entries(ENV)) {
    saved[k] = process.env[k];
    process.env[k] = v;
  }
  server = await startLoopbackAnthropic();
  forwardRequestUrlToFetch();
});
afterEach(async () => {
  for (const k of Object.keys(ENV)) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  await server.close();
});

const app = () => createFakeApp({}, { "anthropic-api-key": "sk-configured" });
const request = { system: "s", messages: [{ role: "user" as const, content: "q" }], maxTokens: 5 };

function expectOnlyConfigured(headers: Record<string, string | string[] | undefined>): void {
  const all = JSON.stringify(headers);
  expect(headers.authorization ?? headers["x-api-key"]).toContain("sk-configured");
  for (const leak of ["sk-from-env", "token-from-env", "sk-from-custom-headers", "from-env"]) expect(all).not.toContain(leak);
  expect(headers["x-env-header"]).toBeUndefined();
}

describe("the plugin's model ignores the SDK's environment variables", () => {
  it("sends answers and the model list to the configured base URL with the configured key only", async () => {
    const ask = mergePluginData({ ask: { baseUrl: server.baseUrl, model: "claude-test" } }).ask;
    server.replies.push({ kind: "text", text: "ok" }, { kind: "models", models: [{ id: "claude-test", name: "Claude Test" }] });
    const r = await createModel(app() as never, ask).complete(request);
    expect(r.ok).toBe(true);
    const listed = await listModels(modelServerOptions(app() as never, ask));
    expect(listed).toEqual({ ok: true, value: [{ id: "claude-test", name: "Claude Test" }] });
    expect(server.requests.map((q) => `${q.method} ${q.url}`)).toEqual(["POST /v1/messages", "GET /v1/models?limit=100"]);
    for (const q of server.requests) expectOnlyConfigured(q.headers);
  });

  it("takes an empty base URL as the Anthropic API, not ANTHROPIC_BASE_URL (no request leaves the test)", async () => {
    const seen: { url: string; headers: Record<string, string> }[] = [];
    // requestUrl answers here, so nothing goes over the network: only where the request was sent to is recorded.
    setRequestUrl((req) => {
      seen.push({ url: req.url, headers: req.headers ?? {} });
      const body = req.url.includes("/v1/models")
        ? { data: [], has_more: false, first_id: null, last_id: null }
        : {
            id: "m",
            type: "message",
            role: "assistant",
            model: "claude-test",
            content: [{ type: "text", text: "ok" }],
            stop_reason: "end_turn",
            stop_sequence: null,
            usage: { input_tokens: 1, output_tokens: 1 },
          };
      const arrayBuffer = new TextEncoder().encode(JSON.stringify(body)).buffer;
      return Promise.resolve({ status: 200, headers: { "content-type": "application/json" }, arrayBuffer, text: "" });
    });
    const ask = mergePluginData({ ask: { baseUrl: "", model: "claude-test" } }).ask;
    expect((await createModel(app() as never, ask).complete(request)).ok).toBe(true);
    expect((await listModels(modelServerOptions(app() as never, ask))).ok).toBe(true);
    expect(seen.map((s) => s.url)).toEqual(["https://api.anthropic.com/v1/messages", "https://api.anthropic.com/v1/models?limit=100"]);
    for (const s of seen) expectOnlyConfigured(Object.fromEntries(Object.entries(s.headers).map(([k, v]) => [k.toLowerCase(), v])));
    expect(server.requests).toHaveLength(0);
  });

  it("keeps the SDK's own anthropic-version and browser-access headers when ANTHROPIC_CUSTOM_HEADERS names them, and adds none of its headers", async () => {
    const ask = mergePluginData({ ask: { baseUrl: server.baseUrl, model: "claude-test" } }).ask;
    server.replies.push({ kind: "text", text: "ok" }, { kind: "text", text: "ok" });
    delete process.env.ANTHROPIC_CUSTOM_HEADERS;
    expect((await createModel(app() as never, ask).complete(request)).ok).toBe(true);
    process.env.ANTHROPIC_CUSTOM_HEADERS = "anthropic-version: bogus\nanthropic-dangerous-direct-browser-access: no\nx-evil: 1";
    expect((await createModel(app() as never, ask).complete(request)).ok).toBe(true);
    const [plain, withEnv] = server.requests.map((q) => q.headers);
    expect(plain!["anthropic-version"]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(withEnv!["anthropic-version"]).toBe(plain!["anthropic-version"]);
    expect(withEnv!["anthropic-dangerous-direct-browser-access"]).toBe("true");
    expect(withEnv!["x-evil"]).toBeUndefined();
    expectOnlyConfigured(withEnv!);
  });
});
