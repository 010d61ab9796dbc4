import { knowledgeFolderProblem } from "../core/knowledge/write-rules";
import { normalizePath, Platform, PluginSettingTab, SecretComponent, type App, type Plugin, type Setting, type SettingDefinitionItem } from "obsidian";
import { addNumberField } from "./number-setting";
import { captureSection, type CaptureSettingsHost } from "./capture-settings";
import { lintSettingRows, type LintSettingsHost } from "./lint-settings";
import { renderConnectionTest, renderModelPicker, type ModelList } from "./model-picker";
import { renderSettingRows, toSettingDefinitions, type SettingSection } from "./setting-rows";
import { reportFolderRow } from "./report-folder-setting";
import { PriceViews } from "./price-views";
import { priceRows, spendSection, type SpendSettingsHost } from "./spend-settings";
import { DEFAULT_MODEL, DEFAULT_SELECT_MODEL, priceFor } from "../core/llm/models";
import { presetOf, SERVER_PRESETS, serverPreset } from "../core/llm/local-server";
import { DEFAULT_KNOWLEDGE_SETTINGS, type KnowledgeSettings } from "../core/knowledge/knowledge-settings";
import type { AskSettings, CompileSettings } from "../core/settings/plugin-data";

/** What the settings tab needs from the plugin. */
export interface SettingsHost extends CaptureSettingsHost, LintSettingsHost, SpendSettingsHost {
  settings(): KnowledgeSettings;
  /** Saves the change and lets the features react (re-lint). */
  update(patch: Partial<KnowledgeSettings>): Promise<void>;
  ask(): AskSettings;
  updateAsk(patch: Partial<AskSettings>): Promise<void>;
  compile(): CompileSettings;
  updateCompile(patch: Partial<CompileSettings>): Promise<void>;
  /** The Daily Notes core plugin's folder and format when it is configured, else null. */
  dailyNotesConfig(): Promise<{ folder: string; format: string } | null>;
  /** The models the configured server lists (Models API through requestUrl), or why not. */
  listModels(): ModelList;
  /** The cheapest real check of key, base URL and model, in one sentence. */
  testConnection(): Promise<{ ok: boolean; message: string }>;
}

type Core = { folder: string; format: string } | null;

/**
 * The plugin's settings: knowledge folder, daily notes, lint, Ask, Compile and (desktop) capture. The rows are
 * listed once as sections: Obsidian 1.13 and later take them as setting definitions (so its settings search finds
 * them); older versions call `display()`, which draws the same rows.
 */
export class KnowledgeSettingsTab extends PluginSettingTab {
  /** The daily notes core plugin's settings as last read (null: not configured, or not read yet). */
  private core: Core = null;
  private models: ModelList | null = null;
  /** True once Obsidian (1.13+) asked for the definitions: it draws the rows, and `update()` draws them again. */
  private declarative = false;
  /** The prices and costs drawn in the rows, drawn again after a model is picked. */
  private readonly prices = new PriceViews();

  constructor(
    app: App,
    plugin: Plugin,
    private readonly host: SettingsHost,
  ) {
    super(app, plugin);
  }

  override getSettingDefinitions(): SettingDefinitionItem[] {
    this.declarative = true;
    this.models = null;
    this.prices.clear();
    // Rows that depend on the daily notes core plugin are shown or hidden again once its settings are read.
    void this.readCore().then(() => (this as { refreshDomState?: () => void }).refreshDomState?.());
    return toSettingDefinitions(this.sections());
  }

  override display(): void {
    void this.draw();
  }

  /** Draws every row into the tab (Obsidian before 1.13, which calls `display()`), once the core plugin's settings are read. */
  async draw(): Promise<void> {
    this.models = null;
    await this.readCore();
    this.containerEl.empty();
    this.prices.clear();
    renderSettingRows(this.containerEl, this.sections());
  }

  /** Draws the rows again with a fresh model list (after the key changed: the pickers may now list the models). */
  private redraw(): void {
    this.models = null;
    if (this.declarative) (this as { update?: () => void }).update?.();
    else void this.draw();
  }

