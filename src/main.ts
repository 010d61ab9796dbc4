import { Notice, Platform, Plugin } from "obsidian";
import { registerCaptureCommands } from "./commands/register-capture-commands";
import { registerCompileCommands } from "./commands/register-compile-commands";
import { registerHeaderCommands } from "./commands/register-header-commands";
import { registerContradictionCommands } from "./commands/register-contradiction-commands";
import { registerCliHandlers } from "./commands/register-cli-handlers";
import { reportFolderOf } from "./core/knowledge/knowledge-layout";
import type { KcHost } from "./core/ports/host";
import { ClaimDriftService } from "./obsidian/claim-drift-service";
import { CompileService } from "./obsidian/compile-service";
import { ContradictionService } from "./obsidian/contradiction-service";
import { adapterContradictionStore } from "./obsidian/contradiction-store";
import { GraphService } from "./obsidian/graph-service";
import { closeMainThreadClock } from "./obsidian/main-thread-clock";
import { LintService } from "./obsidian/lint-service";
import { loadPluginData, mergePluginData, type PluginData } from "./core/settings/plugin-data";
import type { PluginServices } from "./obsidian/plugin-services";
import { registerVaultEvents } from "./obsidian/register-vault-events";
import { setAskScope } from "./obsidian/ask-scope";
import { RouterService } from "./obsidian/router-service";
import { routerSnapshotStore } from "./obsidian/router-snapshot-store";
import { createAskHost } from "./ui/ask-host";
import { ASK_VIEW_TYPE } from "./ui/ask-view";
import { runCaptureFlow } from "./ui/capture-flow";
import { runClaimDriftFlow } from "./ui/claim-drift-flow";
import { createCompileActions } from "./ui/compile-flow";
import { headerActions } from "./ui/header-flow";
import { runContradictionFlow } from "./ui/contradiction-flow";
import { registerAutoCompile } from "./ui/register-auto-compile";
import { registerLint } from "./ui/register-lint";
import { registerSettingsTab } from "./ui/register-settings-tab";
import { registerViews } from "./ui/register-views";

/** The plugin: lifecycle and wiring only. Vault-wide work waits for layout-ready and runs in slices. */
export default class KnowledgeCompilerPlugin extends Plugin {
  private data: PluginData = mergePluginData(null);
  private lint!: LintService;
  private router!: RouterService;
  private compile!: CompileService;
  private host!: KcHost;
  private graph!: GraphService;

  override async onload(): Promise<void> {
    const loaded = loadPluginData(await this.loadData());
    this.data = loaded.data;
    // A broken or outdated data.json is named once, with what is used instead, never replaced in silence.
    if (loaded.warnings.length > 0) new Notice(`Knowledge Compiler settings: ${loaded.warnings.join(" ")}`, 15000);
    const dir = this.manifest.dir ?? `${this.app.vault.configDir}/plugins/${this.manifest.id}`;
    // The index is kept between starts on this device (IndexedDB), so a warm start need not read every note again.
    const snapshot = { store: routerSnapshotStore(this.app, dir), build: this.manifest.version };
    this.router = new RouterService(
      this.app,
      () => this.data.settings.knowledgeFolder,
      undefined,
      () => reportFolderOf(this.data.settings),
      () => this.data.ask.scope,
      snapshot,
    );
    this.lint = new LintService(this.app, () => this.data, this.router, undefined, {
      // The code repository is read through Node, on desktop only, loaded on first use.
      codeRepo: async () =>
        Platform.isDesktopApp && this.data.lint.repoFolder
          ? (await import("./desktop/obsidian-code-repo")).codeRepoForVault(this.app, this.data.lint.repoFolder)
          : null,
      contradictionStore: adapterContradictionStore(this.app, dir),
      staleAfterDays: () => this.data.lint.staleAfterDays,
      // One-click fixes go through the core lint-fix workflow over the host bundle (built below, read when a fix runs).
      host: () => this.host,
    });
    // Work still running in slices when the plugin is disabled must not run on afterwards.
    this.register(() => {
      this.lint.stop();
      this.router.stop();
      closeMainThreadClock();
    });
    this.compile = new CompileService(
      this.app,
      () => this.data,
      () => this.saveData(this.data),
      this.router,
      dir,
    );
    // The one bundle of ports every core workflow takes in Obsidian.
    this.host = this.compile.host;
    this.graph = new GraphService(
      this.app,
      this.router,
      () => this.data.settings.knowledgeFolder,
      dir,
      () => this.data.ask.scope,
    );
    const contradictions = new ContradictionService(this.host, this.lint);
    const claims = new ClaimDriftService(this.host, this.lint);
    const s: PluginServices = {
      data: () => this.data,
      save: () => this.saveData(this.data),
      dir,
      router: this.router,
      lint: this.lint,
      compile: this.compile,
      graph: this.graph,
      host: this.host,
    };

    registerViews(this, s, () =>
      createAskHost(
        this.app,
        this.host,
        this.router,
        () => this.data,
        { id: this.manifest.id, dir, viewType: ASK_VIEW_TYPE },
        () => setAskScope(s, "vault"),
      ),
    );
    registerSettingsTab(this, s);
    registerLint(this, s);
    registerCompileCommands(
      this,
      createCompileActions(this.app, this.compile, () => this.data.compile.confirmAboveUsd),
    );
    registerHeaderCommands(this, headerActions(this.app, this.host));
    registerContradictionCommands(this, {
      checkContradictions: () => runContradictionFlow(this.app, contradictions, this.lint.ready && this.router.ready),
      claimDriftAvailable: () => this.data.lint.driftModelCheck && this.lint.codeRepoView() !== null,
      checkCitedCode: () => runClaimDriftFlow(this.app, claims),
    });
    registerCaptureCommands(this, {
      run: (quiet) =>
        runCaptureFlow(
          this.app,
          () => this.compile.settings(),
          () => this.data.capture,
          dir,
          quiet,
          async () => {
            // Through the host's models: priced by the chosen selection model, within the caps, in the ledger.
            const got = await this.host.models.get("distill");
            return got.ok ? got.value : null;
          },
        ),
      background: () => this.data.capture.background,
    });
    // Obsidian's own command line (1.12.2+): route, ask, lint and prime from the running app's index.
    registerCliHandlers(this, {
      host: this.host,
      scope: () => this.data.ask.scope,
      lintScope: () => this.data.settings.lintScope,
      indexing: () => (this.router.ready ? null : (this.router.indexing() ?? { done: 0, total: 0 })),
      lint: this.lint,
      vaultName: () => this.app.vault.getName(),
    });
    registerAutoCompile(this, s);
    registerVaultEvents(this, s);
    // The router loads the index it kept (warm start); without one, the first lint builds it alongside, from the
    // same reads, so Ask works while it runs.
    this.app.workspace.onLayoutReady(
      () =>
        void this.router
          .warmStart()
          .then(() => this.lint.lintAll())
          .then(() => this.graph.reset()),
    );
  }
}
