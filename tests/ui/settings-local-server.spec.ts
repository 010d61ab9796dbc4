import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { until } from "../fakes/until";
import { memorySettingsHost } from "../fakes/settings-host";
import { forwardRequestUrlToFetch } from "../fakes/request-url-to-fetch";
import { startLoopbackAnthropic, type LoopbackServer } from "../fakes/loopback-anthropic-server";
import { createFakeApp } from "../fakes/fake-app";
import { KnowledgeSettingsTab } from "../../src/ui/settings-tab";
import { listModels, testConnection } from "../../src/llm/anthropic-models";
import { modelServerOptions } from "../../src/obsidian/model-server-options";
import { mergePluginData, type PluginData } from "../../src/core/settings/plugin-data";

// The settings tab's model server presets, and its model picker filled from a local server (no key set), through
// requestUrl to a loopback server in local mode.
let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackAnthropic({});
  forwardRequestUrlToFetch();
});
afterEach(async () => server.close());

function setup(baseUrl: string) {
  const app = createFakeApp({}, {});
  const data: PluginData = mergePluginData({ ask: { baseUrl, model: "llama3.2:3b" } });
  const host = memorySettingsHost(data, {
    dailyNotesConfig: () => Promise.resolve(null),
    updateAsk: async (p) => {
      data.ask = { ...data.ask, ...p };
    },
    listModels: () => listModels(modelServerOptions(app as never, data.ask)),
    testConnection: () => testConnection(modelServerOptions(app as never, data.ask)),
  });
  const tab = new KnowledgeSettingsTab(app as never, {} as never, host);
  document.body.replaceChildren(tab.containerEl);
  openBefore113(tab);
  return { tab, data };
}

/** Draws the tab as Obsidian before 1.13 does (display()): the rows appear in the container, where the test reads them. */
function openBefore113(tab: { display(): void }): void {
  tab.display();
}

function row(root: HTMLElement, name: string): HTMLElement {
  const found = [...root.querySelectorAll<HTMLElement>(".setting-item")].find((r) => r.querySelector(".setting-item-name")?.textContent === name);
  if (!found) throw new Error(`no row "${name}"`);
  return found;
}

describe("the settings tab's model servers", () => {
  it("offers the Anthropic API, Ollama, LM Studio and llama.cpp's server, and a pick fills in the base URL", async () => {
    server.replies.push({ kind: "models", models: [], repeat: true });
    const { tab, data } = setup("");
    const select = await until(() => tab.containerEl.querySelector(".setting-item") && row(tab.containerEl, "Model server").querySelector("select"));
    expect([...select.options].map((o) => o.text)).toEqual(["Anthropic API", "Ollama", "LM Studio", "llama.cpp server", "Other (base URL below)"]);
    expect(select.value).toBe("anthropic");
    select.value = "ollama";
    select.dispatchEvent(new Event("change"));
    await until(() => data.ask.baseUrl === "http://localhost:11434");
    const again = await until(() => tab.containerEl.querySelector(".setting-item") && row(tab.containerEl, "Model server").querySelector("select"));
    expect(again.value).toBe("ollama");
    select.value = "anthropic";
    select.dispatchEvent(new Event("change"));
    await until(() => data.ask.baseUrl === "");
  });

  it("lists the models a local server serves in the model picker, with no key set", async () => {
    server.replies.push({
      kind: "models",
      models: [
        { id: "llama3.2:3b", name: "" },
        { id: "qwen3:0.6b", name: "" },
      ],
      repeat: true,
    });
    const { tab } = setup(server.baseUrl);
    const server_ = await until(() => tab.containerEl.querySelector(".setting-item") && row(tab.containerEl, "Model server").querySelector("select"));
    expect(server_.value).toBe("other");
    const select = await until(() => tab.containerEl.querySelector(".setting-item") && row(tab.containerEl, "Model ID").querySelector("select"));
    await until(() => [...select.options].some((o) => o.value === "qwen3:0.6b"));
    expect([...select.options].map((o) => o.value)).toEqual(expect.arrayContaining(["llama3.2:3b", "qwen3:0.6b"]));
    expect(select.value).toBe("llama3.2:3b");
  });
});
