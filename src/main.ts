import { debounce, Notice, Platform, Plugin, TFile } from "obsidian";
import { registerCaptureCommands } from "./commands/register-capture-commands";
import { registerCompileCommands } from "./commands/register-compile-commands";
import { registerContradictionCommands } from "./commands/register-contradiction-commands";
import { registerLintCommands } from "./commands/register-lint-commands";
import { readDailyNotesConfig } from "./core/knowledge/daily-notes";
import type { KnowledgeSettings } from "./core/knowledge/knowledge-settings";
import { reportFolderOf } from "./core/knowledge/knowledge-layout";
import { localDate } from "./core/util/local-date";
import { CompileService } from "./obsidian/compile-service";
import { createSelectModel } from "./obsidian/create-model";
import { ClaimDriftService } from "./obsidian/claim-drift-service";
import { ContradictionService } from "./obsidian/contradiction-service";
import { adapterContradictionStore } from "./obsidian/contradiction-store";
import { LintService } from "./obsidian/lint-service";
import { modelServerOptions } from "./obsidian/model-server-options";
import { listModels, testConnection } from "./llm/anthropic-models";
import type { LintSettings } from "./obsidian/lint-settings-data";
import { loadPluginData, mergePluginData, type AskSettings, type CompileSettings, type PluginData } from "./obsidian/plugin-data";
import { RouterService } from "./obsidian/router-service";
import { pluginHost } from "./obsidian/plugin-host";
import { SpendLedger } from "./core/spend/spend-ledger";
import { summarizeSpend } from "./core/spend/summarize-spend";
import type { KcHost } from "./core/workflows/host";
import { createAskHost } from "./ui/ask-host";
import { ASK_VIEW_TYPE, AskView } from "./ui/ask-view";
import { runCaptureFlow } from "./ui/capture-flow";
import { runClaimDriftFlow } from "./ui/claim-drift-flow";
import { runContradictionFlow } from "./ui/contradiction-flow";
import { createCompileActions, isAutoCompileDue, runAutoCompile } from "./ui/compile-flow";
import { createLintHost } from "./ui/lint-host";
import { createLintMarks } from "./ui/lint-marks";
import { addLintStatusBar } from "./ui/lint-status-bar";
import { writeLintReportFlow } from "./ui/write-lint-report-flow";
import { LINT_VIEW_TYPE, LintView } from "./ui/lint-view";
import { KnowledgeSettingsTab } from "./ui/settings-tab";
import { GraphService } from "./obsidian/graph-service";
import { createGraphHost } from "./ui/graph/graph-host";
import { GRAPH_VIEW_TYPE, GraphView } from "./ui/graph/graph-view";

/** The plugin: lifecycle and wiring only. Vault-wide work waits for layout-ready and runs in slices. */
export default class KnowledgeCompilerPlugin extends Plugin {
  private data: PluginData = mergePluginData(null);
  private lint!: LintService;
  private router!: RouterService;
  private compile!: CompileService;
  private host!: KcHost;
  private graph!: GraphService;
  private lastQuestion: string | null = null;
  private autoTriedDay: string | null = null;

