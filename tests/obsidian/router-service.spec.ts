import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { TFile } from "../fakes/obsidian-stub";
import { until } from "../fakes/until";
import { SliceScheduler } from "../../src/core/util/slice-scheduler";
import { RouterService } from "../../src/obsidian/router-service";
import type { RouterSnapshotStore } from "../../src/obsidian/router-snapshot-store";

const ROOT = join(import.meta.dirname, "..", "..", "examples");
const DEMO = join(ROOT, "demo-vault");

function demoVault(): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name.endsWith(".md")) out.set(relative(DEMO, p), readFileSync(p, "utf8"));
    }
  };
  walk(DEMO);
  return out;
}

const QUESTIONS = (JSON.parse(readFileSync(join(ROOT, "demo-questions.json"), "utf8")) as { question: string }[]).map((q) => q.question);

/** A vault whose files carry a modification time and size, counting the notes read. */
function vaultApp(texts: Map<string, string>) {
  const files = new Map<string, TFile>();
  let clock = 1_000;
  const put = (path: string, text: string) => {
    texts.set(path, text);
    const f = files.get(path) ?? new TFile(path);
    f.stat = { mtime: clock++, ctime: 0, size: new TextEncoder().encode(text).length };
    files.set(path, f);
    return f;
  };
  for (const [p, t] of texts) put(p, t);
  const reads: string[] = [];
  const app = {
    vault: {
      getMarkdownFiles: () => [...files.values()],
      getFileByPath: (p: string) => files.get(p) ?? null,
      getAbstractFileByPath: (p: string) => files.get(p) ?? null,
      cachedRead: (f: TFile) => {
        reads.push(f.path);
        return Promise.resolve(texts.get(f.path) ?? "");
      },
    },
    metadataCache: { getFirstLinkpathDest: () => null },
  };
  return {
    app,
    reads,
    put,
    /** Changes a note's text on disk without Obsidian telling the plugin (it was closed). */
    edit: (path: string, text: string) => put(path, text),
    remove: (path: string) => {
      texts.delete(path);
      files.delete(path);
    },
  };
}

function memoryStore(): RouterSnapshotStore & { text: string | null; writes: number } {
  const store = {
    text: null as string | null,
    writes: 0,
    read: () => Promise.resolve(store.text),
    write: (t: string) => {
      store.text = t;
      store.writes++;
      return Promise.resolve();
    },
  };
  return store;
}

/** A clock that advances with every look, so the work is cut into many slices. */
const stepped = () => {
  let t = 0;
  return new SliceScheduler({ now: () => t++, yieldToMain: () => Promise.resolve() }, 8);
};

function router(vault: ReturnType<typeof vaultApp>, store: RouterSnapshotStore, build = "1.0.0") {
  return new RouterService(
    vault.app as never,
    () => "knowledge",
    stepped(),
    () => undefined,
    () => "knowledge",
    { store, build, saveAfterMs: 0 },
  );
}

const answers = (r: RouterService) => QUESTIONS.map((q) => r.route(q, 6000).loaded.map((l) => l.path));

/** A first start: no snapshot, the index is built (as the first lint would) and then saved. */
async function coldStart(texts: Map<string, string>) {
  const vault = vaultApp(texts);
  const store = memoryStore();
  const cold = router(vault, store);
  expect(await cold.warmStart()).toBe(false);
  expect(cold.ready).toBe(false);
  await cold.build();
  await until(() => store.text !== null);
  return { vault, store, cold };
}

