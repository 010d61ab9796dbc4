import { knowledgeFolderProblem } from "../core/workflows/write-rules";
import { normalizePath, Platform, PluginSettingTab, SecretComponent, Setting, type App, type Plugin } from "obsidian";
import { renderCaptureSettings, type CaptureSettingsHost } from "./capture-settings";
import { renderLintSettings, type LintSettingsHost } from "./lint-settings";
import type { KnowledgeSettings } from "../core/knowledge/knowledge-settings";
import type { AskSettings, CompileSettings } from "../obsidian/plugin-data";

/** What the settings tab needs from the plugin. */
export interface SettingsHost extends CaptureSettingsHost, LintSettingsHost {
  settings(): KnowledgeSettings;
  /** Saves the change and lets the features react (re-lint). */
  update(patch: Partial<KnowledgeSettings>): Promise<void>;
  ask(): AskSettings;
  updateAsk(patch: Partial<AskSettings>): Promise<void>;
  compile(): CompileSettings;
  updateCompile(patch: Partial<CompileSettings>): Promise<void>;
  /** The Daily Notes core plugin's folder and format when it is configured, else null. */
  dailyNotesConfig(): Promise<{ folder: string; format: string } | null>;
}

/** The plugin's settings: knowledge folder, daily notes fallback, lint scope and sparse threshold. */
export class KnowledgeSettingsTab extends PluginSettingTab {
  constructor(
    app: App,
    plugin: Plugin,
    private readonly host: SettingsHost,
  ) {
    super(app, plugin);
  }

  override display(): void {
    void this.render();
  }

  private async render(): Promise<void> {
    const el = this.containerEl;
    el.empty();
    const s = this.host.settings();
    const core = await this.host.dailyNotesConfig();
    const daily = core ? { dailyFolder: core.folder, dailyFormat: core.format } : { dailyFolder: s.dailyFolder, dailyFormat: s.dailyFormat };
    const folderSetting = new Setting(el)
      .setName("Knowledge folder")
      .setDesc("Folder the plugin owns: index.md, log.md, concepts/, connections/ and qa/. Not the vault root, and not a folder holding the daily notes.");
    const problemEl = folderSetting.descEl.createDiv({ cls: "kc-setting-error" });
    folderSetting.addText((t) =>
      t.setPlaceholder("knowledge").setValue(s.knowledgeFolder).onChange(async (v) => {
        const folder = normalizePath(v.trim() || "knowledge");
        // A folder that would make daily notes (or every note) articles is refused, never saved.
        const problem = knowledgeFolderProblem({ knowledgeFolder: v.trim() === "/" ? "" : folder, ...daily });
        problemEl.setText(problem ?? "");
        if (!problem) await this.host.update({ knowledgeFolder: folder });
      }),
    );
    new Setting(el).setName("Daily notes").setHeading();
    let dailyProblemEl!: HTMLElement;
    if (core) {
      new Setting(el)
        .setName("From the daily notes core plugin")
        .setDesc(`Folder "${core.folder || "/"}", format "${core.format}". Change them in the daily notes plugin's settings.`);
    } else {
      new Setting(el)
        .setName("Daily notes folder")
        .setDesc("Used when the daily notes core plugin is not configured.")
        .addText((t) => t.setPlaceholder("daily").setValue(s.dailyFolder).onChange(async (v) => {
          const dailyFolder = normalizePath(v.trim() || "/").replace(/^\/$/, "");
          const problem = knowledgeFolderProblem({ knowledgeFolder: this.host.settings().knowledgeFolder, dailyFolder, dailyFormat: s.dailyFormat });
          dailyProblemEl.setText(problem ?? "");
          if (!problem) await this.host.update({ dailyFolder });
        }))
        .then((setting) => (dailyProblemEl = setting.descEl.createDiv({ cls: "kc-setting-error" })));
      new Setting(el)
        .setName("Daily note format")
        .setDesc("File name format with moment tokens, for example YYYY-MM-DD.")
        .addText((t) => t.setPlaceholder("YYYY-MM-DD").setValue(s.dailyFormat).onChange(async (v) => this.host.update({ dailyFormat: v.trim() || "YYYY-MM-DD" })));
    }
    new Setting(el).setName("Lint").setHeading();
    new Setting(el)
      .setName("Scope")
      .setDesc("Check the knowledge folder only (recommended), or every note in the vault.")
      .addDropdown((d) =>
        d
          .addOption("knowledge", "Knowledge folder")
          .addOption("vault", "Whole vault")
          .setValue(s.lintScope)
          .onChange(async (v) => this.host.update({ lintScope: v === "vault" ? "vault" : "knowledge" })),
      );
    new Setting(el)
      .setName("Sparse article threshold")
      .setDesc("Articles with fewer words than this are reported as sparse.")
      .addText((t) =>
        t.setValue(String(s.sparseWords)).onChange(async (v) => {
          const n = Number(v);
          if (Number.isInteger(n) && n >= 0) await this.host.update({ sparseWords: n });
        }),
      );
    renderLintSettings(el, this.host);
    this.renderAsk(el);
    this.renderCompile(el);
    if (Platform.isDesktopApp) renderCaptureSettings(el, this.host);
  }

