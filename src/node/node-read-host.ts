import type { ArticleIndex } from "../core/route/article-index";
import type { KcHost, OperationSettings } from "../core/ports/host";
import type { LoadedVault } from "./load-vault";

/** Operation settings of the command line: the vault's merged settings, with each command's flags over them. */
export function nodeSettings(vault: LoadedVault, flags: Partial<Omit<OperationSettings, "knowledge">> = {}): OperationSettings {
  return {
    knowledge: vault.settings,
    ask: { budget: 6000, selectWithModel: false, ...flags.ask },
    compile: { confirmAboveUsd: 0.25, ...flags.compile },
    contradictions: { maxPairs: 20, maxTokens: 60_000, ...flags.contradictions },
    drift: { olderThanDays: 90, maxArticles: 10, maxTokens: 40_000, ...flags.drift },
  };
}

/**
 * The reading part of the CLI's host bundle (the notes on disk, the router's index, the CLI's link resolution, the
 * merged settings): what a read-only workflow such as prime takes, without the model, spend and lock adapters whose
 * code `kc prime --hook` would otherwise load at every Claude Code session start.
 */
export function nodeReadHost(vault: LoadedVault, index: ArticleIndex): Pick<KcHost, "store" | "index" | "resolve" | "settings"> {
  const settings = nodeSettings(vault);
  return { store: vault.store, index: () => index, resolve: (l, from) => vault.index.resolve(l, from), settings: () => settings };
}
