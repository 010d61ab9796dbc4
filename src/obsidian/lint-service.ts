import { Events, type App, type TFile } from "obsidian";
import { matchDailyNote } from "../core/knowledge/daily-notes";
import { classifyPath, isArticleKind, reportFolderOf, trimSlashes } from "../core/knowledge/knowledge-layout";
import type { KnowledgeSettings } from "../core/knowledge/knowledge-settings";
import type { LintEngine } from "../core/lint/lint-engine";
import type { LintFinding, Severity } from "../core/lint/lint-types";
import type { ContradictionState } from "../core/contradictions/contradiction-state";
import type { CodeRepoView } from "../core/drift/code-repo-view";
import { err, type Result } from "../core/result";
import { applyLintFixes, fixLintFinding, planLintFixes, type LintFixChange, type LintFixHost, type LintFixPlan } from "../core/workflows/lint-fix-workflow";
import type { LintInputs } from "../core/workflows/lint-run-workflow";
import { localDate } from "../core/util/local-date";
import type { SliceScheduler } from "../core/util/slice-scheduler";
import { effectiveSettings } from "./effective-settings";
import { LintContradictions, type ContradictionStore } from "./lint-contradictions";
import { LintNoteCache } from "./lint-note-cache";
import { LintUpdateQueue } from "./lint-update-queue";
import { createMainThreadScheduler } from "./main-thread-clock";
import { ObsidianVaultView } from "./obsidian-vault-view";
import type { PluginData } from "../core/settings/plugin-data";
import { runSlicedLint, type ArticleSink } from "./sliced-first-lint";

const NO_FINDINGS: Readonly<Record<Severity, number>> = { error: 0, warning: 0, suggestion: 0 };

/** What the lint service gets beyond the vault: the code repository (desktop) and the contradiction state's file. */
export interface LintExtras {
  /** Builds the code repository view for a full run (null: none configured, or not on desktop). */
  codeRepo?(): Promise<CodeRepoView | null>;
  /** Where the contradiction state is kept (the plugin's folder). */
  contradictionStore?: ContradictionStore;
  /** Days after which an unconfirmed article gets a suggestion. */
  staleAfterDays?(): number;
  /** The host bundle one-click fixes are written through (the write gate and lock); without it nothing is fixed. */
  host?(): LintFixHost;
}

/**
 * Owns the lint engine inside Obsidian. The first lint runs after layout-ready in ~3 ms slices that yield to the
 * UI (sliced-first-lint) and replaces the findings only when it is complete. Then every metadata change, rename and
 * delete updates it incrementally, in batches (lint-update-queue). What was read of each note's text is kept in one
 * cache (lint-note-cache). Views listen to "changed" and "progress".
 */
export class LintService extends Events {
  private engine: LintEngine | null = null;
  private generation = 0;
  /** True while a full lint runs: incremental updates wait for it. */
  private running = false;
  /** 0..1 while the full lint runs; 1 when ready. */
  progress = 0;
  settings: KnowledgeSettings;
  private codeRepo: CodeRepoView | null = null;
  private readonly cache: LintNoteCache;
  private readonly queue: LintUpdateQueue;
  private readonly contradictions: LintContradictions;

  constructor(
    private readonly app: App,
    private readonly data: () => PluginData,
    private readonly router: ArticleSink | null = null,
    private readonly scheduler: SliceScheduler = createMainThreadScheduler(),
    private readonly extras: LintExtras = {},
  ) {
    super();
    this.contradictions = new LintContradictions(extras.contradictionStore);
    this.settings = data().settings;
    this.cache = new LintNoteCache(new ObsidianVaultView(app), {
      isDaily: (p) => matchDailyNote(p, this.settings) !== null,
      isArticle: (p) => this.isArticle(p),
      wantsCitations: () => this.codeRepo !== null,
    });
    this.queue = new LintUpdateQueue({
      scheduler,
      cache: this.cache,
      engine: () => this.engine,
      fullRunning: () => this.running,
      generation: () => this.generation,
      fileExists: (p) => app.vault.getAbstractFileByPath(p) !== null,
      changed: () => this.trigger("changed"),
    });
  }

  /** Halts a lint still running in slices at its next slice boundary, for good (the plugin is unloading). */
  stop(): void {
    this.scheduler.stop();
  }

  /** Current findings (empty until the first lint finishes). */
  findings(): readonly LintFinding[] {
    return this.engine?.all() ?? [];
  }

  /** Errors, warnings and suggestions of every current finding (zero until the first lint finishes), without a pass over them. */
  counts(): Readonly<Record<Severity, number>> {
    return this.engine?.counts() ?? NO_FINDINGS;
  }

  /** Errors and warnings of the notes in a folder (vault-relative), counted note by note (the status bar's numbers). */
  countIn(folder: string): { errors: number; warnings: number } {
    return this.engine?.countUnder(`${trimSlashes(folder)}/`) ?? { errors: 0, warnings: 0 };
  }

  /** Findings located in one note. */
  findingsFor(path: string): readonly LintFinding[] {
    return this.engine?.findingsFor(path) ?? [];
  }

  get ready(): boolean {
    return this.engine !== null;
  }

  /** Notes the last incremental update re-checked (for benchmarks). */
  get lastVisited(): number {
    return this.engine?.lastVisited ?? 0;
  }

  /**
   * Full lint in time-budgeted slices: reads the notes it needs (and builds the router's index alongside when it
   * has none), then runs every check; the previous findings stay until the new ones are complete.
   */
  async lintAll(): Promise<void> {
    const gen = ++this.generation;
    this.running = true;
    try {
      await this.fullRun(gen);
    } finally {
      // A run that failed must not hold back every later update ("running" set for good).
      if (gen === this.generation) this.running = false;
    }
  }

