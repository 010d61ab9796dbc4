import type { App, TFile } from "obsidian";
import { classifyPath } from "../core/knowledge/knowledge-layout";
import { parseNote } from "../core/notes/parse-note";
import { ArticleIndex } from "../core/route/article-index";
import { buildArticleDoc } from "../core/route/article-doc";
import { routeQuestion } from "../core/route/route-question";
import type { RouteResult } from "../core/route/route-types";
import { estimateTokens } from "../core/llm/estimate-tokens";
import { knowledgePaths } from "../core/knowledge/knowledge-layout";

const SLICE = 100;

/**
 * Keeps the router's article index for the knowledge folder: built after layout-ready in slices that yield,
 * then one article is replaced or discarded per change (never a rebuild).
 */
export class RouterService {
  private index = new ArticleIndex();
  private indexTokens = 0;
  ready = false;

  constructor(
    private readonly app: App,
    private readonly folder: () => string,
  ) {}

  /** Builds the index from the knowledge folder's articles. */
  async build(): Promise<void> {
    this.ready = false;
    const index = new ArticleIndex();
    const files = this.app.vault.getMarkdownFiles().filter((f) => this.isArticle(f.path));
    for (let i = 0; i < files.length; i += SLICE) {
      for (const f of files.slice(i, i + SLICE)) {
        const text = await this.app.vault.cachedRead(f);
        index.upsert(buildArticleDoc(f.path, text, parseNote(text)));
      }
      await new Promise<void>((r) => window.setTimeout(r, 0));
    }
    this.index = index;
    await this.readIndexTokens();
    this.ready = true;
  }

  /** The text of an article changed (from the metadata cache's "changed" event). */
  onChanged(file: TFile, text: string): void {
    if (this.isArticle(file.path)) this.index.upsert(buildArticleDoc(file.path, text, parseNote(text)));
    else if (file.path === knowledgePaths(this.folder()).index) this.indexTokens = estimateTokens(text);
  }

  onRenamed(file: TFile, oldPath: string): void {
    this.index.remove(oldPath);
    if (this.isArticle(file.path)) void this.app.vault.cachedRead(file).then((t) => this.onChanged(file, t));
  }

  onDeleted(path: string): void {
    this.index.remove(path);
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

  /** The router's view of one article (its TLDR for TLDR-only loads). */
  article(path: string) {
    return this.index.get(path);
  }

  private isArticle(path: string): boolean {
    const k = classifyPath(path, this.folder());
    return k !== null && k !== "index" && k !== "log";
  }

  private async readIndexTokens(): Promise<void> {
    const path = knowledgePaths(this.folder()).index;
    const file = this.app.vault.getFileByPath(path);
    this.indexTokens = file ? estimateTokens(await this.app.vault.cachedRead(file)) : 0;
  }
}
