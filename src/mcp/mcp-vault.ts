import type { ArticleIndex } from "../core/route/article-index";
import type { KcHost } from "../core/ports/host";
import { nodeHost } from "../node/node-host";
import type { NodeIo } from "../node/node-io";
import { loadVault, missingFolderProblem, VaultPathError, type LoadedVault } from "../node/load-vault";
import { indexFileTokens } from "../node/router-index";
import { warmRouterIndex } from "../node/router-index-cache";
import type { CachedIndex } from "../node/index-cache-file";

/** What the MCP server reads: the knowledge articles only, or every note of the vault. */
export type McpScope = "knowledge" | "vault";

/** One load of the vault as the tools see it: the notes, the router's index over the scope, and the host bundle. */
export interface McpVaultView {
  vault: LoadedVault;
  index: ArticleIndex;
  indexTokens: number;
  host: KcHost;
  scope: McpScope;
}

/** An expected failure of a tool, in a sentence a person can act on (returned to the agent as a tool error). */
export class McpToolError extends Error {}

/** How long one load of the vault is reused before the next tool call reads the folder again (edits show up). */
const FRESH_MS = 5_000;

/**
 * The vault behind the MCP server, loaded on the first tool call and again when the last load is older than a few
 * seconds, so a long session sees the person's edits. A vault that is missing (or has no knowledge folder in the
 * knowledge scope) is a tool error naming the path and the fix, never an exit: the server stays up.
 */
export function openMcpVault(dir: string, scope: McpScope, io: NodeIo, knowledgeFolder?: string): { view(): Promise<McpVaultView> } {
  let cached: { at: number; view: McpVaultView } | null = null;
  let loading: Promise<McpVaultView> | null = null;
  // The router's index of the last load: the next load reads again only the notes changed since (the first, kc's cache).
  let indexed: CachedIndex | null = null;
  const load = async (): Promise<McpVaultView> => {
    let vault: LoadedVault;
    try {
      vault = await loadVault(dir, knowledgeFolder !== undefined ? { knowledgeFolder } : {});
    } catch (e) {
      if (e instanceof VaultPathError)
        throw new McpToolError(
          `${e.message}. The server was started as \`kc mcp ${dir}\`: fix the vault path in the MCP server's entry (.mcp.json, or ~/.claude.json) and restart the server.`,
        );
      throw e;
    }
    const missing = scope === "knowledge" ? missingFolderProblem(vault, "knowledge", "or start the server with --scope vault to read every note") : null;
    if (missing) throw new McpToolError(missing);
    const warm = await warmRouterIndex(vault, scope, io.env, indexed);
    indexed = warm.state;
    const { index } = warm;
    return { vault, index, indexTokens: indexFileTokens(vault), host: nodeHost(vault, index, {}, io), scope };
  };
  return {
    view: async () => {
      if (cached && Date.now() - cached.at < FRESH_MS) return cached.view;
      loading ??= load().finally(() => (loading = null));
      const view = await loading;
      cached = { at: Date.now(), view };
      return view;
    },
  };
}

/** The view's host with the tool call's token budget for loaded articles. */
export function hostWithBudget(view: McpVaultView, budget: number | undefined): KcHost {
  const base = view.host;
  if (budget === undefined) return base;
  return { ...base, settings: () => ({ ...base.settings(), ask: { ...base.settings().ask, budget } }) };
}
