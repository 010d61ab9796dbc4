import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { forwardRequestUrlToFetch } from "../fakes/request-url-to-fetch";
import { startLoopbackAnthropic, type LoopbackServer } from "../fakes/loopback-anthropic-server";
import { createFakeApp } from "../fakes/fake-app";
import { mergePluginData } from "../../src/core/settings/plugin-data";
import { pluginHost } from "../../src/obsidian/plugin-host";
import type { CompileHost } from "../../src/core/workflows/compile-workflow";
import { priceFor } from "../../src/core/llm/models";
import { worstCaseUsd } from "../../src/core/spend/capped-model";
import { SPEND_LEDGER_FILE } from "../../src/core/spend/spend-ledger";
import { parseSpendLedger } from "../../src/core/spend/spend-entry";
import { CONFIG_DIR } from "../fakes/config-dir";

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackAnthropic();
  forwardRequestUrlToFetch();
});
afterEach(async () => {
  await server.close();
});

const DIR = `${CONFIG_DIR}/plugins/ckp-knowledge-compiler`;
const request = { system: "You answer from the articles.", messages: [{ role: "user" as const, content: "What holds the cap?" }], maxTokens: 300 };

function host(data: ReturnType<typeof mergePluginData>) {
  const app = createFakeApp({}, { "anthropic-api-key": "sk-test" });
  const compile = { now: () => new Date(), price: priceFor("claude-sonnet-5-5")! } as unknown as CompileHost;
  return {
    app,
    host: pluginHost(
      app as never,
      compile,
      () => data.settings,
      () => data,
      DIR,
    ),
  };
}

describe("the plugin's spend", () => {
  it("refuses the second call before any request reaches the server when the daily cap is just above one call", async () => {
    const worst = worstCaseUsd(request, priceFor("claude-sonnet-5-5"))!;
    const data = mergePluginData({ ask: { baseUrl: server.baseUrl, model: "claude-sonnet-5-5" }, spend: { dailyCapUsd: worst * 1.2 } });
    const { app, host: h } = host(data);
    server.replies.push({ kind: "text", text: "one", usage: { input: 40, output: 300 } }, { kind: "text", text: "two" });
    const got = await h.models.get("answer");
    if (!got.ok) throw new Error(got.error.message);
    expect((await got.value.model.complete(request)).ok).toBe(true);
    const second = await got.value.model.complete(request);
    expect(second).toMatchObject({ ok: false, error: { kind: "cap", period: "day" } });
    if (!second.ok) expect(second.error.message).toContain("daily cap");
    expect(server.requests).toHaveLength(1);
    expect(parseSpendLedger(app.config.get(`${DIR}/${SPEND_LEDGER_FILE}`) ?? "")).toMatchObject([{ feature: "answer", input: 40, output: 300 }]);
  });

  it("prices the models by the ids picked: another model in the picker changes every figure", async () => {
    const data = mergePluginData({ ask: { baseUrl: server.baseUrl, model: "claude-sonnet-5-5", selectModel: "claude-haiku-5-5" } });
    const { host: h } = host(data);
    const before = await h.models.get("answer");
    expect(before.ok && before.value.price).toMatchObject({ input: 2, output: 10 });
    data.ask.model = "claude-opus-5-5";
    const after = await h.models.get("answer");
    expect(after.ok && after.value.price).toMatchObject({ input: 4, output: 20 });
    const select = await h.models.get("select");
    expect(select.ok && select.value.price).toMatchObject({ input: 0.1, output: 0.5 });
    data.ask.priceOverrides = { "claude-opus-5-5": { input: 1, output: 2 } };
    const own = await h.models.get("compile");
    expect(own.ok && own.value.price).toMatchObject({ input: 1, output: 2 });
    data.ask.model = "someone-elses-model";
    const unknown = await h.models.get("answer");
    expect(unknown.ok && unknown.value.price).toBeNull();
  });
});
