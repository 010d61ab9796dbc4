import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { settingsModels } from "../../src/obsidian/plugin-host";
import { mergePluginData } from "../../src/core/settings/plugin-data";
import { LOCAL_PRICE } from "../../src/core/llm/local-server";
import { buildSelectRequest } from "../../src/core/route/select-articles";
import * as stub from "../fakes/obsidian-stub";
import { createFakeApp } from "../fakes/fake-app";
import { forwardRequestUrlToFetch } from "../fakes/request-url-to-fetch";
import { startLoopbackAnthropic, type LoopbackServer } from "../fakes/loopback-anthropic-server";

// The plugin's models against a local model server (no key in secret storage): what the server refuses is dropped
// with one notice, the small roles call the local model, and its calls are priced at $0.
let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackAnthropic({});
  forwardRequestUrlToFetch();
});
afterEach(async () => server.close());

const modelsAt = (baseUrl: string) => {
  const data = mergePluginData({ ask: { baseUrl, model: "llama3.2:3b" } });
  return settingsModels(createFakeApp({}, {}) as never, () => data);
};

describe("the plugin's models on a local server", () => {
  it("drops what the server refuses, says so in one notice, and gets the selection's reply with no key", async () => {
    const models = modelsAt(server.baseUrl);
    const select = await models.get("select");
    if (!select.ok) throw new Error(select.error.message);
    expect(select.value.id).toBe("llama3.2:3b");
    server.replies.push({ kind: "tool", name: "choose_articles", input: { covered: true, articles: ["a1"] } });
    server.replies.push({ kind: "tool", name: "choose_articles", input: { covered: false, articles: [] } });
    const before = stub.notices.length;
    const r = await select.value.model.complete(buildSelectRequest("How long?", []));
    expect(r.ok && JSON.parse(r.value.text)).toEqual({ covered: true, articles: ["a1"] });
    const again = await select.value.model.complete(buildSelectRequest("And then?", []));
    expect(again.ok).toBe(true);
    const said = stub.notices.slice(before);
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/^The model server at 127\.0\.0\.1:\d+ does not take prompt caching, a forced tool; continuing without\.$/);
    expect(new Set(server.requests.map((q) => JSON.stringify(q.body))).size).toBe(server.requests.length);
  });

  it("waits 600 s for a model on a local server's preset address, 120 s for the Anthropic API, and a person's own timeout wherever set", async () => {
    const timeoutOf = async (baseUrl: string, model: string, timeoutSeconds = 120, role: "answer" | "select" = "answer") => {
      const data = mergePluginData({ ask: { baseUrl, model, timeoutSeconds } });
      const got = await settingsModels(createFakeApp({}, { "anthropic-api-key": "sk-test" }) as never, () => data).get(role);
      if (!got.ok) throw new Error(got.error.message);
      return (Reflect.get(got.value.model, "options") as { timeoutMs: number }).timeoutMs;
    };
    expect(await timeoutOf("http://localhost:11434", "llama3.2:3b")).toBe(600_000);
    expect(await timeoutOf("http://localhost:1234", "qwen3-4b", 120, "select")).toBe(600_000);
    expect(await timeoutOf("", "claude-sonnet-5-5")).toBe(120_000);
    expect(await timeoutOf("http://localhost:11434", "llama3.2:3b", 45)).toBe(45_000);
  });

  it("prices every role at $0 on Ollama's address, and the small roles call the answer model", () => {
    const models = modelsAt("http://localhost:11434");
    for (const role of ["answer", "compile", "select", "distill"] as const) expect(models.planned(role)).toEqual({ id: "llama3.2:3b", price: LOCAL_PRICE });
  });
});