  private async readCore(): Promise<void> {
    this.core = await this.host.dailyNotesConfig().catch(() => null);
  }

  /** Saves a model picked, then draws every price and cost shown again at that model's price. */
  private async pick(patch: { model: string } | { selectModel: string }): Promise<void> {
    await this.host.updateAsk(patch);
    this.prices.refresh();
  }

  /** The model list, asked once per display and shared by both pickers. */
  private modelList(): ModelList {
    return (this.models ??= this.host.listModels());
  }

  /** Every section, in order. */
  sections(): SettingSection[] {
    const sections = [this.generalSection(), this.dailySection(), this.lintSection(), this.askSection(), this.compileSection(), spendSection(this.host)];
    return Platform.isDesktopApp ? [...sections, captureSection(this.host, this.prices)] : sections;
  }

  private generalSection(): SettingSection {
    return {
      rows: [
        {
          name: "Knowledge folder",
          desc: "Folder the plugin owns: index.md, log.md, concepts/, connections/ and qa/. Not the vault root, and not a folder holding the daily notes.",
          aliases: ["knowledge base", "articles"],
          render: (setting) => {
            const problemEl = setting.descEl.createDiv({ cls: "kc-setting-error" });
            setting.addText((t) =>
              t
                .setPlaceholder(DEFAULT_KNOWLEDGE_SETTINGS.knowledgeFolder)
                .setValue(this.host.settings().knowledgeFolder)
                .onChange(async (v) => {
                  const folder = normalizePath(v.trim() || "knowledge");
                  const daily = this.core
                    ? { dailyFolder: this.core.folder, dailyFormat: this.core.format }
                    : { dailyFolder: this.host.settings().dailyFolder, dailyFormat: this.host.settings().dailyFormat };
                  // A folder that would make daily notes (or every note) articles is refused, never saved.
                  const problem = knowledgeFolderProblem({ knowledgeFolder: v.trim() === "/" ? "" : folder, ...daily });
                  problemEl.setText(problem ?? "");
                  if (!problem) await this.host.update({ knowledgeFolder: folder });
                }),
            );
          },
        },
      ],
    };
  }

  private dailySection(): SettingSection {
    const fromCore = (): boolean => this.core !== null;
    return {
      heading: "Daily notes",
      rows: [
        {
          name: "From the daily notes core plugin",
          desc: "Folder and format of the daily notes core plugin. Change them in its settings.",
          visible: fromCore,
          render: (setting) =>
            void this.host.dailyNotesConfig().then((core) => {
              if (core) setting.setDesc(`Folder "${core.folder || "/"}", format "${core.format}". Change them in the daily notes plugin's settings.`);
            }),
        },
        {
          name: "Daily notes folder",
          desc: "Used when the daily notes core plugin is not configured.",
          visible: () => !fromCore(),
          render: (setting) => {
            const problemEl = setting.descEl.createDiv({ cls: "kc-setting-error" });
            setting.addText((t) =>
              t
                .setPlaceholder(DEFAULT_KNOWLEDGE_SETTINGS.dailyFolder)
                .setValue(this.host.settings().dailyFolder)
                .onChange(async (v) => {
                  const dailyFolder = normalizePath(v.trim() || "/").replace(/^\/$/, "");
                  const s = this.host.settings();
                  const problem = knowledgeFolderProblem({ knowledgeFolder: s.knowledgeFolder, dailyFolder, dailyFormat: s.dailyFormat });
                  problemEl.setText(problem ?? "");
                  if (!problem) await this.host.update({ dailyFolder });
                }),
            );
          },
        },
        {
          name: "Daily note format",
          desc: "File name format with moment tokens, for example YYYY-MM-DD.",
          visible: () => !fromCore(),
          render: (setting) =>
            setting.addText((t) =>
              t
                .setPlaceholder(DEFAULT_KNOWLEDGE_SETTINGS.dailyFormat)
                .setValue(this.host.settings().dailyFormat)
                .onChange(async (v) => this.host.update({ dailyFormat: v.trim() || "YYYY-MM-DD" })),
            ),
        },
      ],
    };
  }

