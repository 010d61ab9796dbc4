import type { App } from "obsidian";
import { contradictionStateStore, type ContradictionStateStore } from "../core/workflows/contradiction-state-store";
import { adapterPluginFiles } from "./plugin-host";

/** The contradiction state in the plugin's folder (the file `kc contradictions` uses too): core's store over the vault adapter. */
export function adapterContradictionStore(app: App, pluginDir: string): ContradictionStateStore {
  return contradictionStateStore(adapterPluginFiles(app, pluginDir));
}
