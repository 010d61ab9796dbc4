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
export function routerSnapshotStore(
  app: App,
  pluginDir: string,
  factory: IDBFactory | undefined = typeof window === "undefined" ? undefined : window.indexedDB,
): RouterSnapshotStore {
  if (!factory) return adapterRouterSnapshot(app, pluginDir);
  const adapter = app.vault.adapter;
  // One vault's key: its name, and on desktop its folder (two vaults of one name on one device stay apart).
  const base = (adapter as { getBasePath?: () => string }).getBasePath;
  const key = `${app.vault.getName()}\0${typeof base === "function" ? base.call(adapter) : ""}`;
  const store = indexedDbRouterSnapshot(factory, key);
  const old = normalizePath(`${pluginDir}/${ROUTER_SNAPSHOT_FILE}`);
  let oldChecked = false;
  return {
    read: () => store.read(),
    write: async (text) => {
      await store.write(text);
      // Once a session, not at every save.
      if (oldChecked) return;
      oldChecked = true;
      if (await adapter.exists(old)) await adapter.remove(old);
    },
  };
}

/** Characters per record: the app decodes each record read in a task of its own, ~1 MB keeps each short. */
const CHUNK = 1 << 20;

/**
 * The snapshot as records of an IndexedDB table under the vault's key: a head record (how many parts) and the text in
 * parts of ~1 MB, so that reading 11 MB back is a dozen short tasks rather than one long one. One transaction writes
 * them all (a reader never sees half of a snapshot) and drops the parts of a longer earlier one.
 */
export function indexedDbRouterSnapshot(factory: IDBFactory, key: string, chunk = CHUNK): RouterSnapshotStore {
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
  const transaction = async <T>(mode: IDBTransactionMode, act: (table: IDBObjectStore, done: (value: T) => void) => void): Promise<T> => {
    const db = await database();
    return new Promise<T>((resolve, reject) => {
      const tx = db.transaction(TABLE, mode);
      let result: T;
      act(tx.objectStore(TABLE), (value) => (result = value));
      tx.oncomplete = () => resolve(result);
      tx.onerror = () => reject(tx.error ?? new Error("IndexedDB transaction failed"));
      tx.onabort = () => reject(tx.error ?? new Error("IndexedDB transaction aborted"));
    });
  };
  const part = (n: number) => `${key}\0${n}`;
  return {
    read: () =>
      transaction<string | null>("readonly", (table, done) => {
        done(null);
        const head = table.get(key);
        head.onsuccess = () => {
          const parts = (head.result as { parts?: unknown } | undefined)?.parts;
          if (typeof parts !== "number" || !Number.isInteger(parts) || parts < 0) return;
          const texts: string[] = [];
          let missing = false;
          for (let n = 0; n < parts; n++) {
            const got = table.get(part(n));
            got.onsuccess = () => {
              if (typeof got.result === "string") texts[n] = got.result;
              else missing = true;
              if (n === parts - 1) done(missing ? null : texts.join(""));
            };
          }
          if (parts === 0) done("");
        };
      }),
    write: (text) =>
      transaction<undefined>("readwrite", (table) => {
        const parts = Math.ceil(text.length / chunk);
        const head = table.get(key);
        head.onsuccess = () => {
          const before = (head.result as { parts?: unknown } | undefined)?.parts;
          for (let n = parts; typeof before === "number" && n < before; n++) table.delete(part(n));
          // Each part is put when the one before it is stored: a put copies its text at once, so the copies of
          // 11 MB are spread over a dozen tasks too.
          const put = (n: number): void => {
            if (n === parts) return void table.put({ parts }, key);
            table.put(text.slice(n * chunk, (n + 1) * chunk), part(n)).onsuccess = () => put(n + 1);
          };
          put(0);
        };
      }),
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
