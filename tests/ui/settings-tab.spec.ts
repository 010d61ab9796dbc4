import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { until } from "../fakes/until";
import { memorySettingsHost } from "../fakes/settings-host";
import { Setting, type SettingDefinitionItem } from "obsidian";
import { forwardRequestUrlToFetch } from "../fakes/request-url-to-fetch";
import { startLoopbackAnthropic, type LoopbackServer } from "../fakes/loopback-anthropic-server";
import { createFakeApp } from "../fakes/fake-app";
import { KnowledgeSettingsTab } from "../../src/ui/settings-tab";
import { listModels, testConnection } from "../../src/llm/anthropic-models";
import { modelServerOptions } from "../../src/obsidian/model-server-options";
import { mergePluginData, type PluginData } from "../../src/core/settings/plugin-data";
import { DEFAULT_MODEL } from "../../src/core/llm/models";

// The settings tab with the stub's Setting rows (drawn as Obsidian draws them), its model list and connection test
// through requestUrl to the loopback Messages API.
let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackAnthropic();
  forwardRequestUrlToFetch();
});
afterEach(async () => server.close());

function setup(over: { key?: string | null; baseUrl?: string; model?: string; dailyNotes?: { folder: string; format: string } } = {}) {
  // A second secret, chosen in one test.
  const secrets: Record<string, string> = { ...(over.key === null ? {} : { "anthropic-api-key": over.key ?? "sk-test" }), "anthropic-api-key-2": "sk-chosen" };
  const app = createFakeApp({}, secrets);
  const data: PluginData = mergePluginData({ ask: { baseUrl: over.baseUrl ?? server.baseUrl, model: over.model ?? "claude-test" } });
  const saved: unknown[] = [];
  const host = memorySettingsHost(data, {
    dailyNotesConfig: () => Promise.resolve(over.dailyNotes ?? null),
    updateAsk: async (p) => {
      saved.push(p);
      data.ask = { ...data.ask, ...p };
    },
    listModels: () => listModels(modelServerOptions(app as never, data.ask)),
    testConnection: () => testConnection(modelServerOptions(app as never, data.ask)),
  });

  const tab = new KnowledgeSettingsTab(app as never, {} as never, host);
  document.body.replaceChildren(tab.containerEl);
  return { tab, data, saved };
}

/** Opens the tab as Obsidian before 1.13 does: through SettingTab's `display()`, which 1.13 deprecated for definitions. */
function openBefore113(tab: { display(): void }): void {
  tab.display();
}

function row(root: HTMLElement, name: string): HTMLElement {
  const found = [...root.querySelectorAll<HTMLElement>(".setting-item")].find((r) => r.querySelector(".setting-item-name")?.textContent === name);
  if (!found) throw new Error(`no row "${name}"`);
  return found;
}

const names = (items: SettingDefinitionItem[]): string[] =>
  items.flatMap((i) =>
    "items" in i && i.items ? [`# ${"heading" in i ? (i.heading ?? "") : ""}`, ...names(i.items as SettingDefinitionItem[])] : ["name" in i ? i.name : ""],
  );

