import { knowledgePaths, reportFolderOf, scopeNotes } from "../core/knowledge/knowledge-layout";
import { estimateTokens } from "../core/llm/estimate-tokens";
import { ArticleIndex } from "../core/route/article-index";
import { buildArticleDoc } from "../core/route/article-doc";
import type { LoadedVault } from "./load-vault";

/**
 * Tokens of the knowledge folder's index.md (0 when there is none or it cannot be read), counted into what loading
 * everything would cost: its text as loaded with the vault, else read now (a vault listed without its notes).
 */
export function indexFileTokens(vault: LoadedVault): number {
  const path = knowledgePaths(vault.settings.knowledgeFolder).index;
  let text = vault.texts.get(path);
  if (text === undefined && vault.index.hasFile(path)) {
    try {
      text = vault.store.readSync(path);
    } catch {
      text = "";
    }
  }
  return text ? estimateTokens(text) : 0;
}

/**
 * Builds the router's index over the notes of a scope, by the plugin's own rule (scopeNotes): the knowledge articles,
 * or with "vault" every note but the knowledge folder's index.md and log.md and the lint reports.
 */
export function buildRouterIndex(vault: LoadedVault, scope: "knowledge" | "vault"): { index: ArticleIndex; indexTokens: number } {
  const index = new ArticleIndex();
  const routed = scopeNotes(scope, vault.settings.knowledgeFolder, reportFolderOf(vault.settings));
  for (const [path, text] of vault.texts) {
    if (!routed(path)) continue;
    const parsed = vault.index.note(path);
    if (parsed) index.upsert(buildArticleDoc(path, text, parsed));
  }
  return { index, indexTokens: indexFileTokens(vault) };
}

/** What the router, Ask, prime and the graph read: the knowledge articles, or every note of the vault. */
export type RouteScope = "knowledge" | "vault";

/** The --scope flag (default "knowledge"), or the sentence saying what a valid one is. */
export function scopeFlag(value: string | undefined): { scope: RouteScope } | { error: string } {
  const scope = value ?? "knowledge";
  return scope === "knowledge" || scope === "vault" ? { scope } : { error: `--scope must be knowledge or vault, not "${scope}".` };
}