  private async fullRun(gen: number): Promise<void> {
    const settings = await effectiveSettings(this.app, this.data().settings);
    // A fresh repository view per full run, so files changed in the repository are read again.
    const codeRepo = (await this.extras.codeRepo?.().catch(() => null)) ?? null;
    const stored = await this.contradictions.load();
    if (gen !== this.generation) return;
    this.settings = settings;
    this.codeRepo = codeRepo;
    this.contradictions.state = stored;
    this.cache.reset(new ObsidianVaultView(this.app));
    const engine = await runSlicedLint({
      app: this.app,
      scheduler: this.scheduler,
      router: this.router,
      cache: this.cache,
      needsText: (p) => this.needsText(p),
      current: () => gen === this.generation,
      progress: (fraction) => {
        this.progress = fraction;
        this.trigger("progress", fraction);
      },
      inputs: () => this.inputs(),
    });
    if (!engine) return;
    this.engine = engine;
    this.running = false;
    this.progress = 1;
    this.contradictions.prune((p) => this.cache.articleHash(p));
    this.trigger("changed");
    this.queue.flushIfPending();
  }

  /** Called on metadataCache "changed": the text comes with the event, so nothing is read again. */
  onChanged(file: TFile, text: string): void {
    // Before the first lint starts (Obsidian indexing at start-up) it will read the note anyway.
    if (this.generation === 0) return;
    // The text is parsed when the batch is applied, in its slices: a note of 10,000 lines costs the handler nothing.
    this.queue.noteChanged(file.path, this.needsText(file.path) ? text : null);
  }

  /** Called on vault "rename": what was read of the note moves with it, and the batch re-checks both paths. */
  onRenamed(file: TFile, oldPath: string): void {
    this.cache.rename(oldPath, file.path);
    this.queue.noteRenamed(oldPath, file.path);
  }

  /** Called on vault "delete". */
  onDeleted(path: string): void {
    this.cache.delete(path);
    this.queue.noteDeleted(path);
  }

  /** Settings or compile state changed: lint again from scratch. */
  async restart(): Promise<void> {
    await this.lintAll();
  }

  private needsText(path: string): boolean {
    const kind = classifyPath(path, this.settings.knowledgeFolder, reportFolderOf(this.settings));
    if (kind === "report") return false;
    return this.settings.lintScope === "vault" || kind !== null || matchDailyNote(path, this.settings) !== null;
  }

  private isArticle(path: string): boolean {
    return isArticleKind(classifyPath(path, this.settings.knowledgeFolder, reportFolderOf(this.settings)));
  }

  /** The short content hash of an article as last read (undefined when it is not an article or not read). */
  articleHash(path: string): string | undefined {
    return this.cache.articleHash(path);
  }

  /** The code repository of the last full lint (null: none configured, or not on desktop). */
  codeRepoView(): CodeRepoView | null {
    return this.codeRepo;
  }

  /** The contradiction state the lint shows (conflicts found by the last runs, dismissals). */
  contradictionState(): ContradictionState {
    return this.contradictions.state;
  }

  /**
   * Changes the contradiction state (after a run or a dismissal) as the file holds it now: saved to the plugin's
   * folder, then the notes whose conflicts appear or go are linted again (incrementally).
   */
  async updateContradictionState(change: (current: ContradictionState) => ContradictionState | null): Promise<void> {
    const touched = await this.contradictions.update(change);
    if (this.engine && !this.running && !this.queue.updating) {
      this.engine.update([...touched].filter((p) => this.cache.view.note(p) !== undefined));
      this.trigger("changed");
    } else {
      // A full lint or a sliced update is running: nothing else may change the engine meanwhile; the notes are
      // revisited when it ends (both apply what is pending then).
      this.queue.defer(touched);
    }
  }

  /** "Not a conflict": remembers the finding's pair until either article changes, and removes its findings. */
  async dismiss(finding: LintFinding): Promise<void> {
    const change = this.contradictions.dismissal(finding, (p) => this.cache.articleHash(p));
    if (change) await this.updateContradictionState(change);
  }

  /** Applies a finding's safe fix through the core lint-fix workflow (the write gate and lock); the edit re-lints it. */
  async fix(finding: LintFinding): Promise<Result<{ path: string }, string> | null> {
    if (!finding.fix) return null;
    const host = this.extras.host?.();
    return host ? fixLintFinding(host, finding.fix) : err("Not fixed: fixes are not available here.");
  }

  /** Plans every safe fix of these findings for review (nothing written); null where fixes are not available. */
  async planFixes(findings: readonly LintFinding[]): Promise<LintFixPlan | null> {
    const host = this.extras.host?.();
    return host
      ? planLintFixes(
          host,
          findings.flatMap((f) => (f.fix ? [f.fix] : [])),
        )
      : null;
  }

  /** Writes a reviewed batch of fixes as one undoable write (the core lint-fix workflow); the edits re-lint the notes. */
  async applyFixes(changes: readonly LintFixChange[]): Promise<Result<{ paths: string[] }, string>> {
    const host = this.extras.host?.();
    return host ? applyLintFixes(host, changes) : err("Not fixed: fixes are not available here.");
  }

  /** What core's lint set-up (lintEngineFor) is given here: the lint's own settings, plugin data, the note cache. */
  private inputs(): LintInputs {
    return {
      settings: this.settings,
      compileState: this.data().compileState,
      today: localDate(),
      staleAfterDays: this.extras.staleAfterDays?.() ?? 180,
      codeRepo: this.codeRepo,
      contradictions: () => this.contradictions.state,
      notes: this.cache,
    };
  }
}
