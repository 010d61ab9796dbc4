import { appendFile, mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import process from "node:process";
import type { PluginFileStore } from "../core/ports/host";
import { CONFIG_DIR } from "./config-dir";
import { PLUGIN_ID } from "./load-vault";

// A module of its own, apart from node-host: `kc lint` reads the plugin's state files but needs none of the model,
// spend and lock code (nor the crypto and vm modules they load at start).

/** The plugin's folder in a vault on disk, where its state files live (shared with the plugin). */
export function pluginFolder(vaultRoot: string): string {
  return join(vaultRoot, CONFIG_DIR, "plugins", PLUGIN_ID);
}

/** The plugin's files on disk: read whole, replaced atomically (a temporary file renamed over it). */
export function fsPluginFiles(vaultRoot: string): PluginFileStore {
  const dir = pluginFolder(vaultRoot);
  return {
    read: (name) => readFile(join(dir, name), "utf8").catch((e: Error & { code?: string }) => (e.code === "ENOENT" ? null : Promise.reject(e))),
    write: async (name, text) => {
      const path = join(dir, name);
      await mkdir(dirname(path), { recursive: true });
      const tmp = `${path}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(tmp, text, "utf8");
      await rename(tmp, path);
    },
    // One appendFile of a short line is one write with O_APPEND: the plugin's and kc's lines never interleave.
    append: async (name, text) => {
      const path = join(dir, name);
      await mkdir(dirname(path), { recursive: true });
      await appendFile(path, text, "utf8");
    },
  };
}
