import { describe, expect, it } from "vitest";
import { IDBFactory } from "fake-indexeddb";
import { indexedDbRouterSnapshot, routerSnapshotStore, ROUTER_SNAPSHOT_FILE } from "../../src/obsidian/router-snapshot-store";
import { CONFIG_DIR } from "../fakes/config-dir";

/** A vault adapter over a map of files, as the store uses it (exists, read, write, rename, remove). */
function appWith(files: Map<string, string>, name = "Work", basePath?: string) {
  const adapter: Record<string, unknown> = {
    exists: (p: string) => Promise.resolve(files.has(p)),
    read: (p: string) => Promise.resolve(files.get(p)!),
    write: (p: string, t: string) => Promise.resolve(void files.set(p, t)),
    rename: (a: string, b: string) => Promise.resolve(void (files.set(b, files.get(a)!), files.delete(a))),
    remove: (p: string) => Promise.resolve(void files.delete(p)),
  };
  if (basePath !== undefined) adapter.getBasePath = () => basePath;
  return { vault: { adapter, getName: () => name } } as never;
}

const DIR = `${CONFIG_DIR}/plugins/ckp-knowledge-compiler`;
const OLD = `${DIR}/${ROUTER_SNAPSHOT_FILE}`;

describe("where the router keeps its index between starts", () => {
  it("keeps it in IndexedDB, one record per vault, read back by the next start", async () => {
    const idb = new IDBFactory();
    const a = indexedDbRouterSnapshot(idb, "vault a");
    expect(await a.read()).toBeNull();
    await a.write("snapshot of a");
    await indexedDbRouterSnapshot(idb, "vault b").write("snapshot of b");
    // A new start opens the database again.
    expect(await indexedDbRouterSnapshot(idb, "vault a").read()).toBe("snapshot of a");
    expect(await indexedDbRouterSnapshot(idb, "vault b").read()).toBe("snapshot of b");
    await a.write("newer");
    expect(await indexedDbRouterSnapshot(idb, "vault a").read()).toBe("newer");
  });

  it("keeps a long snapshot in parts, drops the parts a shorter one no longer needs, and reads none when a part is lost", async () => {
    const idb = new IDBFactory();
    const long = "línea 1\n€uro 😀 line two\n".repeat(5);
    await indexedDbRouterSnapshot(idb, "v", 7).write(long);
    expect(await indexedDbRouterSnapshot(idb, "v", 7).read()).toBe(long);
    await indexedDbRouterSnapshot(idb, "v", 7).write("short one");
    expect(await indexedDbRouterSnapshot(idb, "v", 7).read()).toBe("short one");
    const keys = await new Promise<IDBValidKey[]>((resolve) => {
      const open = idb.open("knowledge-compiler", 1);
      open.onsuccess = () => {
        const all = open.result.transaction("router-index").objectStore("router-index").getAllKeys();
        all.onsuccess = () => resolve(all.result);
      };
    });
    expect(keys.map(String).sort()).toEqual(["v", "v\u00000", "v\u00001"]);
    await new Promise<void>((resolve) => {
      const open = idb.open("knowledge-compiler", 1);
      open.onsuccess = () => {
        const tx = open.result.transaction("router-index", "readwrite");
        tx.objectStore("router-index").delete("v\u00001");
        tx.oncomplete = () => resolve();
      };
    });
    expect(await indexedDbRouterSnapshot(idb, "v", 7).read()).toBeNull();
    await indexedDbRouterSnapshot(idb, "v", 7).write("");
    expect(await indexedDbRouterSnapshot(idb, "v", 7).read()).toBe("");
  });

  it("writes nothing into the vault's folders, and removes the file an earlier build left in the plugin folder", async () => {
    const files = new Map([
      [OLD, "old snapshot"],
      [`${DIR}/data.json`, "{}"],
    ]);
    const store = routerSnapshotStore(appWith(files), DIR, new IDBFactory());
    expect(await store.read()).toBeNull();
    await store.write("kept on this device");
    expect([...files.keys()]).toEqual([`${DIR}/data.json`]);
    expect(await store.read()).toBe("kept on this device");
  });

  it("keeps two vaults of one name in different folders apart", async () => {
    const idb = new IDBFactory();
    await routerSnapshotStore(appWith(new Map(), "Notes", "/home/a/Notes"), DIR, idb).write("a");
    await routerSnapshotStore(appWith(new Map(), "Notes", "/home/b/Notes"), DIR, idb).write("b");
    expect(await routerSnapshotStore(appWith(new Map(), "Notes", "/home/a/Notes"), DIR, idb).read()).toBe("a");
  });

  it("falls back to a file in the plugin folder where there is no IndexedDB", async () => {
    const files = new Map<string, string>();
    const store = routerSnapshotStore(appWith(files), DIR, undefined);
    await store.write("in the folder");
    expect(files.get(OLD)).toBe("in the folder");
    expect(await store.read()).toBe("in the folder");
  });

  it("fails a read (so the index is built as before) when the database cannot be opened, and tries again next time", async () => {
    const idb = new IDBFactory();
    let fail = true;
    const flaky = {
      open: (name: string, version?: number) => {
        if (fail) throw new Error("storage disabled");
        return idb.open(name, version);
      },
    } as unknown as Parameters<typeof indexedDbRouterSnapshot>[0];
    const store = indexedDbRouterSnapshot(flaky, "v");
    await expect(store.read()).rejects.toThrow("storage disabled");
    fail = false;
    await store.write("later");
    expect(await store.read()).toBe("later");
  });
});
