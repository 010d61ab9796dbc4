import { normalizePath, PluginSettingTab, Setting, type App, type Plugin } from "obsidian";
import type { KnowledgeSettings } from "../core/knowledge/knowledge-settings";

/** What the settings tab needs from the plugin. */
export interface SettingsHost {
  settings(): KnowledgeSettings;
  /** Saves the change and lets the features react (re-lint). */
  update(patch: Partial<KnowledgeSettings>): Promise<void>;
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
    new Setting(el)
      .setName("Knowledge folder")
      .setDesc("Folder the plugin owns: index.md, log.md, concepts/, connections/ and qa/.")
      .addText((t) =>
        t.setPlaceholder("knowledge").setValue(s.knowledgeFolder).onChange(async (v) => {
          await this.host.update({ knowledgeFolder: normalizePath(v.trim() || "knowledge") });
        }),
      );
    const core = await this.host.dailyNotesConfig();
    new Setting(el).setName("Daily notes").setHeading();
    if (core) {
      new Setting(el)
        .setName("From the daily notes core plugin")
        .setDesc(`Folder "${core.folder || "/"}", format "${core.format}". Change them in the daily notes plugin's settings.`);
    } else {
      new Setting(el)
        .setName("Daily notes folder")
        .setDesc("Used when the daily notes core plugin is not configured.")
        .addText((t) => t.setPlaceholder("daily").setValue(s.dailyFolder).onChange(async (v) => this.host.update({ dailyFolder: normalizePath(v.trim() || "/").replace(/^\/$/, "") })));
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
  }
}
