import { describe, expect, it } from "vitest";
import { countTextWork } from "../fakes/count-text-work";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { TFile } from "../fakes/obsidian-stub";
import { LinkResolver } from "../../src/core/links/link-resolver";
import { LintEngine } from "../../src/core/lint/lint-engine";
import { LINKS_PER_STEP } from "../../src/core/lint/link-graph";
import { parseNote } from "../../src/core/notes/parse-note";
import { SliceScheduler } from "../../src/core/util/slice-scheduler";
import { LintService } from "../../src/obsidian/lint-service";
import { ObsidianVaultView } from "../../src/obsidian/obsidian-vault-view";
import { mergePluginData } from "../../src/core/settings/plugin-data";
import { RouterService } from "../../src/obsidian/router-service";
import { cachedMetadata, resolvedLinksOf } from "../fakes/fake-metadata-cache";
import { CONFIG_DIR } from "../fakes/config-dir";

/** An App over note texts with the metadata cache Obsidian would hold, and edits that keep it current. */
function vaultApp(initial: Record<string, string>) {
  const texts = new Map(Object.entries(initial));
  const files = new Map<string, TFile>();
  const resolver = new LinkResolver();
  const caches = new Map<string, ReturnType<typeof cachedMetadata>>();
  const resolvedLinks: Record<string, Record<string, number>> = {};
  const unresolvedLinks: Record<string, Record<string, number>> = {};
  const reindex = () => {
    for (const [p, t] of texts) {
      const c = cachedMetadata(t);
      caches.set(p, c);
      const l = resolvedLinksOf(p, c.linkpaths, resolver);
      resolvedLinks[p] = l.resolved;
      unresolvedLinks[p] = l.unresolved;
    }
  };
  const add = (p: string, t: string) => {
    texts.set(p, t);
    if (!files.has(p)) files.set(p, new TFile(p));
    resolver.add(p);
  };
  for (const [p, t] of texts) add(p, t);
  reindex();
  const app = {
    vault: {
      configDir: CONFIG_DIR,
      getMarkdownFiles: () => [...files.values()].filter((f) => f.extension === "md"),
      getAbstractFileByPath: (p: string) => files.get(p) ?? null,
      getFileByPath: (p: string) => files.get(p) ?? null,
      cachedRead: (f: TFile) => Promise.resolve(texts.get(f.path) ?? ""),
      adapter: { exists: () => Promise.resolve(false), read: () => Promise.resolve("") },
    },
    metadataCache: {
      resolvedLinks,
      unresolvedLinks,
      getFileCache: (f: TFile) => caches.get(f.path) ?? null,
      getFirstLinkpathDest: (link: string, from: string) => {
        const hit = resolver.resolve(link, from);
        return hit === null ? null : files.get(hit)!;
      },
    },
  };
  return {
    app,
    texts,
    /** Writes a note (new or edited) and re-resolves every note, as Obsidian's cache does after a change. */
    write: (p: string, t: string) => {
      add(p, t);
      reindex();
      return files.get(p)!;
    },
    /** Moves a note, as Obsidian's rename does (its text unchanged), and re-resolves every note. */
    rename: (from: string, to: string) => {
      const t = texts.get(from)!;
      texts.delete(from);
      files.delete(from);
      resolver.remove(from);
      caches.delete(from);
      delete resolvedLinks[from];
      delete unresolvedLinks[from];
      add(to, t);
      reindex();
      return files.get(to)!;
    },
  };
}

/** A clock whose time moves one unit per reading and whose yields wait until the test releases them. */
function steppedClock() {
  let now = 0;
  const waiting: (() => void)[] = [];
  return {
    clock: { now: () => now++, yieldToMain: () => new Promise<void>((r) => waiting.push(r)) },
    waiting: () => waiting.length,
    release: () => waiting.shift()?.(),
  };
}

const settle = () => new Promise((r) => window.setTimeout(r, 0));

/** Releases yields until `done()` holds. */
async function runUntil(c: ReturnType<typeof steppedClock>, done: () => boolean): Promise<number> {
  let slices = 0;
  for (await settle(); !done(); await settle()) {
    c.release();
    slices++;
  }
  return slices;
}