  private lintSection(): SettingSection {
    return {
      heading: "Lint",
      rows: [
        {
          name: "Scope",
          desc: "Check the knowledge folder only (recommended), or every note in the vault.",
          aliases: ["lint scope"],
          render: (setting) =>
            setting.addDropdown((d) =>
              d
                .addOption("knowledge", "Knowledge folder")
                .addOption("vault", "Whole vault")
                .setValue(this.host.settings().lintScope)
                .onChange(async (v) => this.host.update({ lintScope: v === "vault" ? "vault" : "knowledge" })),
            ),
        },
        {
          name: "Sparse article threshold",
          desc: "Articles with fewer words than this are reported as sparse.",
          render: (setting) =>
            addNumberField(setting, this.host.settings().sparseWords, { min: 0, integer: true }, (n) => this.host.update({ sparseWords: n })),
        },
        reportFolderRow(this.host),
        ...lintSettingRows(this.host),
      ],
    };
  }

  private askSection(): SettingSection {
    const a = (): AskSettings => this.host.ask();
    const positive = (key: "budget" | "timeoutSeconds") => (s: Setting) =>
      addNumberField(s, a()[key], { min: 0, aboveMin: true, integer: key === "budget" }, (n) => this.host.updateAsk({ [key]: n }));
    return {
      heading: "Ask",
      rows: [
        {
          name: "Anthropic API key",
          desc: "Kept in Obsidian's secret storage, never in the plugin's data file or your notes. Not needed for a local model server.",
          aliases: ["key", "token", "claude"],
          render: (setting) =>
            setting.addComponent((c) =>
              new SecretComponent(this.app, c).setValue(a().apiKeySecret).onChange(async (v) => {
                await this.host.updateAsk({ apiKeySecret: v });
                this.redraw();
              }),
            ),
        },
        {
          name: "Model ID",
          desc: "Model used for answers and compiles.",
          aliases: ["model", "claude", "sonnet"],
          render: (setting) =>
            renderModelPicker(setting, {
              value: a().model,
              defaultModel: DEFAULT_MODEL,
              models: () => this.modelList(),
              save: (id) => this.pick({ model: id }),
              priceOf: knownPrice,
            }),
        },
        {
          name: "Model server",
          desc: "The Anthropic API, or a model server on this computer (Ollama, LM Studio, llama.cpp's server: no key needed, calls cost $0 unless you set a price). Picking one fills in the base URL below.",
          aliases: ["ollama", "lm studio", "llama.cpp", "local model", "preset"],
          render: (setting) =>
            setting.addDropdown((d) => {
              for (const [key, preset] of Object.entries(SERVER_PRESETS)) d.addOption(key, preset.label);
              d.addOption("other", "Other (base URL below)");
              d.setValue(presetOf(a().baseUrl) ?? "other").onChange(async (v) => {
                const preset = serverPreset(v);
                if (preset === null) return;
                await this.host.updateAsk({ baseUrl: SERVER_PRESETS[preset].baseUrl });
                this.redraw();
              });
            }),
        },
        {
          name: "Base URL",
          desc: "Leave empty for the Anthropic API (no environment variable is read); set it for an Anthropic-compatible server.",
          aliases: ["server", "endpoint", "proxy"],
          render: (setting) =>
            setting.addText((t) =>
              t
                .setPlaceholder("https://api.anthropic.com")
                .setValue(a().baseUrl)
                .onChange(async (v) => this.host.updateAsk({ baseUrl: v.trim() })),
            ),
        },
        {
          name: "Test connection",
          desc: "Lists the models with the key and base URL above (no tokens spent); a server without a model list gets a 1-token message.",
          aliases: ["check key", "connection"],
          render: (setting) => renderConnectionTest(setting, () => this.host.testConnection()),
        },
        {
          name: "Ask scope",
          desc: "Answer from the knowledge folder's articles, or from every note of the vault (headers or not: routed on titles, aliases, headings, tags and text). The whole vault works from the first minute, before any compile. The graph view draws the same notes (the whole vault: every note and its links).",
          aliases: ["scope", "whole vault", "all notes"],
          render: (setting) =>
            setting.addDropdown((d) =>
              d
                .addOption("knowledge", "Knowledge folder")
                .addOption("vault", "Whole vault")
                .setValue(a().scope)
                .onChange(async (v) => this.host.updateAsk({ scope: v === "vault" ? "vault" : "knowledge" })),
            ),
        },
        {
          name: "Token budget per question",
          desc: "The most article tokens one question may load; the router drops related articles first.",
          render: positive("budget"),
        },
        {
          name: "Let a small model choose the articles",
          desc: "After the keyword search, a small model reads the headers of about 20 candidates and picks the ones the question needs (about 2,000 tokens, a fraction of a cent). Off: the keyword search alone decides, offline.",
          aliases: ["selection", "routing"],
          render: (s) => s.addToggle((t) => t.setValue(a().selectWithModel).onChange(async (v) => this.host.updateAsk({ selectWithModel: v }))),
        },
        {
          name: "Model that chooses",
          desc: "Model ID of the choosing step (a small, cheap one); capture's distillation uses it too.",
          aliases: ["haiku", "selection model"],
          render: (setting) =>
            renderModelPicker(setting, {
              value: a().selectModel,
              defaultModel: DEFAULT_SELECT_MODEL,
              models: () => this.modelList(),
              save: (id) => this.pick({ selectModel: id }),
              priceOf: knownPrice,
            }),
        },
        ...priceRows(this.host, this.prices),
        {
          name: "Request timeout (seconds)",
          desc: "A model call that has not answered (or a stream that has gone silent) this long is stopped. Left at 120, a local model server gets 600 (a model loading on a CPU can take minutes to answer). Waits the API asks for are sat out only up to a minute; longer ones fail at once, saying when to try again.",
          render: positive("timeoutSeconds"),
        },
      ],
    };
  }

