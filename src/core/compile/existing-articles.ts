import { baseName, type ArticleDoc } from "../route/article-doc";
import { relativeArticlePath } from "./check-article-path";
import { nameKey, type ExistingArticles } from "./dedupe-proposal";

/**
 * Looks up existing articles for validation and dedupe: by knowledge-relative path (falling back to the vault's
 * own link resolution, so a bare article name resolves as Obsidian would), and by title, alias or file name when
 * exactly one article carries it. Only notes `isArticle` accepts are ever found (never a note outside the knowledge
 * folder, a filed answer or a daily note); `resolves` says whether a body link names any note at all.
 */
export function existingArticlesFrom(
  docs: Iterable<ArticleDoc>,
  knowledgeFolder: string,
  resolveLink: (linkpath: string) => string | null,
  isArticle: (path: string) => boolean,
): ExistingArticles {
  const byRel = new Map<string, string>();
  const names = new Map<string, string | null>();
  const addName = (n: string, path: string): void => {
    const k = nameKey(n);
    if (k.length < 3) return;
    const seen = names.get(k);
    names.set(k, seen === undefined || seen === path ? path : null);
  };
  for (const d of docs) {
    if (!isArticle(d.path)) continue;
    byRel.set(relativeArticlePath(d.path, knowledgeFolder), d.path);
    if (d.header.title) addName(d.header.title, d.path);
    for (const a of d.header.aliases) addName(a, d.path);
    addName(baseName(d.path).replace(/-/g, " "), d.path);
  }
  return {
    byPath: (rel) => {
      const found = byRel.get(rel) ?? resolveLink(rel);
      return found !== null && isArticle(found) ? found : null;
    },
    resolves: (link) => resolveLink(link) !== null,
    byName: (name) => names.get(name) ?? null,
  };
}
