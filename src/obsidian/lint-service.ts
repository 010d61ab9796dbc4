import { localDate } from "../core/util/local-date";
import { Events, TFile, type App } from "obsidian";
import { readDailyNotesConfig } from "../core/knowledge/daily-notes";
import { classifyPath, isArticleKind, reportFolderOf } from "../core/knowledge/knowledge-layout";
import type { KnowledgeSettings } from "../core/knowledge/knowledge-settings";
import { LintEngine } from "../core/lint/lint-engine";
import type { LintFinding } from "../core/lint/lint-types";
import { matchDailyNote } from "../core/knowledge/daily-notes";
import type { ParsedNote } from "../core/notes/note-types";
import { parseNote } from "../core/notes/parse-note";
import type { SliceScheduler } from "../core/util/slice-scheduler";
import { sha256Hex } from "../core/util/sha256";
import { shortHash } from "../core/util/short-hash";
import type { ContradictionState } from "../core/contradictions/contradiction-state";
import { LintContradictions, type ContradictionStore } from "./lint-contradictions";
import { findCitations, type Citation } from "../core/drift/citations";
import type { CodeRepoView } from "../core/drift/code-repo-view";
import { createMainThreadScheduler } from "./main-thread-clock";
import { ObsidianVaultView } from "./obsidian-vault-view";
import type { PluginData } from "./plugin-data";

/** What the lint service gets beyond the vault: the code repository (desktop) and the contradiction state's file. */
export interface LintExtras {
  /** Builds the code repository view for a full run (null: none configured, or not on desktop). */
  codeRepo?(): Promise<CodeRepoView | null>;
  /** Where the contradiction state is kept (the plugin's folder). */
  contradictionStore?: ContradictionStore;
  /** Days after which an unconfirmed article gets a suggestion. */
  staleAfterDays?(): number;
}

/** Reads in flight at once: Obsidian reads files asynchronously, so one at a time would leave the thread idle. */
const READ_BATCH = 64;

/** The router's side of the first lint: it indexes the articles lint reads, from the same text and parse. */
export interface ArticleSink {
  /** True once the article index is complete (then the lint does not rebuild it). */
  readonly ready: boolean;
  isArticle(path: string): boolean;
  beginBuild(total: number): number;
  addArticle(build: number, path: string, text: string, parsed: ParsedNote): void;
  finishBuild(build: number): Promise<void>;
}

/**
 * Owns the lint engine inside Obsidian. The first lint runs after layout-ready in ~8 ms slices that yield to the
 * UI — reading the notes it needs (articles first, handing each to the router so Ask works early), then the
 * engine's full run step by step — and replaces the findings only when it is complete. Then every metadata change,
 * rename and delete updates it incrementally (batched). Views listen to "changed" and "progress".
 */
export class LintService extends Events {
  private view: ObsidianVaultView;
  private engine: LintEngine | null = null;
  private readonly hashes = new Map<string, string>();
  private pending = new Set<string>();
  private removed = new Set<string>();
  private timer: number | null = null;
  private generation = 0;
  /** True while a full lint runs: incremental updates wait for it. */
  private running = false;
  /** True while an incremental update runs in slices: further changes wait for it. */
  private updating = false;
  /** Texts of changed notes not yet parsed: parsed by the next batch. */
  private texts = new Map<string, string>();
  private units = { done: 0, total: 1 };
  /** 0..1 while the full lint runs; 1 when ready. */
  progress = 0;
  settings: KnowledgeSettings;

