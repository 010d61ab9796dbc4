import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import manifest from "../../manifest.json";
import { reportFolderOf } from "../core/knowledge/knowledge-layout";
import { shortHash } from "../core/util/short-hash";
import type { ArticleIndex } from "../core/route/article-index";
import { allSteps, readSnapshot, writeSnapshot } from "../core/route/index-snapshot";
import type { LoadedVault } from "./load-vault";
import { buildRouterIndex, type RouteScope } from "./router-index";

/**
 * Where kc keeps its caches: $KC_CACHE_DIR, else $XDG_CACHE_HOME/knowledge-compiler, else ~/.cache/knowledge-compiler;
 * null (no cache) when KC_CACHE is "off" or the environment names no home.
 */
export function cacheFolder(env: Record<string, string | undefined>): string | null {
  if (env.KC_CACHE === "off") return null;
  if (env.KC_CACHE_DIR) return env.KC_CACHE_DIR;
  if (env.XDG_CACHE_HOME) return join(env.XDG_CACHE_HOME, "knowledge-compiler");
  return env.HOME ? join(env.HOME, ".cache", "knowledge-compiler") : null;
}

/** The notes an index of this scope is built from: the knowledge folder's markdown files, or every note's. */
function sourceNotes(vault: LoadedVault, scope: RouteScope): string[] {
  const under = scope === "knowledge" && vault.settings.knowledgeFolder !== "" ? `${vault.settings.knowledgeFolder}/` : "";
  return vault.files.filter((p) => p.startsWith(under) && p.toLowerCase().endsWith(".md"));
}

/**
 * What the index depends on, as text (compared whole, not hashed: hashing costs more than comparing): kc's version,
 * the vault, scope and folders, and each source note's path, size and modification time (a note edited, added,
 * removed or renamed changes it). Null when a note cannot be stat'ed.
 */
function fingerprint(vault: LoadedVault, scope: RouteScope): string | null {
  const lines = [`${manifest.version}\0${vault.root}\0${scope}\0${vault.settings.knowledgeFolder}\0${reportFolderOf(vault.settings)}`];
  try {
    for (const p of sourceNotes(vault, scope)) {
      const s = statSync(`${vault.root}/${p}`);
      lines.push(`${p}\0${s.size}\0${s.mtimeMs}`);
    }
  } catch {
    return null;
  }
  return lines.join("\n");
}

/**
 * The router's index for a vault loaded without its notes (`read: "none"`): restored from the cache when no source
 * note changed since it was written, else built from the notes `reload` reads and written to the cache (a temporary
 * file renamed over it). A cache that is missing, unreadable or of another version is rebuilt; one that cannot be
 * written is left alone: the cache only ever saves time. Returns the vault the index was built from.
 */
export async function cachedRouterIndex(
  listed: LoadedVault,
  scope: RouteScope,
  env: Record<string, string | undefined>,
  reload: () => Promise<LoadedVault>,
): Promise<{ index: ArticleIndex; vault: LoadedVault; cached: boolean }> {
  const folder = cacheFolder(env);
  const key = folder ? fingerprint(listed, scope) : null;
  const file = folder ? join(folder, `router-${shortHash(`${listed.root}\0${scope}`)}.jsonl`) : "";
  if (key) {
    try {
      // The fingerprint as a JSON string on the first line, then the plugin's own snapshot format (index-snapshot).
      const text = readFileSync(file, "utf8");
      const end = text.indexOf("\n");
      const restored = end > 0 && JSON.parse(text.slice(0, end)) === key ? allSteps(readSnapshot(text.slice(end + 1), manifest.version)) : null;
      if (restored) return { index: restored.index, vault: listed, cached: true };
    } catch {
      // No cache yet, or one this version cannot read: built below.
    }
  }
  const vault = await reload();
  const { index } = buildRouterIndex(vault, scope);
  if (key) {
    try {
      mkdirSync(folder!, { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      const snapshot = allSteps(writeSnapshot(index, new Map(), manifest.version, shortHash(key)));
      if (snapshot === null) return { index, vault, cached: false };
      writeFileSync(tmp, `${JSON.stringify(key)}\n${snapshot}`);
      renameSync(tmp, file);
    } catch {
      // A read-only or full disk: the next run builds the index again.
    }
  }
  return { index, vault, cached: false };
}
