import { join } from "node:path";
import manifest from "../../manifest.json";
import type { KeptReading } from "../core/headers/draft-header";
import { CANDIDATE_SENTENCES, distinctTerms, readingFingerprint, SentenceTerms, termCounts, tldrCandidates, type TermCounts } from "../core/headers/draft-tldr";
import { proseParagraphs } from "../core/headers/prose";
import process from "node:process";
import { questionTerms, termsFingerprint } from "../core/route/text-terms";
import { shortHash } from "../core/util/short-hash";
import { cacheFolder } from "./cache-folder";
import { asciiJson, NOT_ASCII, sameFile, type CachedIndex, type NoteRecord } from "./index-cache-file";
import { openPrivateFolder, readPrivateFile, sweepPrivateTemps, writePrivateFile } from "./private-cache-file";

/**
 * What a header run read of each note's text alone, kept between runs in a private cache file beside the router's
 * index: its term counts (termCounts: in how many paragraphs each term is) and the terms of the sentences it read for a
 * TLDR (SentenceTerms). Reading every note's words again was about a sixth of a run over a vault.
 *
 * A note's entry is trusted exactly when the index trusts the note: its record in the warm index (this run's stat of
 * it) is "indexed", not racy, and has the stamp (size, modification and change time, inode) the entry was kept under.
 * Anything else is read again. The title's terms are kept too (the title is the note's header or its file's name, and
 * an entry is the note's at its path). The file is ignored whole when its key is another's (keyLine: kc's version, the
 * vault, what decides how words are read) or any line of it does not parse. It is written with the same care as the index's cache: in a private folder, to a temporary file
 * renamed over it, merged with what another run wrote since it was read.
 */
export class NoteReadingCache {
  /** Each trusted note's reading as the file keeps it (read when first asked for), or as read in this run. */
  private readonly readings = new Map<string, Entry | KeptReading>();
  /** Whether the file holds anything this run would not write back (a note changed, removed or racy; a bad entry). */
  private stale = false;
  /** Readings kept in this run since the file was last written. */
  private fresh = 0;

  private constructor(
    private readonly file: string,
    private readonly key: string,
    private readonly records: ReadonlyMap<string, NoteRecord>,
  ) {}

  /** The cache of a vault's notes, as its warm index (`state`) stamps them; null when there is no cache folder. */
  static open(root: string, state: CachedIndex, env: Record<string, string | undefined>): NoteReadingCache | null {
    const folder = cacheFolder(env);
    if (folder === null || !openPrivateFolder(folder)) return null;
    const cache = new NoteReadingCache(join(folder, `readings-${shortHash(root)}.jsonl`), keyLine(root), state.records);
    const entries = cache.read();
    cache.stale = entries === null;
    for (const [path, entry] of entries ?? []) {
      if (cache.trusted(path, entry)) cache.readings.set(path, entry);
      else cache.stale = true;
    }
    return cache;
  }

  /** What an earlier run read of a note whose stamp has not changed, if known. */
  get(path: string): KeptReading | undefined {
    const kept = this.readings.get(path);
    if (kept === undefined || !isEntry(kept)) return kept;
    const reading = decodeReading(kept);
    // (An entry that does not read is read again from the note, and written back right.)
    if (reading === null) {
      this.readings.delete(path);
      this.stale = true;
      return undefined;
    }
    this.readings.set(path, reading);
    return reading;
  }

  /** Keeps what this run read of a note's text, when the index trusts its stamp (not racy). */
  keep(path: string, reading: KeptReading): void {
    if (this.records.get(path)?.state !== "indexed") return;
    // Only what is written: a whole reading would keep each note's paragraphs alive to the end of a first run.
    this.readings.set(path, { titleTerms: reading.titleTerms, counts: reading.counts, sentences: reading.sentences });
    this.fresh++;
  }