  override async onload(): Promise<void> {
    const loaded = loadPluginData(await this.loadData());
    this.data = loaded.data;
    // A broken or outdated data.json is named once, with what is used instead, never replaced in silence.
    if (loaded.warnings.length > 0) new Notice(`Knowledge Compiler settings: ${loaded.warnings.join(" ")}`, 15000);
    this.router = new RouterService(this.app, () => this.data.settings.knowledgeFolder, undefined, () => reportFolderOf(this.data.settings));
    this.lint = new LintService(this.app, () => this.data, this.router, undefined, {
      // The code repository is read through Node, on desktop only, loaded on first use.
      codeRepo: async () => (Platform.isDesktopApp && this.data.lint.repoFolder ? (await import("./desktop/obsidian-code-repo")).codeRepoForVault(this.app, this.data.lint.repoFolder) : null),
      contradictionStore: adapterContradictionStore(this.app, this.pluginDir()),
      staleAfterDays: () => this.data.lint.staleAfterDays,
      // One-click fixes go through the core lint-fix workflow over the host bundle (built below, read when a fix runs).
      host: () => this.host,
    });
    // Work still running in slices when the plugin is disabled must not run on afterwards.
    this.register(() => {
      this.lint.stop();
      this.router.stop();
    });
    this.compile = new CompileService(this.app, () => this.data, () => this.saveData(this.data), this.router, this.pluginDir());
    // The one bundle of ports every core workflow takes in Obsidian.
    this.host = pluginHost(this.app, this.compile.host, () => this.compile.settings(), () => this.data, this.pluginDir());

    this.registerView(LINT_VIEW_TYPE, (leaf) => new LintView(leaf, createLintHost(this.app, this.lint, { writeReport: () => void writeLintReportFlow(this.app, this.lint) })));
    this.graph = new GraphService(this.app, this.router, () => this.data.settings.knowledgeFolder, this.pluginDir());
    this.registerView(ASK_VIEW_TYPE, (leaf) => {
      const host = createAskHost(this.app, this.router, () => this.data, this.compile.host, { id: this.manifest.id, dir: this.pluginDir(), viewType: ASK_VIEW_TYPE });
      // The graph's route preview offers the Ask panel's last question.
      return new AskView(leaf, { ...host, route: (q, closest) => host.route((this.lastQuestion = q), closest) });
    });
    this.registerView(GRAPH_VIEW_TYPE, (leaf) => new GraphView(leaf, createGraphHost(this.app, this.graph, this.router, () => this.data.ask.budget, () => this.lastQuestion)));
    this.addCommand({ id: "open-graph-view", name: "Open the knowledge graph", callback: () => void this.openView(GRAPH_VIEW_TYPE, "tab") });
    this.addRibbonIcon("git-fork", "Open the knowledge graph", () => void this.openView(GRAPH_VIEW_TYPE, "tab"));
    this.registerEvent(this.app.workspace.on("css-change", () => {
      for (const leaf of this.app.workspace.getLeavesOfType(GRAPH_VIEW_TYPE)) if (leaf.view instanceof GraphView) leaf.view.themeChanged();
    }));
    this.registerEditorExtension(createLintMarks((path) => this.lint.findingsFor(path)));
    this.addSettingTab(new KnowledgeSettingsTab(this.app, this, {
      settings: () => this.data.settings,
      update: (patch) => this.updateSettings(patch),
      ask: () => this.data.ask,
      updateAsk: (patch) => this.updateAsk(patch),
      compile: () => this.data.compile,
      updateCompile: (patch) => this.updateCompile(patch),
      spend: () => this.data.spend,
      updateSpend: async (patch) => {
        this.data.spend = { ...this.data.spend, ...patch };
        await this.saveData(this.data);
      },
      spendSummary: async () => summarizeSpend(await new SpendLedger(this.host.pluginFiles).read(), new Date()),
      dailyNotesConfig: () => this.readDailyNotesConfig(),
      listModels: () => listModels(modelServerOptions(this.app, this.data.ask)),
      testConnection: () => testConnection(modelServerOptions(this.app, this.data.ask)),
      lint: () => this.data.lint,
      updateLint: (patch) => this.updateLint(patch),
      capture: () => this.data.capture,
      updateCapture: async (patch) => {
        this.data.capture = { ...this.data.capture, ...patch };
        await this.saveData(this.data);
      },
      listProjects: async () => (await import("./desktop/obsidian-capture")).listTranscriptProjects(this.data.capture),
      retentionDays: async () => (await import("./desktop/obsidian-capture")).transcriptRetentionDays(),
    }));
    registerLintCommands(this, {
      openReport: () => this.openView(LINT_VIEW_TYPE),
      writeReport: () => writeLintReportFlow(this.app, this.lint),
      lintAll: async () => {
        await this.lint.restart();
        new Notice(`Lint: ${this.lint.findings().length} findings.`);
      },
      lintActiveNote: (checking) => {
        const file = this.app.workspace.getActiveFile();
        if (!file || file.extension !== "md") return false;
        if (!checking) new Notice(`${this.lint.findingsFor(file.path).length} lint findings in ${file.basename}.`);
        return true;
      },
    });
    this.addCommand({ id: "open-ask-panel", name: "Ask the knowledge base", callback: () => void this.openView(ASK_VIEW_TYPE) });
    this.addRibbonIcon("message-circle-question", "Ask the knowledge base", () => void this.openView(ASK_VIEW_TYPE));
    this.registerHoverLinkSource(ASK_VIEW_TYPE, { display: this.manifest.name, defaultMod: true });
    registerCompileCommands(this, createCompileActions(this.app, this.compile, () => this.data.compile.confirmAboveUsd));
    const contradictions = new ContradictionService(this.app, this.lint, this.router, () => this.data);
    const claims = new ClaimDriftService(this.app, this.lint, this.router, () => this.data);
    registerContradictionCommands(this, {
      checkContradictions: () => runContradictionFlow(this.app, contradictions, this.lint.ready && this.router.ready),
      claimDriftAvailable: () => this.data.lint.driftModelCheck && this.lint.codeRepoView() !== null,
      checkCitedCode: () => runClaimDriftFlow(this.app, claims),
    });
    registerCaptureCommands(this, {
      run: (quiet) => runCaptureFlow(this.app, () => this.compile.settings(), () => this.data.capture, this.pluginDir(), quiet, () => createSelectModel(this.app, this.data.ask)),
      background: () => this.data.capture.background,
    });
    this.registerInterval(window.setInterval(() => void this.maybeAutoCompile(), 10 * 60 * 1000));

    this.registerEvent(this.app.metadataCache.on("changed", (file, text) => {
      this.lint.onChanged(file, text);
      this.router.onChanged(file, text);
      this.graph.onChanged(file);
    }));
    this.registerEvent(this.app.vault.on("rename", (file, oldPath) => {
      if (!(file instanceof TFile)) return;
      this.lint.onRenamed(file, oldPath);
      this.router.onRenamed(file, oldPath);
      this.graph.onRenamed(file, oldPath);
    }));
    this.registerEvent(this.app.vault.on("delete", (file) => {
      if (!(file instanceof TFile)) return;
      this.lint.onDeleted(file.path);
      this.router.onDeleted(file.path);
      this.graph.onDeleted(file.path);
    }));
    this.registerEvent(this.lint.on("changed", () => this.app.workspace.updateOptions()));
    addLintStatusBar(this, this.lint, () => this.data.settings.knowledgeFolder, () => void this.openView(LINT_VIEW_TYPE));
    // The first lint builds the router's index alongside, from the same reads, so Ask works while it runs.
    this.app.workspace.onLayoutReady(() => void this.lint.lintAll().then(() => this.graph.reset()));
  }

