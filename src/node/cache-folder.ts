import { join } from "node:path";

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
