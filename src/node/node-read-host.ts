import type { ArticleIndex } from "../core/route/article-index";
import type { KcHost, OperationSettings } from "../core/ports/host";
import { operationSettings, type SettingFlags } from "../core/settings/operation-settings";
import type { LoadedVault } from "./load-vault";

/** Operation settings of the command line: the person's saved settings (data.json) as the plugin reads them, each command's flags over them. */
export function nodeSettings(vault: LoadedVault, flags: SettingFlags = {}): OperationSettings {
  return operationSettings(vault.data, vault.settings, flags);
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