describe("RouterService keeps its index between starts", () => {
  it("routes every question on a warm start as the fresh build did, without reading an article", async () => {
    const { vault, store, cold } = await coldStart(demoVault());
    expect(cold.articleIndex().size).toBeGreaterThan(30);
    vault.reads.length = 0;
    const warm = router(vault, store);
    expect(await warm.warmStart()).toBe(true);
    expect(warm.ready).toBe(true);
    expect(answers(warm)).toEqual(answers(cold));
    expect(vault.reads.filter((p) => !p.endsWith("index.md"))).toEqual([]);
  });

  it("compares a large vault with the snapshot a thousand notes a slice, never all in one task", async () => {
    const texts = demoVault();
    for (let i = 0; i < 4_000; i++) texts.set(`knowledge/concepts/gen-${i}.md`, `# Gen ${i}\n\nA note about item ${i}.\n`);
    const { vault, store } = await coldStart(texts);
    // Each look at a file's stamp is counted, and is the clock (a look takes time); a slice boundary (a yield to the
    // host) notes the most looks in one task.
    let looks = 0;
    let total = 0;
    let most = 0;
    for (const f of vault.app.vault.getMarkdownFiles()) {
      const stat = f.stat;
      Object.defineProperty(f, "stat", { get: () => (looks++, total++, stat), configurable: true });
    }
    const clock = { now: () => total, yieldToMain: () => ((most = Math.max(most, looks)), (looks = 0), Promise.resolve()) };
    const warm = new RouterService(
      vault.app as never,
      () => "knowledge",
      new SliceScheduler(clock, 500),
      () => undefined,
      () => "knowledge",
      {
        store,
        build: "1.0.0",
        saveAfterMs: 0,
      },
    );
    expect(await warm.warmStart()).toBe(true);
    most = Math.max(most, looks);
    expect(most).toBeGreaterThan(0);
    // A slice ends at the first step boundary after 500 looks: a step of a thousand notes (two looks each) at most.
    expect(most).toBeLessThanOrEqual(2_600);
  });

  it("reads again a note whose file changed, drops a deleted one and adds a new one", async () => {
    const { vault, store, cold } = await coldStart(demoVault());
    const paths = [...cold.articleIndex().all()].map((d) => d.path).sort();
    const [changed, deleted] = [paths[0]!, paths[1]!];
    expect(cold.route("quokka", 6000).loaded).toEqual([]);
    vault.edit(changed, "---\ntitle: Quokka care\n---\n# Quokka care\n\nThe quokka eats leaves at night.\n");
    vault.remove(deleted);
    vault.put("knowledge/concepts/wombat-burrows.md", "# Wombat burrows\n\nA wombat digs burrows with square exits.\n");
    vault.reads.length = 0;
    const warm = router(vault, store);
    expect(await warm.warmStart()).toBe(true);
    expect(warm.route("quokka leaves", 6000).loaded.map((l) => l.path)).toEqual([changed]);
    expect(warm.route("wombat burrows", 6000).loaded.map((l) => l.path)).toEqual(["knowledge/concepts/wombat-burrows.md"]);
    expect(warm.article(deleted)).toBeUndefined();
    expect([...warm.articleIndex().all()].some((d) => d.path === deleted)).toBe(false);
    expect(vault.reads.filter((p) => !p.endsWith("index.md")).sort()).toEqual([changed, "knowledge/concepts/wombat-burrows.md"].sort());
    // The same as a fresh build of the vault as it is now.
    const fresh = router(vault, memoryStore());
    await fresh.build();
    expect(answers(warm)).toEqual(answers(fresh));
    // And the snapshot is saved again, so the next start reads nothing.
    const writes = store.writes;
    await until(() => store.writes > writes);
    vault.reads.length = 0;
    const third = router(vault, store);
    expect(await third.warmStart()).toBe(true);
    expect(vault.reads.filter((p) => !p.endsWith("index.md"))).toEqual([]);
  });

  it("builds the index again from a corrupt snapshot, one of another plugin build, or none", async () => {
    const { vault, store } = await coldStart(demoVault());
    const good = store.text!;
    for (const text of [good.slice(0, good.length - 40), good.replace(/"docs":\[\[/, '"docs":[{'), "not a snapshot\n", null]) {
      store.text = text;
      const r = router(vault, store);
      expect(await r.warmStart()).toBe(false);
      expect(r.ready).toBe(false);
      expect(r.indexing()).toBeNull();
      await r.build();
      expect(r.ready).toBe(true);
    }
    store.text = good;
    expect(await router(vault, store, "1.0.1").warmStart()).toBe(false);
    expect(await router(vault, store, "1.0.0").warmStart()).toBe(true);
  });

  it("saves the index after an edit once the build is complete", async () => {
    const { vault, store, cold } = await coldStart(demoVault());
    const writes = store.writes;
    const f = vault.put("knowledge/concepts/otter-dams.md", "# Otter dams\n\nAn otter never builds a dam.\n");
    cold.onChanged(f as never, "# Otter dams\n\nAn otter never builds a dam.\n");
    await until(() => store.writes > writes);
    const warm = router(vault, store);
    vault.reads.length = 0;
    expect(await warm.warmStart()).toBe(true);
    expect(warm.route("otter dam", 6000).loaded.map((l) => l.path)).toEqual(["knowledge/concepts/otter-dams.md"]);
    expect(vault.reads.filter((p) => !p.endsWith("index.md"))).toEqual([]);
  });
});
