import { join } from "node:path";
import type { PluginFileStore } from "../core/ports/host";
import { CONFIG_DIR } from "./config-dir";
import { appendGuardedLines, readGuardedFile, writeGuardedFile } from "./guarded-file";
import { PLUGIN_ID } from "./load-vault";

// A module of its own, apart from node-host: `kc lint` reads the plugin's state files but needs none of the model,
// spend and lock code (nor the crypto and vm modules they load at start).

/** The plugin's folder in a vault on disk, where its state files live (shared with the plugin). */
export function pluginFolder(vaultRoot: string): string {
  return join(vaultRoot, CONFIG_DIR, "plugins", PLUGIN_ID);
}

/**
 * The plugin's files on disk, each through the guarded writer: only regular files in a folder inside the vault (no
 * link leading out, no FIFO or device), read whole, replaced whole (a private temporary file renamed over it), lines
 * appended after a cut last line is ended. A file refused is a GuardedFileError naming the cause.
 */
export function fsPluginFiles(vaultRoot: string): PluginFileStore {
  const dir = pluginFolder(vaultRoot);
  return {
    read: (name) => readGuardedFile(vaultRoot, join(dir, name)),
    write: (name, text) => writeGuardedFile(vaultRoot, join(dir, name), text),
    // One write with O_APPEND of whole lines: the plugin's and kc's lines never interleave.
    append: (name, text) => appendGuardedLines(vaultRoot, join(dir, name), text),
  };
}