function demoVault(): Record<string, string> {
  const root = join(import.meta.dirname, "..", "..", "examples", "demo-vault");
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith(".md")) out[relative(root, full)] = readFileSync(full, "utf8");
    }
  };
  walk(root);
  return out;
}

/** The findings of one synchronous engine run that resolves every link itself, over the same cache. */
function referenceFindings(app: ReturnType<typeof vaultApp>["app"], texts: Map<string, string>, service: LintService) {
  const view = new ObsidianVaultView(app as never);
  for (const [p, t] of texts) {
    const n = parseNote(t);
    view.setFacts(p, { wordCount: n.wordCount, propertyLines: n.propertyLines ?? {}, frontmatterError: n.frontmatterError });
  }
  const data = mergePluginData(null);
  return new LintEngine(view, { settings: service.settings, compileState: data.compileState, logHash: () => undefined, today: "2026-11-22" }).run();
}

describe("LintService's first lint in slices", () => {
  it("finds exactly what one synchronous run finds, in many slices, with no findings shown until it is complete", async () => {
    const vault = vaultApp(demoVault());
    const c = steppedClock();
    const service = new LintService(vault.app as never, () => mergePluginData(null), null, new SliceScheduler(c.clock, 8));
    let progressEvents = 0;
    service.on("progress", () => progressEvents++);
    const run = service.lintAll();
    await settle();
    expect(service.ready).toBe(false);
    expect(service.findings()).toEqual([]);
    const slices = await runUntil(c, () => service.ready);
    await run;
    expect(slices).toBeGreaterThan(20);
    expect(progressEvents).toBe(slices);
    const strip = (fs: readonly { check: string; path: string; line: number; message: string }[]) =>
      fs.map((f) => `${f.check} ${f.path}:${f.line} ${f.message}`);
    expect(strip(service.findings())).toEqual(strip(referenceFindings(vault.app, vault.texts, service)));
    expect(service.findings().length).toBeGreaterThan(10);
  });

  it("hands every article it reads to the router, which routes on the partial index and says how far it is", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 40; i++)
      files[`knowledge/concepts/topic-${i}.md`] =
        `---\ntldr: "Topic ${i} explains the zebrafish${i} method."\nanswers_when: [zebrafish${i}]\n---\n# Topic ${i}\n\nThe zebrafish${i} method.\n`;
    files["notes/loose.md"] = "# Loose\n";
    const vault = vaultApp(files);
    const c = steppedClock();
    const router = new RouterService(vault.app as never, () => "knowledge");
    const service = new LintService(vault.app as never, () => mergePluginData(null), router, new SliceScheduler(c.clock, 8));
    const run = service.lintAll();
    await runUntil(c, () => (router.indexing()?.done ?? 0) > 0);
    const partial = router.indexing()!;
    expect(partial.total).toBe(40);
    expect(partial.done).toBeLessThan(40);
    expect(router.ready).toBe(false);
    expect(router.route("how does the zebrafish0 method work?", 6000).loaded.map((l) => l.path)).toContain("knowledge/concepts/topic-0.md");
    await runUntil(c, () => service.ready);
    await run;
    expect(router.ready).toBe(true);
    expect(router.indexing()).toBeNull();
    expect(router.articleIndex().size).toBe(40);
  });

  it("with Ask's scope on the whole vault, hands the router every note, while the lint's findings stay its own scope's", async () => {
    const files = {
      ...demoVault(),
      "Garden/Irrigation.md": "# Irrigation\n\nDrain the drip lines before the first frost.\n",
      "Inbox.md": "Flatbread recipe to try.\n",
    };
    const findingsWith = async (scope: "knowledge" | "vault") => {
      const vault = vaultApp(files);
      const c = steppedClock();
      const router = new RouterService(
        vault.app as never,
        () => "knowledge",
        undefined,
        () => undefined,
        () => scope,
      );
      const service = new LintService(vault.app as never, () => mergePluginData(null), router, new SliceScheduler(c.clock, 8));
      const run = service.lintAll();
      await runUntil(c, () => service.ready);
      await run;
      return { router, findings: service.findings().map((f) => `${f.check} ${f.path}:${f.line}`) };
    };
    const knowledge = await findingsWith("knowledge");
    const vault = await findingsWith("vault");
    expect(vault.findings).toEqual(knowledge.findings);
    expect(knowledge.router.articleIndex().get("Garden/Irrigation.md")).toBeUndefined();
    expect(vault.router.articleIndex().get("Garden/Irrigation.md")).toBeDefined();
    expect(vault.router.articleIndex().get("knowledge/index.md")).toBeUndefined();
    expect(vault.router.route("when do I drain the drip lines?", 6000).loaded[0]?.path).toBe("Garden/Irrigation.md");
    expect(vault.router.knowledgeFolderEmpty()).toBe(false);
  });

  it("says the knowledge folder is empty, so Ask offers the whole vault, only once it is indexed and holds no article", async () => {
    const vault = vaultApp({ "Notes/a.md": "# A\n\nSome text.\n" });
    const router = new RouterService(vault.app as never, () => "knowledge");
    expect(router.knowledgeFolderEmpty()).toBe(false);
    await router.build();
    expect(router.knowledgeFolderEmpty()).toBe(true);
    const whole = new RouterService(
      vault.app as never,
      () => "knowledge",
      undefined,
      () => undefined,
      () => "vault",
    );
    await whole.build();
    expect(whole.knowledgeFolderEmpty()).toBe(false);
    expect(whole.articleIndex().size).toBe(1);
  });

  it("applies an edit made while the first lint runs once it ends, as a full run of the edited vault would", async () => {
    const vault = vaultApp(demoVault());
    const c = steppedClock();
    const service = new LintService(vault.app as never, () => mergePluginData(null), null, new SliceScheduler(c.clock, 8));
    const run = service.lintAll();
    // Late in the engine's run, after the first notes were checked, one of them changes.
    await runUntil(c, () => service.progress > 0.95);
    const path = [...vault.texts.keys()].filter((p) => p.startsWith("knowledge/concepts/")).sort()[0]!;
    const text = `${vault.texts.get(path)!}\n[[nowhere-at-all]]\n`;
    service.onChanged(vault.write(path, text) as never, text);
    // The batch timer fires while the run is still paused: the update must wait for the run, not be lost.
    await new Promise((r) => window.setTimeout(r, 350));
    await runUntil(c, () => service.ready);
    await run;
    // The waiting update runs after the full run, in slices of its own.
    await runUntil(c, () => service.findingsFor(path).some((f) => f.message.includes("nowhere-at-all")));
    const strip = (fs: readonly { check: string; path: string; line: number }[]) => fs.map((f) => `${f.check} ${f.path}:${f.line}`);
    expect(strip(service.findings())).toEqual(strip(referenceFindings(vault.app, vault.texts, service)));
  });
});

