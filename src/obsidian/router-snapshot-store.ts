import { normalizePath, type App } from "obsidian";

/** Where the router keeps its index between starts (one text; its reader checks it is whole and its own). */
export interface RouterSnapshotStore {
  /** The snapshot's text, or null when there is none. */
  read(): Promise<string | null>;
  write(text: string): Promise<void>;
}

/** The snapshot's file in the plugin's folder (where earlier builds kept it; now only where there is no IndexedDB). */
export const ROUTER_SNAPSHOT_FILE = "router-index.jsonl";

const DATABASE = "knowledge-compiler";
const TABLE = "router-index";

/**
 * The router's snapshot for this device: in IndexedDB when the app has it (desktop and mobile do), which no vault
 * sync or git repository copies; an 11 MB file rewritten after every burst of edits would be copied by each of them.
 * Without IndexedDB it is a file in the plugin's folder. The file an earlier version left there is removed after the
 * first save to IndexedDB.
 */
export function routerSnapshotStore(app: App, pluginDir: string, factory: IDBFactory | undefined = typeof window === "undefined" ? undefined : window.indexedDB): RouterSnapshotStore {
  const file = adapterRouterSnapshot(app, pluginDir);
  if (!factory) return file;
  const adapter = app.vault.adapter;
  // One vault's key: its name, and on desktop its folder (two vaults of one name on one device stay apart).
  const base = (adapter as { getBasePath?: () => string }).getBasePath;
  const key = `${app.vault.getName()}\0${typeof base === "function" ? base.call(adapter) : ""}`;
  const store = indexedDbRouterSnapshot(factory, key);
  const old = normalizePath(`${pluginDir}/${ROUTER_SNAPSHOT_FILE}`);
  return {
    read: () => store.read(),
    write: async (text) => {
      await store.write(text);
      if (await adapter.exists(old)) await adapter.remove(old);
    },
  };
}

/** The snapshot as one record of an IndexedDB table, under the vault's key; a put is atomic (no half-written text). */
export function indexedDbRouterSnapshot(factory: IDBFactory, key: string): RouterSnapshotStore {
  let opened: Promise<IDBDatabase> | null = null;
  const database = (): Promise<IDBDatabase> =>
    (opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(DATABASE, 1);
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(TABLE)) request.result.createObjectStore(TABLE);
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error("IndexedDB could not be opened"));
      request.onblocked = () => reject(new Error("IndexedDB is blocked by another window"));
    }).catch((e: unknown) => {
      // The next call tries again (another window may have closed its connection meanwhile).
      opened = null;
      throw e;
    }));
  const run = async <T>(mode: IDBTransactionMode, act: (table: IDBObjectStore) => IDBRequest): Promise<T> => {
    const db = await database();
    return new Promise<T>((resolve, reject) => {
      const tx = db.transaction(TABLE, mode);
      const request = act(tx.objectStore(TABLE));
      tx.oncomplete = () => resolve(request.result as T);
      tx.onerror = () => reject(tx.error ?? request.error ?? new Error("IndexedDB transaction failed"));
      tx.onabort = () => reject(tx.error ?? new Error("IndexedDB transaction aborted"));
    });
  };
  return {
    read: async () => {
      const value = await run<unknown>("readonly", (t) => t.get(key));
      return typeof value === "string" ? value : null;
    },
    write: async (text) => {
      await run("readwrite", (t) => t.put(text, key));
    },
  };
}

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
