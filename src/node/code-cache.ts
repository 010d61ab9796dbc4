import { existsSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join } from "node:path";
import process from "node:process";
import { Script } from "node:vm";
import { cacheFolder } from "./cache-folder";
import { openPrivateFolder, readPrivateFile, writePrivateFile } from "./private-cache-file";

/**
 * V8's code cache for kc's command bundles. Node 20 caches no compiled code between runs, so every `kc` start parsed
 * and compiled its bundle again, and compiled each function again the first time it ran: about a tenth of
 * `kc lint` on 2,721 notes. A run with no cache (or one V8 refuses: another Node, other V8 flags, another bundle)
 * saves one as it exits, with every function the run compiled; later runs start from it.
 *
 * The cache is code this user runs, so it is kept as kc's other caches are (private-cache-file.ts): in kc's cache
 * folder (0700), written whole under a new name and renamed, read only when it is a regular file of this user's that
 * no one else can read or write. Its name holds the bundle's name (with a hash of the bundle's text, from the build),
 * size and time, and Node's version: V8 itself checks only the text's length, its own version and its flags.
 */

/** What Node's own loader puts around a CommonJS module. */
const HEAD = "(function (exports, require, module, __filename, __dirname) { ";
const TAIL = "\n})";

/** A cache file unused this long is removed when another is saved (a bundle of an earlier version of kc, say). */
const STALE_MS = 30 * 24 * 3600 * 1000;

/**
 * Where the code cache of `file` is kept, or null with no cache folder (KC_CACHE=off, no home). `command` names the
 * command run when a bundle holds several: each keeps a cache of what it compiles.
 */
export function codeCachePath(file: string, env: Record<string, string | undefined>, command?: string): string | null {
  const folder = cacheFolder(env);
  if (folder === null) return null;
  const s = statSync(file);
  const name = command === undefined ? basename(file, ".cjs") : `${basename(file, ".cjs")}.${command}`;
  const key = `${name}-${s.size}-${Math.trunc(s.mtimeMs)}-${process.version}-${process.arch}`;
  return join(folder, `code-${key.replace(/[^\w.-]/g, "_")}.v8`);
}

/** How a bundle was compiled: from its cache, or without one (none yet, or one V8 refused), or with caching off. */
export type CodeCacheUse = "used" | "none" | "refused" | "off";

/**
 * Runs a CommonJS bundle as `require` would (its own require, module and exports), compiled from the code cache when
 * there is a usable one. `save` writes one, with every function compiled so far, when there was none to use; the
 * launcher calls it as the process exits, only after a command ran (launch.ts: help or a usage error compiles little
 * of the command, and a cache V8 takes is never made again).
 *
 * A package file beside it that the bundle requires (`./yaml.cjs`, `./anthropic-sdk.cjs`: built apart, loaded when
 * first used) is run the same way, with a cache of its own for this bundle or command: Node's require compiled the
 * yaml package's 115 kB at each run that met a frontmatter the fast path does not read (~8 ms). `save` saves theirs
 * too; `siblings` says how each was compiled.
 */
export function runBundle(
  file: string,
  env: Record<string, string | undefined>,
  command?: string,
): { use: CodeCacheUse; save: () => void; siblings: ReadonlyMap<string, CodeCacheUse> } {
  const owner = command ?? basename(file, ".cjs");
  const loaded = new Map<string, Loaded>();
  const requireFrom = (from: string): Require => {
    const base = createRequire(from);
    const sibling = (id: string): unknown => {
      const name = /^\.\/([\w.-]+\.cjs)$/.exec(id)?.[1];
      const path = name === undefined ? null : join(dirname(from), name);
      if (path === null || path === file) return base(id);
      const known = loaded.get(path);
      if (known !== undefined) return known.exports;
      if (!existsSync(path)) return base(id);
      const s = load(path, env, owner, requireFrom);
      loaded.set(path, s);
      return s.exports;
    };
    return Object.assign(sibling, { resolve: base.resolve, cache: base.cache, main: base.main }) as Require;
  };
  const main = load(file, env, command, requireFrom);
  return {
    use: main.use,
    save: () => {
      main.save();
      for (const s of loaded.values()) s.save();
    },
    get siblings() {
      return new Map([...loaded].map(([path, s]) => [basename(path), s.use]));
    },
  };
}

/** A CommonJS module's require. */
type Require = ReturnType<typeof createRequire>;

/** A file run through the code cache: how it was compiled, how to save its cache, what it exports. */
interface Loaded {
  use: CodeCacheUse;
  save: () => void;
  exports: unknown;
}

function load(file: string, env: Record<string, string | undefined>, command: string | undefined, requireFrom: (file: string) => Require): Loaded {
  const source = readFileSync(file, "utf8");
  const cachePath = codeCachePath(file, env, command);
  const cached = cachePath === null ? null : readPrivateFile(cachePath);
  const script = new Script(HEAD + source + TAIL, { filename: file, ...(cached ? { cachedData: cached } : {}) });
  const use: CodeCacheUse = cachePath === null ? "off" : cached === null ? "none" : script.cachedDataRejected === true ? "refused" : "used";
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  const module = { exports: {} as unknown };
  wrapper.call(module.exports, module.exports, requireFrom(file), module, file, dirname(file));
  return { use, save: () => (cachePath !== null && use !== "used" ? saveCodeCache(script, cachePath) : undefined), exports: module.exports };
}

/** Writes the script's code cache (never fails the run: a cache that cannot be written is simply not there next time). */
function saveCodeCache(script: Script, path: string): void {
  const folder = dirname(path);
  if (!openPrivateFolder(folder)) return;
  try {
    writePrivateFile(path, script.createCachedData());
    const now = Date.now();
    for (const name of readdirSync(folder)) {
      if (!name.startsWith("code-") || !name.endsWith(".v8")) continue;
      const other = join(folder, name);
      if (other !== path && now - statSync(other).mtimeMs > STALE_MS) rmSync(other, { force: true });
    }
  } catch {
    // A folder that cannot be listed keeps its old caches.
  }
}
