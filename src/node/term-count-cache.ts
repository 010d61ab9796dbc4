import { join } from "node:path";
import manifest from "../../manifest.json";
import { termCounts } from "../core/headers/draft-tldr";
import { proseParagraphs } from "../core/headers/prose";
import { shortHash } from "../core/util/short-hash";
import { cacheFolder } from "./cache-folder";
import { asciiJson, type CachedIndex, type NoteRecord } from "./index-cache-file";
import { openPrivateFolder, readPrivateFile, sweepPrivateTemps, writePrivateFile } from "./private-cache-file";

/**
 * A header run's term counts of each note (termCounts: in how many paragraphs each term is), kept between runs in a
 * private cache file beside the router's index: tokenizing every note's prose was a sixth of a run over a vault.
 *
 * A note's counts are of its text alone, so they are trusted exactly when the index trusts the note: its record in the
 * warm index (this run's stat of it) is "indexed", not racy, and has the stamp (size, modification and change time,
 * inode) the counts were kept under. Anything else is worked out again. The file is ignored whole when its key is
 * another's (kc's version, the vault, the format, the counts of a sample text, which change when the way words are
 * read does) or any line of it does not parse, and it is only ever written with the same care as the index's cache:
 * in a private folder, to a temporary file renamed over it, merged with what another run wrote since it was read.
 */
export class TermCountCache {
  /** Each trusted note's counts as kept (parsed when first asked for) or as worked out in this run. */
  private readonly counts = new Map<string, string | ReadonlyMap<string, number>>();
  /** Whether the file holds anything this run would not write back (a note changed, removed or racy). */
  private stale = false;
  private fresh = 0;

  private constructor(
    private readonly file: string,
    private readonly key: string,
    private readonly records: ReadonlyMap<string, NoteRecord>,
  ) {}

  /** The cache of a vault's notes, as its warm index (`state`) stamps them; null when there is no cache folder. */
  static open(root: string, state: CachedIndex, env: Record<string, string | undefined>): TermCountCache | null {
    const folder = cacheFolder(env);
    if (folder === null || !openPrivateFolder(folder)) return null;
    const cache = new TermCountCache(join(folder, `terms-${shortHash(root)}.jsonl`), keyLine(root), state.records);
    const entries = cache.read();
    cache.stale = entries === null;
    for (const [path, entry] of entries ?? []) {
      if (cache.trusted(path, entry)) cache.counts.set(path, entry.counts);
      else cache.stale = true;
    }
    return cache;
  }

  /** The kept counts of a note whose stamp has not changed, if known. */
  get(path: string): ReadonlyMap<string, number> | undefined {
    const kept = this.counts.get(path);
    if (typeof kept !== "string") return kept;
    const parsed = parseCounts(kept);
    // (A line that does not parse is worked out again, and written back right.)
    if (parsed === null) {
      this.counts.delete(path);
      this.stale = true;
      return undefined;
    }
    this.counts.set(path, parsed);
    return parsed;
  }

  /** Keeps the counts of a note's text as read in this run, when the index trusts its stamp (not racy). */
  keep(path: string, counts: ReadonlyMap<string, number>): void {
    if (this.records.get(path)?.state !== "indexed") return;
    this.counts.set(path, counts);
    this.fresh++;
  }

  /**
   * Writes the file when this run worked out counts or found some out of date, merged at write time with the trusted
   * entries another run wrote since; a file that cannot be written is left as it is (the cache only saves time).
   */
  save(): void {
    if (this.fresh === 0 && !this.stale) return;
    for (const [path, entry] of this.read() ?? []) if (!this.counts.has(path) && this.trusted(path, entry)) this.counts.set(path, entry.counts);
    const lines = [JSON.stringify(this.key)];
    for (const [path, counts] of this.counts) {
      const r = this.records.get(path)!;
      const text = typeof counts === "string" ? counts : countsText(counts);
      if (text !== null) lines.push(JSON.stringify([path, r.size, r.mtime, r.ctime, r.ino, text]));
    }
    sweepPrivateTemps(join(this.file, ".."));
    if (writePrivateFile(this.file, asciiJson(`${lines.join("\n")}\n`))) {
      this.fresh = 0;
      this.stale = false;
    }
  }