describe("the settings tab", () => {
  it("lists every row for Obsidian's settings search, and display() draws the same rows where that API is absent", async () => {
    const { tab } = setup();
    const defs = tab.getSettingDefinitions();
    const listed = names(defs);
    expect(listed).toEqual(
      expect.arrayContaining([
        "# Ask",
        "Anthropic API key",
        "Model ID",
        "Base URL",
        "Test connection",
        "Model that chooses",
        "# Compile",
        "Ask before costly compiles (USD)",
      ]),
    );
    // Obsidian 1.13 renders each definition into a row it made; the definition fills in the same name and controls.
    const group = defs.find((d) => "heading" in d && d.heading === "Ask") as unknown as { items: { name: string; render: (s: Setting) => void }[] };
    const el = createDiv();
    for (const item of group.items) item.render(new Setting(el));
    expect(row(el, "Base URL").querySelector("input")).not.toBeNull();
    // Before 1.13 only display() is called: every definition (shown without the daily notes core plugin) is drawn.
    openBefore113(tab);
    await until(() => tab.containerEl.querySelector(".setting-item"));
    const drawn = [...tab.containerEl.querySelectorAll(".setting-item-name")].map((n) => n.textContent);
    const shown = listed.filter((n) => !n.startsWith("# ") && n !== "From the daily notes core plugin");
    expect(drawn.filter((n) => shown.includes(n))).toEqual(shown);
    expect(drawn).toContain("Ask");
    // Every control can be named by a screen reader: its own text, or the row's name.
    const unnamed = [...tab.containerEl.querySelectorAll(".setting-item-control :is(input, select, button)")].filter(
      (c) => !c.getAttribute("aria-label") && !c.textContent?.trim(),
    );
    expect(unnamed).toEqual([]);
    expect(row(tab.containerEl, "Sparse article threshold").querySelector("input")!.getAttribute("aria-label")).toBe("Sparse article threshold");
  });

  it("fills the model picker from the Models API when a key is set, shows the default, and saves a pick", async () => {
    server.replies.push({
      kind: "models",
      models: [
        { id: "claude-test", name: "Claude Test" },
        { id: "claude-other", name: "Claude Other" },
      ],
    });
    const { tab, data } = setup();
    openBefore113(tab);
    const model = await until(() => tab.containerEl.querySelector(".setting-item") && row(tab.containerEl, "Model ID"));
    const select = await until(() => model.querySelector("select"));
    expect([...select.options].map((o) => o.value)).toEqual(["claude-test", "claude-other", ""]);
    expect(select.value).toBe("claude-test");
    expect(model.querySelector("input")!.hidden).toBe(true);
    expect(model.querySelector(".setting-item-description")!.textContent).toContain(`Default: ${DEFAULT_MODEL}.`);
    // Names in the list (a closed dropdown on a phone fits about 40 characters), the chosen model's ID in the description.
    expect([...select.options].map((o) => o.text)).toEqual(["Claude Test", "Claude Other", "Other (type the ID)…"]);
    expect(model.querySelector(".kc-setting-status")!.textContent).toBe("claude-test");
    select.value = "claude-other";
    select.dispatchEvent(new Event("change"));
    await until(() => data.ask.model === "claude-other");
    expect(model.querySelector(".kc-setting-status")!.textContent).toBe("claude-other");
    // Both pickers share one listing: the Models API was asked once.
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual(["GET /v1/models?limit=100"]);
    // "Other" brings back the free-text field.
    select.value = "";
    select.dispatchEvent(new Event("change"));
    expect(model.querySelector("input")!.hidden).toBe(false);
  });

  it("draws every price and cost shown again at the model picked: Opus 5.5 over Haiku 5.5, and an unknown model says unknown", async () => {
    server.replies.push({
      kind: "models",
      models: [
        { id: "claude-haiku-5-5", name: "Claude Haiku 5.5" },
        { id: "claude-opus-5-5", name: "Claude Opus 5.5" },
      ],
      repeat: true,
    });
    const { tab, data } = setup({ model: "claude-haiku-5-5" });
    data.ask.selectModel = "claude-haiku-5-5";
    openBefore113(tab);
    const root = tab.containerEl;
    const price = (name: string) => row(root, name).querySelector(".kc-setting-price")!.textContent;
    const distil = (): string => row(root, "Distil with the model").querySelector(".kc-setting-price")?.textContent ?? "";
    const dollars = (t: string) => Number(/\$(\d+\.\d+)/.exec(t)![1]);
    const pick = async (name: string, id: string) => {
      const select = await until(() => row(root, name).querySelector("select"));
      select.value = id;
      select.dispatchEvent(new Event("change"));
      await new Promise((r) => window.setTimeout(r, 0));
    };
    await until(() => root.querySelector(".kc-model-picker select"));
    expect(price("Price of the answer model")).toBe("claude-haiku-5-5: list price $0.1 in, $0.5 out per million tokens. Leave empty to use it.");
    const haiku = dollars(distil());
    await pick("Model ID", "claude-opus-5-5");
    expect(price("Price of the answer model")).toBe("claude-opus-5-5: list price $4 in, $20 out per million tokens. Leave empty to use it.");
    expect(row(root, "Price of the answer model").querySelector("input")!.placeholder).toBe("4");
    await pick("Model that chooses", "claude-opus-5-5");
    expect(price("Price of the model that chooses")).toContain("claude-opus-5-5: list price $4 in, $20 out");
    // Haiku's figure is shown to 4 decimals: the ratio is 40 within its rounding.
    expect(Math.abs(dollars(distil()) / haiku / 40 - 1)).toBeLessThan(0.05);
    expect(distil()).toContain("at claude-opus-5-5's price");
    // An id typed in "Other": its price and distillation's cost are unknown, never another model's.
    await pick("Model that chooses", "");
    const typed = row(root, "Model that chooses").querySelector("input")!;
    typed.value = "my-local-model";
    typed.dispatchEvent(new Event("input"));
    await until(() => data.ask.selectModel === "my-local-model");
    await new Promise((r) => window.setTimeout(r, 0));
    expect(price("Price of the model that chooses")).toContain("my-local-model is not in the table of known prices");
    expect(distil()).toBe("Its cost is unknown: no price is known for my-local-model (set one in the Ask settings).");
  });

  it("falls back to free text, saying why, with no key or a server without the Models API", async () => {
    const noKey = setup({ key: null, baseUrl: "" });
    openBefore113(noKey.tab);
    const model = await until(() => noKey.tab.containerEl.querySelector(".setting-item") && row(noKey.tab.containerEl, "Model ID"));
    await until(() => model.querySelector(".kc-setting-status")!.textContent.includes("no API key is set"));
    expect(model.querySelector("select")).toBeNull();
    const input = model.querySelector("input")!;
    input.value = "claude-typed";
    input.dispatchEvent(new Event("input"));
    await until(() => noKey.data.ask.model === "claude-typed");
    expect(server.requests).toHaveLength(0);
    // Choosing a key draws the rows again: the picker now lists the models.
    server.replies.push({ kind: "models", models: [{ id: "claude-test", name: "Claude Test" }] });
    noKey.data.ask.baseUrl = server.baseUrl;
    const secret = row(noKey.tab.containerEl, "Anthropic API key").querySelector("input")!;
    secret.value = "anthropic-api-key-2";
    secret.dispatchEvent(new Event("input"));
    const relisted = await until(() => noKey.tab.containerEl.querySelector<HTMLSelectElement>(".kc-model-picker select"));
    expect([...relisted.options].map((o) => o.value)).toEqual(["claude-test", ""]);
    expect(noKey.data.ask.apiKeySecret).toBe("anthropic-api-key-2");
    expect(server.requests.at(-1)!.headers.authorization).toContain("sk-chosen");

    server.replies.push({ kind: "status", status: 404, type: "not_found_error", message: "Not Found" });
    const custom = setup();
    openBefore113(custom.tab);
    const m2 = await until(() => custom.tab.containerEl.querySelector(".setting-item") && row(custom.tab.containerEl, "Model ID"));
    await until(() => m2.querySelector(".kc-setting-status")!.textContent === "Type a model ID: this server has no model list.");
    expect(m2.querySelector("input")!.hidden).toBe(false);
  });

  it("tests the connection with the cheapest real call and says in one sentence what worked or failed", async () => {
    const click = async (tab: KnowledgeSettingsTab): Promise<string> => {
      openBefore113(tab);
      const r = await until(() => tab.containerEl.querySelector(".setting-item") && row(tab.containerEl, "Test connection"));
      await until(() => server.requests.length > 0 || null); // the pickers' listing went first
      const before = server.requests.length;
      r.querySelector("button")!.click();
      const status = r.querySelector(".kc-setting-status")!;
      await until(() => status.textContent !== "Testing…" && status.textContent !== "" && server.requests.length > before);
      return status.textContent;
    };
    server.replies.push(
      { kind: "models", models: [{ id: "claude-test", name: "Claude Test" }] },
      { kind: "models", models: [{ id: "claude-test", name: "Claude Test" }] },
    );
    expect(await click(setup().tab)).toBe(
      "Connected: the model server at " + new URL(server.baseUrl).host + " accepted the key and lists 1 model, including claude-test.",
    );

    server.replies.push({ kind: "models", models: [] }, { kind: "status", status: 401, type: "authentication_error", message: "invalid x-api-key" });
    expect(await click(setup().tab)).toMatch(/^The model server at 127\.0\.0\.1:\d+ rejected the API key \(401\)\. Check the key in/);

    // A compatible server without the Models API: one 1-token message instead.
    server.requests.length = 0;
    server.replies.push(
      { kind: "status", status: 404, type: "not_found_error", message: "Not Found" },
      { kind: "status", status: 404, type: "not_found_error", message: "Not Found" },
      { kind: "text", text: "p" },
    );
    expect(await click(setup().tab)).toMatch(/^Connected: the model server at .* has no model list, but claude-test answered a 1-token message\.$/);
    expect(server.requests.at(-1)!.body.max_tokens).toBe(1);
  });
});

