import { normalizePath, type App } from "obsidian";
import { CONTRADICTION_STATE_FILE, parseContradictionState, type ContradictionState } from "../core/contradictions/contradiction-state";

/** The contradiction state in the plugin's folder (the file `kc contradictions` uses too), through the vault adapter. */
export function adapterContradictionStore(app: App, pluginDir: string): { load(): Promise<ContradictionState>; save(state: ContradictionState): Promise<void> } {
  const path = normalizePath(`${pluginDir}/${CONTRADICTION_STATE_FILE}`);
  const adapter = app.vault.adapter;
  return {
    load: async () => parseContradictionState((await adapter.exists(path)) ? await adapter.read(path) : null),
    save: (state) => adapter.write(path, JSON.stringify(state)),
  };
}