  private compileSection(): SettingSection {
    const c = (): CompileSettings => this.host.compile();
    return {
      heading: "Compile",
      rows: [
        {
          name: "End-of-day compile",
          desc: "Once a day after the hour below, when today's log changed since its last compile, prepare a proposal (the model call runs and its cost is shown) and notify you to review it. Off by default.",
          render: (s) => s.addToggle((t) => t.setValue(c().autoCompile).onChange(async (v) => this.host.updateCompile({ autoCompile: v }))),
        },
        {
          name: "After this hour",
          desc: "Local hour, 0 to 23.",
          render: (s) => addNumberField(s, c().autoCompileHour, { min: 0, max: 23, integer: true }, (n) => this.host.updateCompile({ autoCompileHour: n })),
        },
        {
          name: "Ask before costly compiles (USD)",
          desc: "Before the model is called, a compile, a contradiction check or a check of cited code whose estimated total is above this asks you first; a model without a known price always asks. 0 asks every time. kc's batches use it too (--confirm-above overrides it).",
          aliases: ["cost", "confirm", "threshold"],
          render: (s) => addNumberField(s, c().confirmAboveUsd, { min: 0, money: true }, (n) => this.host.updateCompile({ confirmAboveUsd: n })),
        },
        {
          name: "Accept automatically",
          desc: "Write the end-of-day proposal without review. The build log says it was accepted automatically, and undo last compile still works. Off by default.",
          render: (s) => s.addToggle((t) => t.setValue(c().autoAccept).onChange(async (v) => this.host.updateCompile({ autoAccept: v }))),
        },
      ],
    };
  }
}

/** The list price the model list shows beside a model, from core's table of known models (null when unknown). */
function knownPrice(id: string): { input: number; output: number } | null {
  return priceFor(id);
}