  /** Short content hash of each article (for the contradiction check). */
  private readonly articleHashes = new Map<string, string>();
  /** Code citations of each article, read only while a code repository is configured. */
  private readonly citations = new Map<string, Citation[]>();
  private codeRepo: CodeRepoView | null = null;
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
    this.view = new ObsidianVaultView(app);
    this.settings = data().settings;
  }

  /** Halts a lint still running in slices at its next slice boundary, for good (the plugin is unloading). */
  stop(): void {
    this.scheduler.stop();
  }

  /** Current findings (empty until the first lint finishes). */
  findings(): readonly LintFinding[] {
    return this.engine?.all() ?? [];
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
    const settings = await this.effectiveSettings();
    // A fresh repository view per full run, so files changed in the repository are read again.
    const codeRepo = (await this.extras.codeRepo?.().catch(() => null)) ?? null;
    const stored = await this.contradictions.load();
    if (gen !== this.generation) return;
    this.settings = settings;
    this.codeRepo = codeRepo;
    this.contradictions.state = stored;
    const view = new ObsidianVaultView(this.app);
    this.view = view;
    this.hashes.clear();
    this.articleHashes.clear();
    this.citations.clear();
    const files = this.app.vault.getMarkdownFiles();
    const articles: TFile[] = [];
    const others: TFile[] = [];
    this.units = { done: 0, total: 4 * files.length };
    for (const f of files) {
      if (this.needsText(f.path)) (this.router?.isArticle(f.path) ? articles : others).push(f);
      this.units.done++;
      if (!(await this.step(gen))) return;
    }
    this.units.total = files.length + articles.length + others.length + 2 * files.length;
    const sink = this.router && !this.router.ready ? this.router : null;
    const build = sink ? sink.beginBuild(articles.length) : 0;
    const read = await this.readAll([...articles, ...others], gen, (path, text, parsed) => {
      if (sink?.isArticle(path)) sink.addArticle(build, path, text, parsed);
    });
    if (!read) return;
    if (sink) await sink.finishBuild(build);
    const engine = new LintEngine(view, this.options());
    view.useResolvedLinks = true;
    const before = files.length + articles.length + others.length;
    this.units.total = before + 2 * view.notePaths().length;
    for (const notesDone of engine.runSteps()) {
      this.units.done = before + notesDone;
      if (!(await this.step(gen))) return;
    }
    // Sorting every finding is a unit of its own, so the views' first render after "changed" starts a fresh slice.
    engine.all();
    if (!(await this.step(gen))) return;
    view.useResolvedLinks = false;
    this.engine = engine;
    this.running = false;
    this.progress = 1;
    this.contradictions.prune((p) => this.articleHashes.get(p));
    this.trigger("changed");
    if (this.pending.size > 0 || this.removed.size > 0) this.flush();
  }

  /** Called on metadataCache "changed": the text comes with the event, so nothing is read again. */
  onChanged(file: TFile, text: string): void {
    // Before the first lint starts (Obsidian indexing at start-up) it will read the note anyway.
    if (this.generation === 0) return;
    // The text is parsed when the batch is applied, in its slices: a note of 10,000 lines costs the handler nothing.
    if (this.needsText(file.path)) this.texts.set(file.path, text);
    this.view.invalidate(file.path);
    this.schedule(file.path);
  }

  onRenamed(file: TFile, oldPath: string): void {
    const hash = this.articleHashes.get(oldPath);
    const cites = this.citations.get(oldPath);
    this.articleHashes.delete(oldPath);
    this.citations.delete(oldPath);
    if (hash !== undefined && this.isArticle(file.path)) this.articleHashes.set(file.path, hash);
    if (cites !== undefined && this.isArticle(file.path)) this.citations.set(file.path, cites);
    // Its word count and property lines move with it: a renamed article is not sparse for want of its text.
    this.view.rename(oldPath, file.path);
    const logHash = this.hashes.get(oldPath);
    this.hashes.delete(oldPath);
    if (logHash !== undefined && matchDailyNote(file.path, this.settings) !== null) this.hashes.set(file.path, logHash);
    this.removed.add(oldPath);
    this.schedule(file.path);
  }

  onDeleted(path: string): void {
    this.view.forget(path);
    this.hashes.delete(path);
    this.texts.delete(path);
    this.articleHashes.delete(path);
    this.citations.delete(path);
    this.removed.add(path);
    this.schedule(null);
  }

  /** Settings or compile state changed: lint again from scratch. */
  async restart(): Promise<void> {
    await this.lintAll();
  }

  /** One unit of work done: at a slice boundary, report progress and yield; false when a newer run took over. */
  private async step(gen: number): Promise<boolean> {
    if (!this.scheduler.due()) return true;
    this.progress = Math.min(0.99, this.units.done / Math.max(1, this.units.total));
    this.trigger("progress", this.progress);
    await this.scheduler.pause();
    return gen === this.generation;
  }

  /** Reads notes with a batch of reads in flight while the previous batch is parsed, one note per unit. */
  private async readAll(files: readonly TFile[], gen: number, also: (path: string, text: string, parsed: ParsedNote) => void): Promise<boolean> {
    const readBatch = (from: number) => Promise.all(files.slice(from, from + READ_BATCH).map((f) => this.app.vault.cachedRead(f).catch(() => null)));
    let next: ReturnType<typeof readBatch> | null = readBatch(0);
    for (let i = 0; next; i += READ_BATCH) {
      const texts = await next;
      if (gen !== this.generation) return false;
      next = i + READ_BATCH < files.length ? readBatch(i + READ_BATCH) : null;
      for (const [k, text] of texts.entries()) {
        const path = files[i + k]!.path;
        if (text !== null && this.app.vault.getAbstractFileByPath(path) !== null) {
          const parsed = parseNote(text);
          this.absorb(path, text, parsed);
          also(path, text, parsed);
        }
        this.units.done++;
        if (!(await this.step(gen))) return false;
      }
    }
    return true;
  }

  private schedule(path: string | null): void {
    if (path) this.pending.add(path);
    if (this.timer !== null) window.clearTimeout(this.timer);
    this.timer = window.setTimeout(() => this.flush(), 300);
  }

  private flush(): void {
    this.timer = null;
    // During a full run the changes wait: it reads the latest metadata, and they are applied when it ends. An update
    // still running in slices picks them up when it ends.
    if (!this.engine || this.running || this.updating) return;
    const changed = [...this.pending].filter((p) => this.view.note(p) !== undefined);
    const removed = [...this.removed];
    const texts = this.texts;
    this.pending = new Set();
    this.removed = new Set();
    this.texts = new Map();
    const engine = this.engine;
    const gen = this.generation;
    this.updating = true;
    // This runs in a task of its own (a timer), so it starts a fresh slice: a small update ends within it, at once;
    // one that touches thousands of links (an edit of index.md) goes on in ~8 ms slices instead of one long task.
    this.scheduler.restartSlice();
    // A step that throws must not leave `updating` set for good (no edit would ever be applied again).
    const drained = this.scheduler.drain(this.updateSteps(engine, texts, changed, removed), () => gen !== this.generation).catch((e: unknown) => {
      console.error("Knowledge Compiler: a lint update failed", e);
      return false;
    });
    void drained.then((done) => {
      this.updating = false;
      if (done && gen === this.generation) this.trigger("changed");
      if (this.pending.size > 0 || this.removed.size > 0) this.flush();
    });
  }

  /** Parses the changed notes' texts (one note per step), then the engine's update step by step. */
  private *updateSteps(engine: LintEngine, texts: ReadonlyMap<string, string>, changed: readonly string[], removed: readonly string[]): Generator<void, void, void> {
    for (const [path, text] of texts) {
      if (this.app.vault.getAbstractFileByPath(path) === null) continue;
      this.absorb(path, text, parseNote(text));
      yield;
    }
    yield* engine.updateSteps(changed, removed);
  }

  private needsText(path: string): boolean {
    const kind = classifyPath(path, this.settings.knowledgeFolder, reportFolderOf(this.settings));
    if (kind === "report") return false;
    return this.settings.lintScope === "vault" || kind !== null || matchDailyNote(path, this.settings) !== null;
  }

  private absorb(path: string, text: string, parsed: ParsedNote): void {
    this.view.setFacts(path, { wordCount: parsed.wordCount, propertyLines: parsed.propertyLines ?? {}, frontmatterError: parsed.frontmatterError });
    if (matchDailyNote(path, this.settings) !== null) this.hashes.set(path, sha256Hex(text));
    if (this.isArticle(path)) {
      this.articleHashes.set(path, shortHash(text));
      if (this.codeRepo) this.citations.set(path, findCitations(text));
    }
  }

  private isArticle(path: string): boolean {
    return isArticleKind(classifyPath(path, this.settings.knowledgeFolder, reportFolderOf(this.settings)));
  }

  /** The short content hash of an article as last read (undefined when it is not an article or not read). */
  articleHash(path: string): string | undefined {
    return this.articleHashes.get(path);
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
    if (this.engine && !this.running && !this.updating) {
      this.engine.update([...touched].filter((p) => this.view.note(p) !== undefined));
      this.trigger("changed");
    } else {
      // A full lint or a sliced update is running: nothing else may change the engine meanwhile; the notes are
      // revisited when it ends (both apply what is pending then).
      for (const p of touched) this.pending.add(p);
    }
  }

  /** "Not a conflict": remembers the finding's pair until either article changes, and removes its findings. */
  async dismiss(finding: LintFinding): Promise<void> {
    const change = this.contradictions.dismissal(finding, (p) => this.articleHashes.get(p));
    if (change) await this.updateContradictionState(change);
  }

  private options() {
    return {
      settings: this.settings,
      compileState: this.data().compileState,
      logHash: (p: string) => this.hashes.get(p),
      today: localDate(),
      staleAfterDays: this.extras.staleAfterDays?.() ?? 180,
      codeRepo: this.codeRepo,
      citationsOf: (p: string) => this.citations.get(p) ?? [],
      articleHash: (p: string) => this.articleHashes.get(p),
      contradictions: () => this.contradictions.state,
    };
  }

  /** Saved settings, with the Daily Notes core plugin's folder and format when it is configured. */
  private async effectiveSettings(): Promise<KnowledgeSettings> {
    const base = this.data().settings;
    const path = `${this.app.vault.configDir}/daily-notes.json`;
    // An unreadable daily-notes.json is no configuration (the saved settings stand), never a failed lint.
    const json = await this.app.vault.adapter.read(path).catch(() => null);
    const daily = readDailyNotesConfig(json);
    return daily ? { ...base, dailyFolder: daily.folder, dailyFormat: daily.format } : base;
  }
}