// Obsidian 1.13 added getSettingDefinitions and, on the tab, update() and refreshDomState(); the type package (1.13.1)
// declares neither method, so the tab calls them only when present. The stub's tab has neither (Obsidian without them);
// the tests that give the tab both stand for Obsidian 1.13 and later.
describe("the settings tab's guarded Obsidian 1.13 calls", () => {
  type Def = { name?: string; heading?: string; items?: Def[]; visible?: () => boolean; render?: (s: Setting) => void };
  const find = (defs: Def[], name: string): Def | undefined =>
    defs.flatMap((d) => (d.items ? [d, ...d.items] : [d])).find((d) => d.name === name || d.heading === name);
  const coreRow = "From the daily notes core plugin";
  const daily = { folder: "Journal", format: "YYYY-MM-DD" };

  it("asks Obsidian to re-check its rows' visibility (refreshDomState) once the daily notes core plugin's settings are read", async () => {
    const { tab } = setup({ dailyNotes: daily });
    const seen: boolean[] = [];
    Object.assign(tab, { refreshDomState: () => seen.push(find(defs, coreRow)!.visible!()) });
    const defs = tab.getSettingDefinitions() as Def[];
    expect(find(defs, coreRow)!.visible!()).toBe(false);
    await until(() => seen.length > 0 || null);
    expect(seen).toEqual([true]);
  });

  it("lists the definitions without refreshDomState, and the rows' visibility still follows the core plugin's settings", async () => {
    const { tab } = setup({ dailyNotes: daily });
    expect("refreshDomState" in tab).toBe(false);
    const defs = tab.getSettingDefinitions() as Def[];
    await until(() => find(defs, coreRow)!.visible!() || null);
    expect(find(defs, "Daily notes folder")!.visible!()).toBe(false);
  });

  it("after a new key, asks Obsidian to draw the definitions again (update) instead of drawing display()'s rows", async () => {
    const { tab, data } = setup();
    let updates = 0;
    Object.assign(tab, { update: () => void updates++ });
    const el = createDiv();
    for (const item of find(tab.getSettingDefinitions() as Def[], "Ask")!.items!) item.render!(new Setting(el));
    const secret = row(el, "Anthropic API key").querySelector("input")!;
    secret.value = "anthropic-api-key-2";
    secret.dispatchEvent(new Event("input"));
    await until(() => updates > 0 || null);
    expect(updates).toBe(1);
    expect(data.ask.apiKeySecret).toBe("anthropic-api-key-2");
    expect(tab.containerEl.querySelector(".setting-item")).toBeNull();
  });

  it("saves a new key without update() and without drawing display()'s rows into a tab Obsidian draws", async () => {
    const { tab, saved } = setup();
    expect("update" in tab).toBe(false);
    const el = createDiv();
    for (const item of find(tab.getSettingDefinitions() as Def[], "Ask")!.items!) item.render!(new Setting(el));
    const secret = row(el, "Anthropic API key").querySelector("input")!;
    secret.value = "anthropic-api-key-2";
    secret.dispatchEvent(new Event("input"));
    await until(() => saved.length > 0 || null);
    // A task boundary: a draw() started by the change would have read the core plugin's settings and drawn by now.
    await new Promise((r) => window.setTimeout(r, 0));
    expect(saved).toEqual([{ apiKeySecret: "anthropic-api-key-2" }]);
    expect(tab.containerEl.querySelector(".setting-item")).toBeNull();
  });
});
