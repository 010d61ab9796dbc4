import type { App, TFile } from "obsidian";
import { scopeNotes } from "../core/knowledge/knowledge-layout";
import { parseNote, parseNoteSteps } from "../core/notes/parse-note";
import { ArticleIndex } from "../core/route/article-index";
import { buildArticleDoc, type ArticleDoc } from "../core/route/article-doc";
import { routeQuestion } from "../core/route/route-question";
import type { RouteResult } from "../core/route/route-types";
import { estimateTokens } from "../core/llm/estimate-tokens";
import { knowledgePaths } from "../core/knowledge/knowledge-layout";
import type { ParsedNote } from "../core/notes/note-types";
import type { SliceScheduler } from "../core/util/slice-scheduler";
import { writeSnapshot, type FileStamp, type RestoredIndex } from "../core/route/index-snapshot";
import { readSnapshot } from "../core/route/read-index-snapshot";
import { createMainThreadScheduler } from "./main-thread-clock";
import type { RouterSnapshotStore } from "./router-snapshot-store";

const READ_BATCH = 64;

/** The index kept between starts: where, for which plugin build, and how long after a change it is saved. */
export interface RouterSnapshotOptions {
  store: RouterSnapshotStore;
  /** The plugin's version: a snapshot of another build is not trusted (its tokenizer may differ). */
  build: string;
  /** Quiet time after the last change before the index is saved. */
  saveAfterMs?: number;
}

/** How far the article index is while it is being built. */
export interface IndexingProgress {
  done: number;
  total: number;
}

/**
 * Keeps the router's article index for the knowledge folder (or, with Ask's scope "vault", for every note). It is built after layout-ready in time-budgeted slices
 * (alongside the first lint, which hands it each article it reads, or on its own), and routes at once on the
 * articles indexed so far; then one article is replaced or discarded per change (never a rebuild). With a snapshot
 * store, the index is also kept between starts (warmStart) and saved in slices a few seconds after it changes.
 */
export class RouterService {
  private index = new ArticleIndex();
  private indexTokens = 0;
  private progress: IndexingProgress | null = null;
  private generation = 0;
  private readonly listeners = new Set<() => void>();
  /** Each indexed article's file as it was when read: what a warm start compares the vault with. */
  private stamps = new Map<string, FileStamp>();
  /** True when the index differs from the saved snapshot. */
  private dirty = false;
  private saveTimer: number | null = null;
  private saving = false;
  /** True once every article is indexed; before that, routing answers from the articles indexed so far. */
  ready = false;

  constructor(
    private readonly app: App,
    private readonly folder: () => string,
    private readonly scheduler: SliceScheduler = createMainThreadScheduler(),
    /** The lint report folder (vault-relative), whose notes are never routed; undefined: the default. */
    private readonly reportFolder: () => string | undefined = () => undefined,
    /** Ask's scope: the knowledge folder's articles, or every note of the vault (rebuild after it changes). */
    private readonly scope: () => "knowledge" | "vault" = () => "knowledge",
    /** Where the index is kept between starts; null: it is built at every start. */
    private readonly snapshot: RouterSnapshotOptions | null = null,
  ) {}

  /** Halts an index build still running in slices at its next slice boundary, for good (the plugin is unloading). */
  stop(): void {
    this.scheduler.stop();
    if (this.saveTimer !== null) window.clearTimeout(this.saveTimer);
    this.saveTimer = null;
  }

  /**
   * Loads the index kept from the last session, in slices, then reads again only the notes whose file changed (its
   * modification time or size), drops the deleted and adds the new ones. Resolves true with the index complete;
   * false when there is no usable snapshot (none, cut off, another version): then the first lint builds it.
   */
  async warmStart(): Promise<boolean> {
    if (!this.snapshot || this.ready || this.progress) return false;
    const routed = this.routed();
    const files = this.app.vault.getMarkdownFiles().filter((f) => routed(f.path));
    const gen = this.beginBuild(files.length);
    try {
      const text = await this.snapshot.store.read();
      if (text === null || gen !== this.generation) return this.abandon(gen);
      // Reading it (decoding megabytes into a string) had that task; the restore begins in a fresh one, its first step
      // being the first pass over that string.
      await this.scheduler.pause();
      if (gen !== this.generation) return this.abandon(gen);
      const restored = await this.drain(readSnapshot(text, this.snapshot.build), gen);
      if (!restored) return this.abandon(gen);
      await this.scheduler.yieldIfDue();
      if (gen !== this.generation) return false;
      const compared = await this.drain(compareWithVault(restored, files), gen);
      if (compared === null) return false;
      const { stale, removed } = compared;
      // Changes Obsidian reported while the snapshot was being read went into the index being replaced; their files
      // are newer than the snapshot, so they are among the stale ones read again below.
      this.index = restored.index;
      this.stamps = restored.stamps;
      this.dirty = stale.length > 0 || removed > 0;
      this.progress = { done: files.length - stale.length, total: files.length };
      this.emit();
      await this.indexFiles(gen, stale);
      await this.finishBuild(gen);
      if (gen !== this.generation || !this.ready) return false;
      // The rest of the restored posting lists are opened in slices now, so that a later edit's update stays short.
      void this.drain(this.index.openRestored(), gen);
      return true;
    } catch {
      return this.abandon(gen);
    }
  }

