import { normalizePath, type App } from "obsidian";

/** Where the router keeps its index between starts (one file; its reader checks it is whole and its own). */
export interface RouterSnapshotStore {
  /** The snapshot's text, or null when there is none. */
  read(): Promise<string | null>;
  write(text: string): Promise<void>;
}

/** The snapshot's file in the plugin's folder. */
export const ROUTER_SNAPSHOT_FILE = "router-index.jsonl";

/**
 * The snapshot in the plugin's folder through the vault adapter (no Node built-ins: mobile too). A write goes to a
 * file of its own and is then moved into place, so a second window writing at the same time cannot interleave its
 * lines with these; the last writer wins, and a reader that finds the file missing for a moment just builds the index.
 */
export function adapterRouterSnapshot(app: App, pluginDir: string): RouterSnapshotStore {
  const adapter = app.vault.adapter;
  const path = normalizePath(`${pluginDir}/${ROUTER_SNAPSHOT_FILE}`);
  return {
    read: async () => ((await adapter.exists(path)) ? adapter.read(path) : null),
    write: async (text) => {
      const temp = `${path}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}.tmp`;
      await adapter.write(temp, text);
      try {
        if (await adapter.exists(path)) await adapter.remove(path);
        await adapter.rename(temp, path);
      } finally {
        if (await adapter.exists(temp)) await adapter.remove(temp);
      }
    },
  };
}
