import { sep } from "node:path";
import manifest from "../../manifest.json";
import type { ArticleIndex } from "../core/route/article-index";
import { allSteps } from "../core/route/index-snapshot";
import { readSnapshot } from "../core/route/read-index-snapshot";
import { CONFIG_DIR } from "./config-dir";
import { readPrivateFile } from "./private-cache-file";

/** A note's file when it was indexed: size, modification and status-change times (ms) and inode. */
export interface NoteStamp {
  size: number;
  mtime: number;
  ctime: number;
  ino: number;
}

/** A source note of the cache: indexed (racy: changed too recently to be trusted, read again next time), or skipped and why. */
export type NoteRecord = NoteStamp & ({ state: "indexed" | "racy" } | { state: "skipped"; reason: string });

/** An index with what it was built from: the cache's key, each source note's record, and the notes' body links. */
export interface CachedIndex {
  key: readonly string[];
  records: ReadonlyMap<string, NoteRecord>;
  index: ArticleIndex;
  links(): ReadonlyMap<string, readonly string[]>;
}

/**
 * The cache file's first line (as a JSON string): the key's fields, the number of records, then six fields a record
 * (path, size, mtime, ctime, inode, state), all joined by NUL, the one character no path holds.
 */
export function recordLine(key: readonly string[], records: ReadonlyMap<string, NoteRecord>): string {
  const fields = [...key, String(records.size)];
  for (const [path, r] of records) {
    fields.push(path, String(r.size), String(r.mtime), String(r.ctime), String(r.ino), r.state === "skipped" ? `s${r.reason}` : r.state === "racy" ? "r" : "i");
  }
  return fields.join("\0");
}

/** A vault-relative note path kc itself lists: no empty, `.` or `..` part, not absolute, not in the config folder. */
function isListablePath(path: string): boolean {
  if (path === "" || path.includes("\0") || path.startsWith("/")) return false;
  if (sep !== "/" && /[\\:]/.test(path)) return false;
  const parts = path.split("/");
  return parts[0] !== CONFIG_DIR && parts.every((p) => p !== "" && p !== "." && p !== "..");
}

/** A character a cache file written as ASCII (asciiJson) never holds. */
export const NOT_ASCII = /[^\t\n\r\x20-\x7e]/;

/** Whether two stamps are of the same file as it was: size, modification and change time, inode. */
export const sameFile = (a: NoteStamp, b: NoteStamp): boolean => a.size === b.size && a.mtime === b.mtime && a.ctime === b.ctime && a.ino === b.ino;

/**
 * The cache file's text as ASCII: every other character, which can only stand in a JSON string of it (a path, a word,
 * a heading), written as a \u escape JSON reads back as the same character.
 */
export function asciiJson(text: string): string {
  return text.replace(/[^\t\n\r\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

class Doubt extends Error {}

function check(ok: boolean): asserts ok {
  if (!ok) throw new Doubt();
}

/**
 * The cache of one vault and scope, or null when there is none or any part of it is in doubt, so the index is built
 * instead: the file is not private (readPrivateFile), its key is another's (kc's version, the vault, the scope, the
 * folders), a record or indexed note names a path kc would never list or one outside the scope (`inScope`: the
 * config folder, `..`, another folder), the indexed notes and the records disagree, or any line does not parse.
 */
export function readIndexCache(file: string, key: readonly string[], inScope: (path: string) => boolean): CachedIndex | null {
  const bytes = readPrivateFile(file);
  if (bytes === null) return null;
  // Written as ASCII (asciiJson): read byte for byte, no UTF-8 decoding and half the memory; any other byte (a cache of
  // an older kc) is decoded as UTF-8.
  try {
    // (Decoding throws for a file past the longest string V8 makes: then there is no cache.)
    const latin = bytes.toString("latin1");
    const text = NOT_ASCII.test(latin) ? bytes.toString("utf8") : latin;
    const first = text.indexOf("\n");
    const line = JSON.parse(text.slice(0, first)) as unknown;
    check(typeof line === "string");
    const f = line.split("\0");
    check(key.every((k, i) => f[i] === k));
    const count = Number(f[key.length]);
    check(Number.isInteger(count) && f.length === key.length + 1 + 6 * count);
    const records = new Map<string, NoteRecord>();
    for (let i = key.length + 1; i < f.length; i += 6) {
      const [path, size, mtime, ctime, ino, state] = f.slice(i, i + 6) as [string, string, string, string, string, string];
      check(isListablePath(path) && inScope(path) && !records.has(path));
      const stamp = { size: Number(size), mtime: Number(mtime), ctime: Number(ctime), ino: Number(ino) };
      check(Object.values(stamp).every(Number.isFinite));
      const kind = state[0];
      check(kind === "i" || kind === "r" || kind === "s");
      records.set(path, kind === "s" ? { ...stamp, state: "skipped", reason: state.slice(1) } : { ...stamp, state: kind === "r" ? "racy" : "indexed" });
    }
    // The snapshot's header says how many lines it has; the body links' line follows them.
    const header = JSON.parse(text.slice(first + 1, text.indexOf("\n", first + 1))) as { lines?: unknown };
    check(typeof header.lines === "number" && Number.isInteger(header.lines) && header.lines > 0);
    let end = first;
    for (let n = 0; n < header.lines; n++) {
      end = text.indexOf("\n", end + 1);
      check(end !== -1);
    }
    const restored = allSteps(readSnapshot(text.slice(first + 1, end + 1), manifest.version));
    check(restored !== null);
    const { index } = restored;
    let indexed = 0;
    for (const r of records.values()) if (r.state !== "skipped") indexed++;
    check(index.size === indexed);
    for (const doc of index.all()) check(records.get(doc.path)?.state !== "skipped" && records.has(doc.path));
    const tail = JSON.parse(text.slice(end + 1)) as { links?: unknown };
    check(Array.isArray(tail.links));
    const links = new Map<string, readonly string[]>();
    for (const entry of tail.links as unknown[]) {
      check(Array.isArray(entry) && entry.length === 2);
      const [path, targets] = entry as [unknown, unknown];
      check(typeof path === "string" && index.get(path) !== undefined && Array.isArray(targets) && targets.every((t) => typeof t === "string"));
      links.set(path, targets);
    }
    return { key, records, index, links: () => links };
  } catch {
    return null;
  }
}
