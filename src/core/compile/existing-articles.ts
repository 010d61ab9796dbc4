import { baseName, type ArticleDoc } from "../route/article-doc";
import { relativeArticlePath } from "./check-article-path";
import { nameKey, type ExistingArticles } from "./dedupe-proposal";

/**
 * Looks up existing articles for validation and dedupe: by knowledge-relative path (falling back to the vault's
 * own link resolution, so `[[daily/2026-11-20]]` or a bare note name resolve as Obsidian would), and by title,
 * alias or file name when exactly one article carries it.
 */
export function existingArticlesFrom(docs: Iterable<ArticleDoc>, knowledgeFolder: string, resolveLink: (linkpath: string) => string | null): ExistingArticles {
  const byRel = new Map<string, string>();
  const names = new Map<string, string | null>();
  const addName = (n: string, path: string): void => {
    const k = nameKey(n);
    if (k.length < 3) return;
    const seen = names.get(k);
    names.set(k, seen === undefined || seen === path ? path : null);
  };
  for (const d of docs) {
    byRel.set(relativeArticlePath(d.path, knowledgeFolder), d.path);
    if (d.header.title) addName(d.header.title, d.path);
    for (const a of d.header.aliases) addName(a, d.path);
    addName(baseName(d.path).replace(/-/g, " "), d.path);
  }
  return {
    byPath: (rel) => byRel.get(rel) ?? resolveLink(rel),
    byName: (name) => names.get(name) ?? null,
  };
}
