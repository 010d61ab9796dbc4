// A stand-in for the `obsidian` module and its App, so the plugin-startup benchmark can load the BUILT main.js in
// Node. Shaped like tests/fakes/obsidian-stub.ts but without a DOM (the benchmark opens no view): a vault whose
// notes are read from disk asynchronously, as Obsidian's desktop adapter does, with the cached metadata Obsidian
// would hold (links, embeds, headings, blocks, frontmatter and its links) and resolvedLinks / unresolvedLinks,
// computed once up front by the core's parser and resolver (tests/fakes/fake-metadata-cache.ts).
import { promises as fs, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { clearTimeout, setTimeout } from "node:timers";
import { nodeGlobal } from "./node-global";
import { LinkResolver } from "../src/core/links/link-resolver";
import { cachedMetadata, resolvedLinksOf } from "../tests/fakes/fake-metadata-cache";

type Handler = (...args: unknown[]) => unknown;

class Events {
  private handlers = new Map<string, Set<Handler>>();
  on(name: string, cb: Handler): { name: string; cb: Handler } {
    if (!this.handlers.has(name)) this.handlers.set(name, new Set());
    this.handlers.get(name)!.add(cb);
    return { name, cb };
  }
  offref(ref: { name: string; cb: Handler }): void {
    this.handlers.get(ref.name)?.delete(ref.cb);
  }
  trigger(name: string, ...args: unknown[]): void {
    for (const cb of this.handlers.get(name) ?? []) cb(...args);
  }
}

class TAbstractFile {
  constructor(public path: string) {}
  get name(): string {
    return this.path.slice(this.path.lastIndexOf("/") + 1);
  }
}

class TFile extends TAbstractFile {
  stat = { mtime: 0, ctime: 0, size: 0 };
  get extension(): string {
    return this.name.includes(".") ? this.name.slice(this.name.lastIndexOf(".") + 1) : "";
  }
  get basename(): string {
    return this.name.replace(/\.[^.]*$/, "");
  }
}

/** Builds the module object main.js requires as "obsidian", and the App it is given, over notes written under `root`. */
export function createStandIn(root: string, texts: Map<string, string>, data: unknown = null) {
  const files = new Map<string, TFile>();
  const resolver = new LinkResolver();
  // Modification time and size as Obsidian's desktop adapter gives them (whole milliseconds).
  const stat = (f: TFile) => {
    const st = statSync(join(root, f.path));
    f.stat = { mtime: Math.floor(st.mtimeMs), ctime: Math.floor(st.ctimeMs), size: st.size };
  };
  for (const path of texts.keys()) {
    const f = new TFile(path);
    stat(f);
    files.set(path, f);
    resolver.add(path);
  }
  const caches = new Map<string, ReturnType<typeof cachedMetadata>>();
  const resolvedLinks: Record<string, Record<string, number>> = {};
  const unresolvedLinks: Record<string, Record<string, number>> = {};
  const metadataCache = Object.assign(new Events(), {
    resolvedLinks,
    unresolvedLinks,
    getFileCache: (f: TFile) => caches.get(f.path) ?? null,
    getCache: (path: string) => caches.get(path) ?? null,
    getFirstLinkpathDest: (link: string, source: string) => {
      const hit = resolver.resolve(link, source);
      return hit === null ? null : (files.get(hit) ?? null);
    },
    fileToLinktext: (f: TFile) => f.basename,
  });
  const index = (path: string, text: string) => {
    const cache = cachedMetadata(text);
    caches.set(path, cache);
    const links = resolvedLinksOf(path, cache.linkpaths, resolver);
    metadataCache.resolvedLinks[path] = links.resolved;
    metadataCache.unresolvedLinks[path] = links.unresolved;
  };
  for (const [path, text] of texts) index(path, text);

  const layoutReady: (() => void)[] = [];
  const workspace = Object.assign(new Events(), {
    onLayoutReady: (cb: () => void) => void layoutReady.push(cb),
    getLeavesOfType: () => [],
    getActiveFile: () => null,
    updateOptions: () => undefined,
  });
  const vault = Object.assign(new Events(), {
    // Not the default name: Obsidian lets a person rename the config folder, and nothing may assume the default.
    configDir: ".vault-config",
    getMarkdownFiles: () => [...files.values()].filter((f) => f.extension === "md"),
    getFiles: () => [...files.values()],
    getAbstractFileByPath: (p: string) => files.get(p) ?? null,
    getFileByPath: (p: string) => files.get(p) ?? null,
    cachedRead: (f: TFile) => fs.readFile(join(root, f.path), "utf8"),
    read: (f: TFile) => fs.readFile(join(root, f.path), "utf8"),
    // The config folder's files on disk under the same root (the plugin keeps its router snapshot there).
    adapter: {
      exists: (p: string) =>
        fs.access(join(root, p)).then(
          () => true,
          () => false,
        ),
      read: (p: string) => fs.readFile(join(root, p), "utf8"),
      write: async (p: string, t: string) => {
        await fs.mkdir(dirname(join(root, p)), { recursive: true });
        await fs.writeFile(join(root, p), t);
      },
      append: (p: string, t: string) => fs.appendFile(join(root, p), t),
      remove: (p: string) => fs.rm(join(root, p)),
      rename: (from: string, to: string) => fs.rename(join(root, from), join(root, to)),
    },
  });
  const app = { vault, metadataCache, workspace, fileManager: {}, secretStorage: { getSecret: () => null } };

  class Component {
    load(): void {}
    unload(): void {}
    register(): void {}
    registerEvent(): void {}
    registerDomEvent(): void {}
    registerInterval(id: number): number {
      intervals.push(id);
      return id;
    }
  }
  const intervals: number[] = [];
  class Plugin extends Component {
    constructor(
      public app: unknown,
      public manifest: { id: string; dir?: string },
    ) {
      super();
    }
    loadData(): Promise<unknown> {
      return Promise.resolve(data);
    }
    saveData(): Promise<void> {
      return Promise.resolve();
    }
    registerView(type: string, factory: (leaf: unknown) => unknown): void {
      views.set(type, factory);
    }
    addCommand(): void {}
    addRibbonIcon(): void {}
    registerHoverLinkSource(): void {}
    addSettingTab(): void {}
    registerEditorExtension(): void {}
    addStatusBarItem(): HTMLElement {
      return createDiv();
    }
  }
  const views = new Map<string, (leaf: unknown) => unknown>();
  class Shell {
    constructor(..._args: unknown[]) {}
  }
  /** A view with a container when the benchmark has put a DOM (jsdom) in place, else an empty shell. */
  class ItemView extends Component {
    containerEl: HTMLElement | null = null;
    contentEl: HTMLElement | null = null;
    constructor(public leaf: unknown) {
      super();
      if (nodeGlobal.document === undefined) return;
      this.containerEl = createDiv();
      this.contentEl = this.containerEl.createDiv();
    }
    addAction(): HTMLElement | null {
      return this.containerEl ? createEl("a") : null;
    }
  }
  const debounce = (fn: (...a: unknown[]) => unknown, ms: number) => {
    let t: ReturnType<typeof setTimeout> | null = null;
    return (...a: unknown[]) => {
      if (t) clearTimeout(t);
      t = setTimeout(() => fn(...a), ms);
    };
  };
  const obsidian = {
    Events,
    Component,
    Plugin,
    TAbstractFile,
    TFile,
    TFolder: TAbstractFile,
    ItemView,
    MarkdownView: Shell,
    Modal: Shell,
    PluginSettingTab: Shell,
    Setting: Shell,
    SecretComponent: Shell,
    WorkspaceLeaf: Shell,
    Notice: Shell,
    MarkdownRenderer: { render: () => Promise.resolve() },
    Platform: { isDesktopApp: false, isDesktop: false, isMobile: false, isMobileApp: false },
    debounce,
    editorInfoField: {},
    editorLivePreviewField: {},
    Menu: Shell,
    normalizePath: (p: string) =>
      p
        .replace(/\\/g, "/")
        .replace(/\/+/g, "/")
        .replace(/^\/|\/$/g, "") || "/",
    parseLinktext: (t: string) => {
      const i = t.indexOf("#");
      return i === -1 ? { path: t, subpath: "" } : { path: t.slice(0, i), subpath: t.slice(i) };
    },
    setIcon: () => undefined,
    requestUrl: () => Promise.reject(new Error("no network in the benchmark")),
    /** The Obsidian version the stand-in claims to be: the plugin's oldest (minAppVersion) unless a test sets another. */
    apiVersion: "1.11.4",
    requireApiVersion: (version: string): boolean => {
      const [a, b] = [obsidian.apiVersion, version].map((v) => v.split(".").map(Number));
      for (let i = 0; i < 3; i++) if ((a![i] ?? 0) !== (b![i] ?? 0)) return (a![i] ?? 0) > (b![i] ?? 0);
      return true;
    },
  };

  return {
    obsidian,
    app,
    intervals,
    /** The view factories the plugin registered, by view type. */
    views,
    /** Fires layout-ready as Obsidian does once the workspace is up. */
    fireLayoutReady: () => layoutReady.splice(0).forEach((cb) => cb()),
    /**
     * Writes a note, re-indexes its metadata and fires metadataCache "changed" like Obsidian after an edit; returns the
     * milliseconds the plugin's handlers of that event took (Obsidian's own indexing left out).
     */
    edit: (path: string, text: string): number => {
      writeFileSync(join(root, path), text);
      stat(files.get(path)!);
      index(path, text);
      const t = performance.now();
      metadataCache.trigger("changed", files.get(path), text, caches.get(path));
      return performance.now() - t;
    },
  };
}