  /** Articles indexed so far and how many there are, while the index is being built; null once it is complete. */
  indexing(): IndexingProgress | null {
    return this.progress ? { ...this.progress } : null;
  }

  /** Calls `fn` as indexing advances and when it completes; returns the unsubscribe. */
  onIndexing(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Builds the index from the knowledge folder's articles on its own, in slices that yield. */
  async build(): Promise<void> {
    const routed = this.routed();
    const files = this.app.vault.getMarkdownFiles().filter((f) => routed(f.path));
    const gen = this.beginBuild(files.length);
    await this.indexFiles(gen, files);
    await this.finishBuild(gen);
  }

  /** Reads, parses and indexes notes with a batch of reads in flight, one note per unit of a slice. */
  private async indexFiles(gen: number, files: readonly TFile[]): Promise<void> {
    let next: Promise<(string | null)[]> | null = files.length > 0 ? this.readBatch(files, 0) : null;
    for (let i = 0; next; i += READ_BATCH) {
      const texts = await next;
      next = i + READ_BATCH < files.length ? this.readBatch(files, i + READ_BATCH) : null;
      for (const [k, text] of texts.entries()) {
        if (gen !== this.generation) return;
        if (text !== null) {
          // A long note is parsed a thousand lines a step.
          const parse = parseNoteSteps(text);
          let parsed = parse.next();
          for (; !parsed.done; parsed = parse.next()) await this.scheduler.yieldIfDue();
          if (gen !== this.generation) return;
          const doc = buildArticleDoc(files[i + k]!.path, text, parsed.value);
          // Restored posting lists this note adds to are opened a step at a time first (after a warm start).
          const steps = this.index.prepare(doc);
          while (!steps.next().done) await this.scheduler.yieldIfDue();
          if (gen !== this.generation) return;
          this.addDoc(gen, doc);
        }
        await this.scheduler.yieldIfDue();
      }
    }
  }

  /** Starts a fresh index of `total` articles (routing uses it at once); returns the build's token for addArticle. */
  beginBuild(total: number): number {
    this.index = new ArticleIndex();
    this.stamps = new Map();
    this.dirty = true;
    this.ready = false;
    this.progress = { done: 0, total };
    this.emit();
    return ++this.generation;
  }

  /** Adds one article read by the build (its parse shared with lint); ignored when a newer build started. */
  addArticle(build: number, path: string, text: string, parsed: ParsedNote): void {
    if (build !== this.generation || !this.progress) return;
    this.addDoc(build, buildArticleDoc(path, text, parsed));
  }

  private addDoc(build: number, doc: ArticleDoc): void {
    if (build !== this.generation || !this.progress) return;
    // A note deleted while its text was being read must not come back.
    const file = this.app.vault.getFileByPath(doc.path);
    if (file === null) return;
    this.index.upsert(doc);
    this.stamp(file);
    const p = this.progress;
    p.done = Math.min(p.total, p.done + 1);
    if (p.done === 1 || p.done === p.total || p.done % Math.max(1, Math.ceil(p.total / 100)) === 0) this.emit();
  }

  /** Marks the build complete. */
  async finishBuild(build: number): Promise<void> {
    if (build !== this.generation) return;
    await this.readIndexTokens();
    if (build !== this.generation) return;
    this.progress = null;
    this.ready = true;
    this.emit();
    this.changed(false);
  }

  /** The text of an article changed (from the metadata cache's "changed" event). */
  onChanged(file: TFile, text: string): void {
    // Before the first build starts (Obsidian indexing at start-up) the build will read the note anyway.
    if (!this.ready && !this.progress) return;
    if (this.isArticle(file.path)) {
      this.index.upsert(buildArticleDoc(file.path, text, parseNote(text)));
      this.stamp(file);
      this.changed(true);
    } else if (file.path === knowledgePaths(this.folder()).index) this.indexTokens = estimateTokens(text);
  }

  /** A note moved: its old path is dropped now; the promise settles once the note is indexed under its new path. */
  async onRenamed(file: TFile, oldPath: string): Promise<void> {
    this.onDeleted(oldPath);
    if (!this.isArticle(file.path)) return;
    const text = await this.app.vault.cachedRead(file).catch(() => null);
    if (text !== null) this.onChanged(file, text);
  }

  onDeleted(path: string): void {
    if (!this.stamps.delete(path) && !this.index.get(path)) return;
    this.index.remove(path);
    this.changed(true);
  }

  /** Routes a question with Obsidian's own link resolution; `closest` loads the best matches even below the coverage floor. */
  route(question: string, budget: number, closest = false): RouteResult {
    return routeQuestion(this.index, question, this.resolve, closest ? { budget, minCoverage: 0 } : { budget }, this.indexTokens);
  }

  /** Obsidian's own link resolution: the file a link written in `from` opens, or null. */
  readonly resolve = (link: string, from: string): string | null => this.app.metadataCache.getFirstLinkpathDest(link, from)?.path ?? null;

  /** The article index itself, for compile planning (read-only use). */
  articleIndex(): ArticleIndex {
    return this.index;
  }

  /** Tokens of the knowledge folder's index.md (0 when there is none), counted into what loading everything costs. */
  indexFileTokens(): number {
    return this.indexTokens;
  }

  /** The router's view of one article (its TLDR for TLDR-only loads). */
  article(path: string) {
    return this.index.get(path);
  }

  /**
   * True for the notes the router indexes: the knowledge folder's articles (not index.md, log.md or lint reports),
   * or with the scope "vault" every markdown note but those three kinds.
   */
  isArticle(path: string): boolean {
    return this.routed()(path);
  }

  /** isArticle as one predicate for many paths (the folders worked out once). */
  private routed(): (path: string) => boolean {
    return scopeNotes(this.scope(), this.folder(), this.reportFolder());
  }

  /** True while Ask's scope is the knowledge folder and it holds no article: the panel then offers the whole vault. */
  knowledgeFolderEmpty(): boolean {
    return this.scope() === "knowledge" && this.index.size === 0 && (this.ready || this.progress?.total === 0);
  }

  private stamp(file: TFile): void {
    this.stamps.set(file.path, { mtime: file.stat.mtime, size: file.stat.size });
  }

  /** Marks the index changed (when `edit`, an edit after the build) and saves it once changes have been quiet a while. */
  private changed(edit: boolean): void {
    if (edit) this.dirty = true;
    if (!this.snapshot || !this.dirty || !this.ready) return;
    if (this.saveTimer !== null) window.clearTimeout(this.saveTimer);
    this.saveTimer = window.setTimeout(() => {
      this.saveTimer = null;
      void this.save();
    }, this.snapshot.saveAfterMs ?? 5000);
  }

  /** Writes the snapshot in slices; when the index changes meanwhile it tries again after the next quiet time. */
  private async save(): Promise<void> {
    if (!this.snapshot || !this.ready || !this.dirty || this.saving) return;
    this.saving = true;
    try {
      await this.index.settle();
      this.scheduler.restartSlice();
      const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
      const text = await this.drain(writeSnapshot(this.index, this.stamps, this.snapshot.build, id), this.generation);
      if (text === null) return this.changed(true);
      this.dirty = false;
      await this.snapshot.store.write(text);
    } catch {
      // A snapshot that cannot be written only means the next start builds the index again.
    } finally {
      this.saving = false;
    }
  }

  /** Runs a snapshot's steps in slices; null when a newer build started meanwhile. */
  private async drain<T>(steps: Generator<void, T | null, void>, gen: number): Promise<T | null> {
    for (let r = steps.next(); ; r = steps.next()) {
      if (r.done) return r.value;
      await this.scheduler.yieldIfDue();
      if (gen !== this.generation) return null;
    }
  }

  /** A warm start that found no usable snapshot: back to "not indexed", so the first lint builds the index. */
  private abandon(gen: number): false {
    if (gen === this.generation) {
      this.index = new ArticleIndex();
      this.stamps = new Map();
      this.progress = null;
      this.emit();
    }
    return false;
  }

  private readBatch(files: readonly TFile[], from: number): Promise<(string | null)[]> {
    return Promise.all(files.slice(from, from + READ_BATCH).map((f) => this.app.vault.cachedRead(f).catch(() => null)));
  }

  private emit(): void {
    for (const fn of this.listeners) fn();
  }

  private async readIndexTokens(): Promise<void> {
    const path = knowledgePaths(this.folder()).index;
    const file = this.app.vault.getFileByPath(path);
    this.indexTokens = file ? estimateTokens(await this.app.vault.cachedRead(file)) : 0;
  }
}

/** Notes compared with a snapshot between two yields (a set lookup and a stamp each). */
const COMPARED_A_STEP = 1_000;

/**
 * Steps that drop from a restored index the articles whose notes are gone and list the notes to read again (new, or
 * their modification time or size changed), a thousand notes a step: at 10,000 notes this was one task over a frame.
 */
function* compareWithVault(restored: RestoredIndex, files: readonly TFile[]): Generator<void, { stale: TFile[]; removed: number }, void> {
  const live = new Set<string>();
  for (const f of files) {
    live.add(f.path);
    if (live.size % COMPARED_A_STEP === 0) yield;
  }
  let removed = 0;
  for (const path of [...restored.stamps.keys()]) {
    if (live.has(path)) continue;
    restored.index.remove(path);
    restored.stamps.delete(path);
    if (++removed % 50 === 0) yield;
  }
  const stale: TFile[] = [];
  for (let i = 0; i < files.length; i++) {
    const f = files[i]!;
    const s = restored.stamps.get(f.path);
    if (s === undefined || s.mtime !== f.stat.mtime || s.size !== f.stat.size) stale.push(f);
    if (i % COMPARED_A_STEP === COMPARED_A_STEP - 1) yield;
  }
  return { stale, removed };
}
