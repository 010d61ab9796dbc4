import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_SELECT_MODEL, priceFor } from "../../src/core/llm/models";
import { settingsModels } from "../../src/obsidian/plugin-host";
import { mergePluginData } from "../../src/core/settings/plugin-data";
import { priceOf } from "../../src/obsidian/create-model";
import * as stub from "../fakes/obsidian-stub";
import { setRequestUrl } from "../fakes/obsidian-stub";
import { createFakeApp } from "../fakes/fake-app";
import { forwardRequestUrlToFetch } from "../fakes/request-url-to-fetch";
import { startLoopbackAnthropic, type LoopbackServer } from "../fakes/loopback-anthropic-server";
import { nodeFetch } from "../../src/node/node-runtime";

// The plugin's models by role: the renderer's fetch is Node's (it reaches the loopback server), requestUrl the stub
// forwarded to it and counted.
let server: LoopbackServer;
let requestUrlCalls = 0;
let browserCalls = 0;
const g = window as unknown as { activeWindow?: { fetch: typeof fetch } };
beforeEach(async () => {
  server = await startLoopbackAnthropic();
  forwardRequestUrlToFetch();
  const forward = stub.requestUrlImpl;
  requestUrlCalls = 0;
  browserCalls = 0;
  setRequestUrl((req) => (requestUrlCalls++, forward(req)));
  g.activeWindow = { fetch: (i, init) => (browserCalls++, nodeFetch(i, init)) };
});
afterEach(async () => {
  delete g.activeWindow;
  await server.close();
});

const source = () => {
  const data = mergePluginData({ ask: { baseUrl: server.baseUrl, model: "claude-answer", selectModel: "claude-select", priceInput: 4, priceOutput: 20 } });
  return { data, models: settingsModels(createFakeApp({}, { "anthropic-api-key": "sk-test" }) as never, () => data) };
};
const req = { system: "s", messages: [{ role: "user" as const, content: "q" }], maxTokens: 50 };

describe("the plugin's models by role", () => {
  it("streams a streaming call through the renderer's fetch, and sends the others through requestUrl", async () => {
    const { models } = source();
    server.replies.push({ kind: "text", text: "Streamed." }, { kind: "text", text: "Whole." });
    const answer = await models.get("answer", { streaming: true });
    expect(answer.ok && (await answer.value.model.stream(req, () => undefined)).ok).toBe(true);
    expect([browserCalls, requestUrlCalls]).toEqual([1, 0]);
    expect(server.requests[0]!.body.stream).toBe(true);
    const compile = await models.get("compile");
    expect(compile.ok && (await compile.value.model.complete(req)).ok).toBe(true);
    expect([browserCalls, requestUrlCalls]).toEqual([1, 1]);
  });

  it("gives the models a notice for a silent call: how long it has waited, when it stops, that cancelling stops it now", async () => {
    const { models } = source();
    const compile = await models.get("compile");
    if (!compile.ok) throw new Error(compile.error.message);
    const onSilence = (Reflect.get(compile.value.model, "options") as { onSilence?: (silent: number, stops: number) => void }).onSilence;
    const before = stub.notices.length;
    onSilence?.(10, 120);
    expect(stub.notices.slice(before)).toEqual([
      "Still waiting for the model: no reply for 10 s. It stops by itself after 120 s; cancel the operation to stop it now.",
    ]);
  });

  it("prices the answer at the settings' prices and the small roles at the select model's own price, each with its model id", async () => {
    const { models, data } = source();
    const answer = await models.get("answer");
    const select = await models.get("select");
    expect(answer.ok && { id: answer.value.id, price: answer.value.price }).toEqual({ id: "claude-answer", price: priceOf(data.ask) });
    // A selection model without a known price is not priced as Haiku 5.5: its cost is unknown.
    expect(select.ok && { id: select.value.id, price: select.value.price }).toEqual({ id: "claude-select", price: null });
    data.ask.selectModel = "claude-opus-5-5";
    const picked = await models.get("distill");
    expect(picked.ok && { id: picked.value.id, price: picked.value.price }).toEqual({ id: "claude-opus-5-5", price: priceFor("claude-opus-5-5") });
    data.ask.selectModel = DEFAULT_SELECT_MODEL;
    const haiku = await models.get("select");
    expect(haiku.ok && haiku.value.price).toEqual(priceFor(DEFAULT_SELECT_MODEL));
  });
});
