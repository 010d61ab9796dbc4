import type { LintRunHost } from "../core/workflows/lint-run-workflow";
import type { LoadedVault } from "./load-vault";
import { fsPluginFiles } from "./plugin-file-store";

/** A loaded vault as core's lint run reads it (the CLI's and the MCP server's): its index, its texts, the plugin's files. */
export function nodeLintHost(vault: LoadedVault): LintRunHost {
  return { view: vault.index, textOf: (p) => vault.textOf(p), pluginFiles: fsPluginFiles(vault.root) };
}