describe("LintService's updates after an edit", () => {
  it("keeps what it read of a renamed note's text: a renamed article is not reported sparse", async () => {
    const vault = vaultApp(demoVault());
    const service = new LintService(vault.app as never, () => mergePluginData(null));
    await service.lintAll();
    const sparse = (p: string) => service.findingsFor(p).filter((f) => f.check === "sparse-article").length;
    const from = [...vault.texts.keys()].filter((p) => p.startsWith("knowledge/concepts/") && sparse(p) === 0).sort()[0]!;
    const to = from.replace(/\.md$/, "-renamed.md");
    service.onRenamed(vault.rename(from, to) as never, from);
    await new Promise((r) => window.setTimeout(r, 400));
    expect(sparse(to)).toBe(0);
  });

  it("applies later edits after an update that failed (a throwing step never leaves the service stuck)", async () => {
    const vault = vaultApp(demoVault());
    const service = new LintService(vault.app as never, () => mergePluginData(null));
    await service.lintAll();
    const engine = (service as unknown as { engine: { updateSteps: (...a: unknown[]) => Generator<void, unknown, void> } }).engine;
    const real = engine.updateSteps.bind(engine);
    let fail = true;
    engine.updateSteps = function* (...a: unknown[]) {
      if (fail) {
        fail = false;
        throw new Error("a check failed");
      }
      return yield* real(...a);
    };
    const error = console.error;
    console.error = () => undefined;
    try {
      const path = [...vault.texts.keys()].filter((p) => p.startsWith("knowledge/concepts/")).sort()[0]!;
      const edit = (extra: string) => {
        const text = `${vault.texts.get(path)!}\n${extra}\n`;
        service.onChanged(vault.write(path, text) as never, text);
      };
      edit("[[first-missing-link]]");
      await new Promise((r) => window.setTimeout(r, 350));
      edit("[[second-missing-link]]");
      await new Promise((r) => window.setTimeout(r, 350));
      await new Promise((r) => window.setTimeout(r, 50));
      expect(
        service
          .findingsFor(path)
          .map((f) => f.message)
          .join("\n"),
      ).toContain("second-missing-link");
    } finally {
      console.error = error;
    }
  });

  it("does not read an edited note's text in Obsidian's changed handler: the batch parses it later, in its slices", async () => {
    const vault = vaultApp(demoVault());
    const c = steppedClock();
    const service = new LintService(vault.app as never, () => mergePluginData(null), null, new SliceScheduler(c.clock, 8));
    const run = service.lintAll();
    await runUntil(c, () => service.ready);
    await run;
    const text = `# Index\n${Array.from({ length: 5000 }, (_, i) => `| [[note-${i}]] | a row of the index |`).join("\n")}\n`;
    const file = vault.write("knowledge/index.md", text);
    const { work } = countTextWork(() => service.onChanged(file as never, text));
    expect(work).toBeLessThan(text.length / 100);
  });

  it("applies an edit of a note that links hundreds of others in slices, never in one long task, ending as a full run", async () => {
    const files: Record<string, string> = {};
    // Links for 24 steps (a step resolves LINKS_PER_STEP links; a slice here is eight clock reads, one per step).
    const n = 24 * LINKS_PER_STEP;
    for (let i = 0; i < n; i++) files[`knowledge/concepts/n${i}.md`] = `---\ntldr: t\nanswers_when: [x]\n---\n# N${i}\n[[index]]\n`;
    const rows = (k: number) => Array.from({ length: k }, (_, i) => `| [[n${i}]] |`).join("\n");
    files["knowledge/index.md"] = `# Index\n${rows(n - 1)}\n`;
    const vault = vaultApp(files);
    const c = steppedClock();
    const service = new LintService(vault.app as never, () => mergePluginData(null), null, new SliceScheduler(c.clock, 8));
    const run = service.lintAll();
    await runUntil(c, () => service.ready);
    await run;
    const text = `# Index\n${rows(n)}\n[[nowhere-at-all]]\n`;
    service.onChanged(vault.write("knowledge/index.md", text) as never, text);
    await new Promise((r) => window.setTimeout(r, 350));
    // The batch timer has fired: the update has begun and stopped at a slice boundary, waiting for the thread.
    expect(c.waiting()).toBe(1);
    const slices = await runUntil(c, () => service.findingsFor("knowledge/index.md").some((f) => f.message.includes("nowhere-at-all")));
    expect(slices).toBeGreaterThanOrEqual(24 / 8);
    const strip = (fs: readonly { check: string; path: string; line: number }[]) => fs.map((f) => `${f.check} ${f.path}:${f.line}`);
    expect(strip(service.findings())).toEqual(strip(referenceFindings(vault.app, vault.texts, service)));
  });
});

describe("ObsidianVaultView", () => {
  it("takes links from resolvedLinks exactly as Obsidian's resolver would resolve them, including ambiguous names", () => {
    const vault = vaultApp({
      ...demoVault(),
      "a.md": "# A\n",
      "x/a.md": "# XA\n",
      "x/src.md": "[[a]] [[x/a]] [[/a]] [[../a]] [[missing]] [[x/missing]] [[A]]\n",
    });
    const fast = new ObsidianVaultView(vault.app as never);
    fast.useResolvedLinks = true;
    const slow = new ObsidianVaultView(vault.app as never);
    let links = 0;
    for (const path of slow.notePaths()) {
      for (const l of slow.note(path)!.links) {
        expect([path, l.path, fast.resolve(l.path, path)]).toEqual([path, l.path, slow.resolve(l.path, path)]);
        links++;
      }
    }
    expect(links).toBeGreaterThan(100);
  });
});