  /** Whether an entry was kept under the stamp this run's index trusts the note with. */
  private trusted(path: string, entry: Entry): boolean {
    const r = this.records.get(path);
    return r !== undefined && r.state === "indexed" && r.size === entry.size && r.mtime === entry.mtime && r.ctime === entry.ctime && r.ino === entry.ino;
  }

  /** The file's entries, or null when there is no file or it is another's or in doubt. */
  private read(): Map<string, Entry> | null {
    const bytes = readPrivateFile(this.file);
    if (bytes === null) return null;
    const text = bytes.toString("latin1");
    // Written as ASCII (asciiJson); any other byte is not this cache's.
    if (NOT_ASCII.test(text)) return null;
    const lines = text.split("\n");
    try {
      if (JSON.parse(lines[0]!) !== this.key || lines[lines.length - 1] !== "") return null;
      const entries = new Map<string, Entry>();
      for (let i = 1; i < lines.length - 1; i++) {
        const row = JSON.parse(lines[i]!) as unknown;
        if (!Array.isArray(row) || row.length !== 6) return null;
        const [path, size, mtime, ctime, ino, counts] = row as unknown[];
        if (typeof path !== "string" || typeof counts !== "string" || entries.has(path)) return null;
        if (![size, mtime, ctime, ino].every((n) => typeof n === "number" && Number.isFinite(n))) return null;
        entries.set(path, { size: size as number, mtime: mtime as number, ctime: ctime as number, ino: ino as number, counts });
      }
      return entries;
    } catch {
      return null;
    }
  }
}

interface Entry {
  size: number;
  mtime: number;
  ctime: number;
  ino: number;
  /** countsText of the note's counts. */
  counts: string;
}

/** The most paragraphs a count can be (termCounts reads fewer). */
const MAX_COUNT = 1 << 14;

const NOT_ASCII = /[^\t\n\r\x20-\x7e]/;

/**
 * A note's counts as the file keeps them: each term then its count, parted by spaces; null (not kept) when a term is
 * empty or holds a space or a line break, which no term the tokenizer makes does.
 */
export function countsText(counts: ReadonlyMap<string, number>): string | null {
  let out = "";
  for (const [t, n] of counts) {
    if (t === "" || /[\s]/.test(t)) return null;
    out += out === "" ? `${t} ${n}` : ` ${t} ${n}`;
  }
  return out;
}

/** countsText read back, or null when it is not one: an odd number of parts, an empty or repeated term, a bad count. */
export function parseCounts(text: string): Map<string, number> | null {
  const counts = new Map<string, number>();
  if (text === "") return counts;
  const parts = text.split(" ");
  if (parts.length % 2 !== 0) return null;
  for (let i = 0; i < parts.length; i += 2) {
    const term = parts[i]!;
    const n = Number(parts[i + 1]);
    if (term === "" || counts.has(term) || !Number.isInteger(n) || n < 1 || n > MAX_COUNT) return null;
    counts.set(term, n);
  }
  return counts;
}

/**
 * The file's first line: its format, kc's version, the vault, and the counts of a sample text, which change when the way
 * kc reads words does (a tokenizer or prose reader of another build would otherwise be trusted).
 */
function keyLine(root: string): string {
  return ["kc-term-counts/1", manifest.version, root, countsText(termCounts(proseParagraphs(SAMPLE))) ?? ""].join("\0");
}

const SAMPLE = [
  "# Reading words",
  "",
  "The stemmer's rules, running quickly through [[Linked Notes|links]] and https://example.org/pages on 3rd January 2024,",
  "2024-01-03 and well-known snake_case words: caching, cached, caches, relational generalizations.",
  "",
  "- A list item with `code` and **bold** words, ~~struck~~ too.",
  "",
  "```",
  "fenced code is not prose",
  "```",
  "",
  "> Quoted lines, and a table: | cell | cell |",
  "",
  "Ünïcödé wörds, 日本語, numbers 42 and 3.14; it's the notes' owner's.",
].join("\n");