  private renderAsk(el: HTMLElement): void {
    const a = this.host.ask();
    const positive = (key: "budget" | "priceInput" | "priceOutput" | "timeoutSeconds") => async (v: string) => {
      const n = Number(v);
      if (Number.isFinite(n) && n > 0) await this.host.updateAsk({ [key]: n });
    };
    new Setting(el).setName("Ask").setHeading();
    new Setting(el)
      .setName("Anthropic API key")
      .setDesc("Kept in Obsidian's secret storage, never in the plugin's data file or your notes.")
      .addComponent((c) => new SecretComponent(this.app, c).setValue(a.apiKeySecret).onChange(async (v) => this.host.updateAsk({ apiKeySecret: v })));
    new Setting(el)
      .setName("Model")
      .setDesc("Model id used for answers.")
      .addText((t) => t.setValue(a.model).onChange(async (v) => this.host.updateAsk({ model: v.trim() || a.model })));
    new Setting(el)
      .setName("Base URL")
      .setDesc("Leave empty for the Anthropic API; set it for an Anthropic-compatible server.")
      .addText((t) => t.setValue(a.baseUrl).onChange(async (v) => this.host.updateAsk({ baseUrl: v.trim() })));
    new Setting(el)
      .setName("Token budget per question")
      .setDesc("The most article tokens one question may load; the router drops related articles first.")
      .addText((t) => t.setValue(String(a.budget)).onChange(positive("budget")));
    new Setting(el)
      .setName("Price per million input tokens (USD)")
      .setDesc("Used for the cost shown after each answer.")
      .addText((t) => t.setValue(String(a.priceInput)).onChange(positive("priceInput")));
    new Setting(el)
      .setName("Price per million output tokens (USD)")
      .addText((t) => t.setValue(String(a.priceOutput)).onChange(positive("priceOutput")));
    new Setting(el)
      .setName("Let a small model choose the articles")
      .setDesc("After the keyword search, a small model reads the headers of about 20 candidates and picks the ones the question needs (about 2,000 tokens, a fraction of a cent). Off: the keyword search alone decides, offline.")
      .addToggle((t) => t.setValue(a.selectWithModel).onChange(async (v) => this.host.updateAsk({ selectWithModel: v })));
    new Setting(el)
      .setName("Model that chooses")
      .setDesc("Model ID of the choosing step (a small, cheap one).")
      .addText((t) => t.setValue(a.selectModel).onChange(async (v) => this.host.updateAsk({ selectModel: v.trim() || a.selectModel })));
    new Setting(el)
      .setName("Request timeout (seconds)")
      .setDesc("A model call that has not answered (or a stream that has gone silent) this long is stopped. Waits the API asks for are sat out only up to a minute; longer ones fail at once, saying when to try again.")
      .addText((t) => t.setValue(String(a.timeoutSeconds)).onChange(positive("timeoutSeconds")));
  }

  private renderCompile(el: HTMLElement): void {
    const c = this.host.compile();
    new Setting(el).setName("Compile").setHeading();
    new Setting(el)
      .setName("End-of-day compile")
      .setDesc("Once a day after the hour below, when today's log changed since its last compile, prepare a proposal (the model call runs and its cost is shown) and notify you to review it. Off by default.")
      .addToggle((t) => t.setValue(c.autoCompile).onChange(async (v) => this.host.updateCompile({ autoCompile: v })));
    new Setting(el)
      .setName("After this hour")
      .setDesc("Local hour, 0 to 23.")
      .addText((t) => t.setValue(String(c.autoCompileHour)).onChange(async (v) => {
        const n = Number(v);
        if (Number.isInteger(n) && n >= 0 && n <= 23) await this.host.updateCompile({ autoCompileHour: n });
      }));
    new Setting(el)
      .setName("Ask before costly compiles (USD)")
      .setDesc("Before the model is called, a compile whose estimated cost is above this asks you first. 0 asks every time.")
      .addText((t) => t.setValue(String(c.confirmAboveUsd)).onChange(async (v) => {
        const n = Number(v);
        if (Number.isFinite(n) && n >= 0) await this.host.updateCompile({ confirmAboveUsd: n });
      }));
    new Setting(el)
      .setName("Accept automatically")
      .setDesc("Write the end-of-day proposal without review. The build log says it was accepted automatically, and undo last compile still works. Off by default.")
      .addToggle((t) => t.setValue(c.autoAccept).onChange(async (v) => this.host.updateCompile({ autoAccept: v })));
  }
}