  /**
   * Writes the file when this run read notes or found entries out of date, merged at write time with the trusted
   * entries another run wrote since; a file that cannot be written is left as it is (the cache only saves time).
   */
  save(): void {
    if (this.fresh === 0 && !this.stale) return;
    for (const [path, entry] of this.read() ?? []) if (!this.readings.has(path) && this.trusted(path, entry)) this.readings.set(path, entry);
    const lines = [JSON.stringify(this.key)];
    for (const [path, kept] of this.readings) {
      const texts = isEntry(kept) ? [kept.title, kept.counts, kept.sentences] : encodeReading(kept);
      if (texts === null) continue;
      const r = this.records.get(path)!;
      lines.push([JSON.stringify(path), r.size, r.mtime, r.ctime, r.ino, ...texts].join("\t"));
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
    return r !== undefined && r.state === "indexed" && sameFile(r, entry);
  }

  /**
   * The file's entries, or null when there is no file or it is another's or in doubt. Only each line's path and stamp
   * are read here; its counts and sentences when the note is drafted (decodeReading).
   */
  private read(): Map<string, Entry> | null {
    const bytes = readPrivateFile(this.file);
    if (bytes === null || bytes.length > MAX_FILE) return null;
    try {
      const text = bytes.toString("latin1");
      // Written as ASCII (asciiJson); any other byte is not this cache's.
      if (NOT_ASCII.test(text)) return null;
      const lines = text.split("\n");
      if (JSON.parse(lines[0]!) !== this.key || lines[lines.length - 1] !== "") return null;
      const entries = new Map<string, Entry>();
      for (let i = 1; i < lines.length - 1; i++) {
        // A path as JSON writes it (a tab in it is written "\t"), four numbers, the title's terms, the counts and the sentences.
        const row = lines[i]!.split("\t");
        if (row.length !== 8) return null;
        const path = JSON.parse(row[0]!) as unknown;
        const [size, mtime, ctime, ino] = row.slice(1, 5).map(Number) as [number, number, number, number];
        if (typeof path !== "string" || entries.has(path) || ![size, mtime, ctime, ino].every(Number.isFinite)) return null;
        entries.set(path, { size, mtime, ctime, ino, title: row[5]!, counts: row[6]!, sentences: row[7]! });
      }
      return entries;
    } catch {
      return null;
    }
  }
}

/** A note's entry as the file keeps it: the stamp it was kept under, its title's, counts' and sentences' texts (encodeReading). */
interface Entry {
  size: number;
  mtime: number;
  ctime: number;
  ino: number;
  title: string;
  counts: string;
  sentences: string;
}

const isEntry = (x: Entry | KeptReading): x is Entry => typeof x.counts === "string";

/** The largest file read (a vault of 100,000 notes keeps ~80 MB). */
const MAX_FILE = 256 * 1024 * 1024;

/** The most paragraphs a count can be (termCounts reads fewer). */
const MAX_COUNT = 1 << 14;

/** A sentence read that holds no term. */
const NO_TERMS = "~";

/**
 * A term the file can keep as it is: not empty, no white space, none of `|@~\"`. No term the tokenizer makes is either
 * (its words are letters, digits and joining characters).
 */
function isTerm(t: string): boolean {
  return t !== "" && !/[\s|@~\\"]/.test(t);
}

/**
 * A reading as the file keeps it, or null (not kept) when a term could not be read back:
 * - the title's terms, parted by spaces;
 * - the counts: each term then its count, parted by spaces;
 * - the sentences: for each place, its terms parted by spaces, `@n` for the counts' nth term (most are), NO_TERMS for a
 *   sentence read that holds none, nothing for a place whose sentence was not read; places parted by `|`.
 */
export function encodeReading(reading: KeptReading): [string, string, string] | null {
  if (!reading.titleTerms.every(isTerm)) return null;
  const places = new Map<string, number>();
  let counts = "";
  let fit = true;
  reading.counts.forEach((n, t) => {
    fit &&= isTerm(t) && Number.isInteger(n) && n >= 1 && n <= MAX_COUNT;
    places.set(t, places.size);
    counts += counts === "" ? `${t} ${n}` : ` ${t} ${n}`;
  });
  if (!fit) return null;
  const sentences: string[] = [];
  for (const terms of reading.sentences.byPosition().slice(0, CANDIDATE_SENTENCES)) {
    if (terms === undefined) {
      sentences.push("");
      continue;
    }
    if (!terms.every(isTerm)) return null;
    sentences.push(terms.length === 0 ? NO_TERMS : terms.map((t) => (places.has(t) ? `@${places.get(t)!}` : t)).join(" "));
  }
  return [reading.titleTerms.join(" "), counts, sentences.join("|")];
}

/**
 * Terms parted by single spaces (a title's terms; counts, terms and counts in turn) hold none of these: white space but a
 * single space between parts, or a character isTerm refuses.
 */
const NOT_COUNTS = /[^\S ]|[|@~\\"]| {2}|^ | $/;

/**
 * encodeReading read back (each part with a \u escape decoded), or null when it is not one: title terms repeated or
 * not terms; counts with an odd number of parts, an empty term or a count under 1 or over MAX_COUNT; sentences past
 * CANDIDATE_SENTENCES, a term repeated in one, or a place that names no term of the counts.
 */
export function decodeReading(entry: Pick<Entry, "title" | "counts" | "sentences">): KeptReading | null {
  const titleText = unescaped(entry.title);
  if (titleText === null || NOT_COUNTS.test(titleText)) return null;
  const titleTerms = titleText === "" ? [] : titleText.split(" ");
  if (new Set(titleTerms).size !== titleTerms.length) return null;
  const countsText = unescaped(entry.counts);
  const sentencesText = unescaped(entry.sentences);
  if (countsText === null || sentencesText === null || NOT_COUNTS.test(countsText)) return null;
  const terms: string[] = [];
  const ns: number[] = [];
  // term, space, count, space, … read with indexOf: no array of the parts.
  for (let at = 0; at < countsText.length;) {
    const gap = countsText.indexOf(" ", at);
    if (gap === -1) return null;
    const end = countsText.indexOf(" ", gap + 1);
    const stop = end === -1 ? countsText.length : end;
    const term = countsText.slice(at, gap);
    const n = digitsAt(countsText, gap + 1, stop);
    if (n < 1 || n > MAX_COUNT) return null;
    terms.push(term);
    ns.push(n);
    at = stop + 1;
  }
  const places = sentencesText === "" ? [] : sentencesText.split("|");
  if (places.length > CANDIDATE_SENTENCES) return null;
  const known: (readonly string[] | undefined)[] = [];
  for (const place of places) {
    if (place === "") {
      known.push(undefined);
      continue;
    }
    const read: string[] = [];
    if (place !== NO_TERMS) {
      for (const part of place.split(" ")) {
        const term = part.charCodeAt(0) === 64 ? terms[digitsAt(part, 1, part.length)] : part;
        if (term === undefined || !isTerm(term)) return null;
        read.push(term);
      }
    }
    // (A term twice in one sentence's list, which no writer makes, would count twice.)
    if (distinctTerms(read, read.length).length !== read.length) return null;
    known.push(read);
  }
  return { titleTerms, counts: new CountList(terms, ns), sentences: new SentenceTerms(known) };
}

/**
 * Kept counts as they were read, in their order: walked as a Map of them would be (keyTermsOf only walks them). A term
 * repeated, which no writer makes, is walked as written.
 */
class CountList implements TermCounts {
  constructor(
    private readonly terms: readonly string[],
    private readonly ns: readonly number[],
  ) {}

  forEach(fn: (n: number, term: string) => void): void {
    for (let i = 0; i < this.terms.length; i++) fn(this.ns[i]!, this.terms[i]!);
  }
}

/** A part as written, its \u escapes (characters past ASCII, asciiJson) decoded; null when it does not decode. */
function unescaped(part: string): string | null {
  if (!part.includes("\\")) return part;
  try {
    const text = JSON.parse(`"${part}"`) as unknown;
    return typeof text === "string" ? text : null;
  } catch {
    return null;
  }
}

/** The whole number written in `text` from `start` to `end`, one to nine digits; -1 when it is not one. */
function digitsAt(text: string, start: number, end: number): number {
  if (end <= start || end - start > 9) return -1;
  let n = 0;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return -1;
    n = n * 10 + (c - 48);
  }
  return n;
}

/**
 * The file's first line: its format, kc's version, the vault, what decides how kc makes terms (termsFingerprint, the
 * Unicode version that says what a letter is and how it lowercases) and what it reads of a note (readingFingerprint),
 * and what this kc reads of a sample note (its title's terms, counts and sentences): a cache written by a kc that reads
 * words another way is then not trusted.
 */
function keyLine(root: string): string {
  const paragraphs = proseParagraphs(SAMPLE);
  const sentences = new SentenceTerms();
  tldrCandidates(paragraphs, "Reading words", new Map(), undefined, sentences);
  const sample = encodeReading({ titleTerms: questionTerms("Reading words: the writer's 3rd draft (2024-01-03)"), counts: termCounts(paragraphs), sentences });
  if (sample === null) throw new Error("The sample note's reading cannot be written.");
  const versions = `${process.versions.unicode ?? ""} ${process.versions.icu ?? ""}`;
  return ["kc-note-readings/2", manifest.version, root, shortHash(`${termsFingerprint()}\n${readingFingerprint()}\n${versions}`), ...sample].join("\0");
}

const SAMPLE = [
  "# Reading words",
  "",
  "The stemmer's rules, running quickly through [[Linked Notes|links]], [a link](https://example.org/x) and https://example.org/pages on 3rd January 2024,",
  "2024-01-03 and well-known snake_case words: caching, cached, caches, relational generalizations. It's the notes' owner's.",
  "",
  "- A list item with `code` and **bold** words, ~~struck~~ too, which the reader keeps as prose.",
  "",
  "```",
  "fenced code is not prose",
  "```",
  "",
  "> Quoted lines, and a table: | cell | cell |",
  "",
  "Ünïcödé wörds stand beside 日本語 and the numbers 42 and 3.14, because every script is read the same way.",
].join("\n");
