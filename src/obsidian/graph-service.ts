import { normalizePath, parseLinktext, type App, type TFile } from "obsidian";
import { GraphModel, type GraphArticle } from "../core/graph/graph-model";
import type { GraphOptions } from "../core/graph/graph-model";
import type { GraphView } from "../core/graph/graph-types";
import type { ArticleDoc } from "../core/route/article-doc";
import type { RouterService } from "./router-service";

/** Cached layout positions per article path, in a file of the plugin folder (never data.json or graph.json). */
export type PositionCache = Record<string, [number, number]>;

const POSITIONS_FILE = "graph-positions.json";

/** What the graph draws: the knowledge folder's articles, or every note of the vault (Ask's scope, one setting). */
export type GraphScope = "knowledge" | "vault";

/**
 * The graph of CKP tiers in Obsidian: built from the router's article index the first time a graph view asks (not
 * at start-up), then kept up to date from the same vault events as lint and routing, one article at a time. It
 * holds what the router indexes, so it follows Ask's scope: with "vault", every note (the router's rule), its body
 * links drawn untyped and the tiers of the notes that have headers. A rebuilt index (the scope or the knowledge
 * folder changed) starts the graph over.
 */
export class GraphService {
  private model: GraphModel | null = null;
  private readonly listeners = new Set<() => void>();
  private routerReady: boolean;

  constructor(
    private readonly app: App,
    private readonly router: RouterService,
    private readonly folder: () => string,
    private readonly pluginDir: string,
    /** Ask's scope (data.ask.scope): the one setting both Ask and the graph read. */
    readonly scope: () => GraphScope = () => "knowledge",
  ) {
    this.routerReady = router.ready;
    // Only the index's start and end matter here, not each step of its progress.
    router.onIndexing(() => {
      if (router.ready === this.routerReady) return;
      this.routerReady = router.ready;
      this.reset();
    });
  }

  /** True while the scope is the knowledge folder and it holds no article (the view then offers the whole vault). */
  knowledgeFolderEmpty(): boolean {
    return this.router.knowledgeFolderEmpty();
  }

  /** The graph, or null while the article index is still being built. */
  graph(options: GraphOptions): GraphView | null {
    if (!this.router.ready) return null;
    if (!this.model) {
      const model = new GraphModel(this.folder, this.router.resolve);
      for (const doc of this.router.articleIndex().all()) model.set(this.articleOf(doc));
      this.model = model;
    }
    return this.model.snapshot(options);
  }

  /** Calls `fn` after the graph changed (an article edited, renamed or deleted); returns the unsubscribe. */
  onChange(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** A note changed: its article is replaced (after the router has re-read it). */
  onChanged(file: TFile): void {
    if (!this.model) return this.emit();
    const doc = this.router.article(file.path);
    if (doc && this.router.isArticle(file.path)) this.model.set(this.articleOf(doc));
    else this.model.notesChanged();
    this.emit();
  }

  onRenamed(file: TFile, oldPath: string): void {
    this.model?.remove(oldPath);
    this.model?.notesChanged();
    const doc = this.router.article(file.path);
    if (doc && this.model && this.router.isArticle(file.path)) this.model.set(this.articleOf(doc));
    this.emit();
  }

  onDeleted(path: string): void {
    this.model?.remove(path);
    this.model?.notesChanged();
    this.emit();
  }

  /** The knowledge folder or the article index was rebuilt: start over on the next request. */
  reset(): void {
    this.model = null;
    this.emit();
  }

  /** Layout positions cached by earlier views. */
  async loadPositions(): Promise<PositionCache> {
    try {
      const path = this.positionsPath();
      if (!(await this.app.vault.adapter.exists(path))) return {};
      const v = JSON.parse(await this.app.vault.adapter.read(path)) as unknown;
      return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as PositionCache) : {};
    } catch {
      return {};
    }
  }

  /** Saves positions, pruned to notes that still exist, rounded to keep the file small. */
  async savePositions(positions: PositionCache): Promise<void> {
    const pruned: PositionCache = {};
    for (const [path, [x, y]] of Object.entries(positions)) {
      if (this.app.vault.getFileByPath(path)) pruned[path] = [Math.round(x), Math.round(y)];
    }
    await this.app.vault.adapter.write(this.positionsPath(), JSON.stringify(pruned)).catch(() => undefined);
  }

  private positionsPath(): string {
    return normalizePath(`${this.pluginDir}/${POSITIONS_FILE}`);
  }

  private articleOf(doc: ArticleDoc): GraphArticle {
    const cache = this.app.metadataCache.getCache(doc.path);
    const bodyLinks = (cache?.links ?? []).map((l) => parseLinktext(l.link).path).filter((p) => p !== "");
    return { path: doc.path, header: doc.header, tldr: doc.tldr, bodyLinks };
  }

  private emit(): void {
    for (const fn of this.listeners) fn();
  }
}