  /** Typing in a settings field saves at once but re-lints (and re-indexes) once the typing pauses. */
  private folderChanged = false;
  private readonly relint = debounce(() => {
    const rebuild = this.folderChanged;
    this.folderChanged = false;
    void this.lint.restart().then(() => (rebuild ? this.router.build().then(() => this.graph.reset()) : undefined));
  }, 800, true);

  private async updateSettings(patch: Partial<KnowledgeSettings>): Promise<void> {
    this.data.settings = { ...this.data.settings, ...patch };
    await this.saveData(this.data);
    // A new knowledge or report folder changes which notes are articles: the router is rebuilt too.
    if (patch.knowledgeFolder !== undefined || patch.reportFolder !== undefined) this.folderChanged = true;
    this.relint();
  }

  /** The end-of-day compile: once a day after the chosen hour, when today's log changed since its last compile. */
  private async maybeAutoCompile(): Promise<void> {
    const now = new Date();
    const today = localDate(now);
    if (!this.router.ready || !isAutoCompileDue(now, this.data.compile, this.autoTriedDay, today)) return;
    const log = this.compile.todayPath(now);
    if (!this.compile.exists(log) || !(await this.compile.hasChanged(log))) return;
    this.autoTriedDay = today;
    await runAutoCompile(this.app, this.compile, log, this.data.compile.autoAccept);
  }

  private async updateCompile(patch: Partial<CompileSettings>): Promise<void> {
    this.data.compile = { ...this.data.compile, ...patch };
    await this.saveData(this.data);
  }

  private async updateLint(patch: Partial<LintSettings>): Promise<void> {
    this.data.lint = { ...this.data.lint, ...patch };
    await this.saveData(this.data);
    if (patch.repoFolder !== undefined || patch.staleAfterDays !== undefined) this.relint();
  }

  private async updateAsk(patch: Partial<AskSettings>): Promise<void> {
    this.data.ask = { ...this.data.ask, ...patch };
    await this.saveData(this.data);
  }

  private async readDailyNotesConfig(): Promise<{ folder: string; format: string } | null> {
    const path = `${this.app.vault.configDir}/daily-notes.json`;
    return readDailyNotesConfig((await this.app.vault.adapter.exists(path)) ? await this.app.vault.adapter.read(path) : null);
  }

  private pluginDir(): string {
    return this.manifest.dir ?? `${this.app.vault.configDir}/plugins/${this.manifest.id}`;
  }

  private async openView(type: string, where: "right" | "tab" = "right"): Promise<void> {
    const existing = this.app.workspace.getLeavesOfType(type)[0];
    const leaf = existing ?? (where === "tab" ? this.app.workspace.getLeaf("tab") : this.app.workspace.getRightLeaf(false));
    if (!leaf) return;
    if (!existing) await leaf.setViewState({ type, active: true });
    await this.app.workspace.revealLeaf(leaf);
  }
}
