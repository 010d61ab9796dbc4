// Browser entry for the settings screenshot: the real settings tab (with the test stub of `obsidian`, whose Setting
// draws Obsidian's rows) inside Obsidian's settings modal frame, with a key set and the Models API answering.
import { installObsidianDomHelpers } from "../tests/fakes/obsidian-dom";
import { KnowledgeSettingsTab } from "../src/ui/settings-tab";
import { memorySettingsHost } from "../tests/fakes/settings-host";
import { mergePluginData } from "../src/core/settings/plugin-data";

installObsidianDomHelpers();
const data = mergePluginData(null);
// The models the server lists: the page's data may give its own (window.KC_MODELS), as the prices case does.
const models = (window as unknown as { KC_MODELS?: { id: string; name: string }[] }).KC_MODELS ?? [
  { id: "claude-sonnet-5-5", name: "Claude Sonnet 5.5" },
  { id: "claude-opus-5", name: "Claude Opus 5" },
  { id: "claude-haiku-4-5", name: "Claude Haiku 4.5" },
];
const host = memorySettingsHost(data, {
  dailyNotesConfig: () => Promise.resolve({ folder: "daily", format: "YYYY-MM-DD" }),
  listModels: () => Promise.resolve({ ok: true, value: models }),
  testConnection: () =>
    Promise.resolve({ ok: true, message: "Connected: the Anthropic API accepted the key and lists 3 models, including claude-sonnet-5-5." }),
});
const tab = new KnowledgeSettingsTab({} as never, {} as never, host);
const container = document.body.createDiv({ cls: "modal-container mod-dim" });
container.createDiv({ cls: "modal-bg" });
const modal = container.createDiv({ cls: "modal mod-settings" });
modal.createDiv({ cls: "modal-close-button", attr: { "aria-label": "Close" } });
const content = modal.createDiv({ cls: "modal-content vertical-tabs-container" });
const nav = content.createDiv({ cls: "vertical-tab-header" });
for (const name of ["Editor", "Files and links", "Appearance", "Community plugins", "Knowledge Compiler"]) {
  nav.createDiv({ cls: `vertical-tab-nav-item${name === "Knowledge Compiler" ? " is-active" : ""}`, text: name });
}
content.createDiv({ cls: "vertical-tab-content-container" }).appendChild(tab.containerEl);
void tab.draw();
