import { Notice, Plugin } from "obsidian";
import { loadPluginData, mergePluginData, type PluginData } from "./core/settings/plugin-data";
import { setAskScope } from "./obsidian/ask-scope";
import { buildPluginServices } from "./obsidian/build-plugin-services";
import type { LintService } from "./obsidian/lint-service";
import type { RouterService } from "./obsidian/router-service";
import { registerVaultEvents } from "./obsidian/register-vault-events";
import { createAskHost } from "./ui/ask-host";
import { ASK_VIEW_TYPE } from "./ui/ask-view";
import { registerAutoCompile } from "./ui/register-auto-compile";
import { registerCommands } from "./ui/register-commands";
import { registerLint } from "./ui/register-lint";
import { registerSettingsTab } from "./ui/register-settings-tab";
import { registerViews } from "./ui/register-views";

/** The plugin: lifecycle and wiring only. Vault-wide work waits for layout-ready and runs in slices. */
export default class KnowledgeCompilerPlugin extends Plugin {
  private data: PluginData = mergePluginData(null);
  /** Kept on the instance: the benchmarks (bench/) drive the built plugin through them. */
  router?: RouterService;
  lint?: LintService;

  override async onload(): Promise<void> {
    const loaded = loadPluginData(await this.loadData());
    this.data = loaded.data;
    // A broken or outdated data.json is named once, with what is used instead, never replaced in silence.
    if (loaded.warnings.length > 0) new Notice(`Knowledge Compiler settings: ${loaded.warnings.join(" ")}`, 15000);
    const s = buildPluginServices(
      this,
      () => this.data,
      () => this.saveData(this.data),
    );
    this.router = s.router;
    this.lint = s.lint;
    registerViews(this, s, () =>
      createAskHost(
        this.app,
        s.host,
        s.router,
        () => this.data,
        { id: this.manifest.id, dir: s.dir, viewType: ASK_VIEW_TYPE },
        () => setAskScope(s, "vault"),
      ),
    );
    registerSettingsTab(this, s);
    registerLint(this, s);
    registerCommands(this, s);
    registerAutoCompile(this, s);
    registerVaultEvents(this, s);
    // The router loads the index it kept (warm start); without one, the first lint builds it alongside, from the
    // same reads, so Ask works while it runs.
    this.app.workspace.onLayoutReady(
      () =>
        void s.router
          .warmStart()
          .then(() => s.lint.lintAll())
          .then(() => s.graph.reset()),
    );
  }
}
