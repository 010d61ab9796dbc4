// A fake of the parts of Obsidian's App that the compile service uses, over an in-memory file map. Vault paths and
// the config folder are kept apart the way Obsidian keeps them (the adapter sees both).
import { cachedMetadata } from "./fake-metadata-cache";
import { TFile } from "./obsidian-stub";
import { CONFIG_DIR } from "./config-dir";

/** The fake app, with the files exposed for assertions. */
export function createFakeApp(initial: Record<string, string>, secrets: Record<string, string> = {}) {
  const files = new Map(Object.entries(initial));
  const config = new Map<string, string>();
  const file = (path: string): TFile | null => (files.has(path) ? new TFile(path) : null);
  const app = {
    files,
    config,
    vault: {
      configDir: CONFIG_DIR,
      getFileByPath: file,
      getAbstractFileByPath: (p: string) => file(p) ?? ([...files.keys()].some((f) => f.startsWith(`${p}/`)) ? { path: p } : null),
      getMarkdownFiles: () => [...files.keys()].filter((p) => p.endsWith(".md")).map((p) => new TFile(p)),
      getFiles: () => [...files.keys()].map((p) => new TFile(p)),
      cachedRead: (f: TFile) => Promise.resolve(files.get(f.path) ?? ""),
      read: (f: TFile) => Promise.resolve(files.get(f.path) ?? ""),
      process: (f: TFile, fn: (t: string) => string) => {
        const next = fn(files.get(f.path) ?? "");
        files.set(f.path, next);
        return Promise.resolve(next);
      },
      create: (p: string, text: string) => {
        files.set(p, text);
        return Promise.resolve(new TFile(p));
      },
      createFolder: () => Promise.resolve(),
      adapter: {
        // A folder exists when a file is below it, as on disk.
        exists: (p: string) => Promise.resolve(config.has(p) || files.has(p) || [...files.keys(), ...config.keys()].some((k) => k.startsWith(`${p}/`))),
        read: (p: string) => Promise.resolve(config.get(p) ?? files.get(p) ?? ""),
        write: (p: string, t: string) => {
          config.set(p, t);
          return Promise.resolve();
        },
        append: (p: string, t: string) => {
          config.set(p, (config.get(p) ?? "") + t);
          return Promise.resolve();
        },
        remove: (p: string) => {
          config.delete(p);
          return Promise.resolve();
        },
        // As Obsidian documents it: fails when a file is already at the target.
        copy: (from: string, to: string) => {
          if (config.has(to) || files.has(to)) return Promise.reject(new Error(`Destination file already exists: ${to}`));
          config.set(to, config.get(from) ?? files.get(from) ?? "");
          return Promise.resolve();
        },
        stat: (p: string) => Promise.resolve(config.has(p) ? { mtime: Date.now(), ctime: 0, size: config.get(p)!.length, type: "file" } : null),
      },
    },
    fileManager: {
      trashFile: (f: TFile) => {
        files.delete(f.path);
        return Promise.resolve();
      },
    },
    metadataCache: {
      // Enough for the lint service: links resolve through getFirstLinkpathDest, metadata is parsed from the text.
      resolvedLinks: {} as Record<string, Record<string, number>>,
      unresolvedLinks: {} as Record<string, Record<string, number>>,
      getFileCache: (f: TFile) => (files.has(f.path) ? cachedMetadata(files.get(f.path)!) : null),
      getCache: (p: string) => (files.has(p) ? cachedMetadata(files.get(p)!) : null),
      getFirstLinkpathDest: (link: string) => {
        const want = link.endsWith(".md") ? link : `${link}.md`;
        const hit = [...files.keys()].find((p) => p === want || p.endsWith(`/${want}`));
        return hit ? new TFile(hit) : null;
      },
    },
    secretStorage: { getSecret: (name: string) => secrets[name] ?? null },
    workspace: { getActiveFile: () => null },
  };
  return app;
}
