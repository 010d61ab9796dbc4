import type MiniSearch from "minisearch";
import type { ArticleDoc } from "./article-doc";
import type { ArticleIndex } from "./article-index";
import { docRow, type DocRow, type FileStamp } from "./snapshot-doc-rows";
import { PackedFreqs, readNumbers } from "./packed-freqs";
import { LazyTermTreeNode, sortedTerms, type TermTreeView } from "./term-tree";

// The router's index as one text between starts: its format, and writing it (read-index-snapshot.ts reads it back).

/**
 * Bump when what the index holds changes: ArticleDoc's fields, tokenizing, term processing or the searched fields.
 * A snapshot of another version (or another plugin build) is ignored and the index built again.
 */
export const SNAPSHOT_VERSION = 6;

/** The first field of a snapshot's header: what kind of file it is. */
export const FORMAT = "kc-router-index";
/** Articles per line and index numbers per line: each line is parsed in a step of its own, a few ms at most. */
export interface LineSizes {
  docs: number;
  numbers: number;
}
const LINE_SIZES: LineSizes = { docs: 40, numbers: 10_000 };

export type { FileStamp };

/** An index restored from a snapshot, with the stamp of each article's file when it was indexed. */
export interface RestoredIndex {
  index: ArticleIndex;
  stamps: Map<string, FileStamp>;
}

type Postings = Map<number, Map<number, number>>;

/**
 * The engine's inner maps (minisearch 7: term → field → document → frequency, document ids, field lengths). Its
 * own toJSON writes every posting list as an object with numeric keys, which JSON.parse reads ~10× slower than
 * arrays and loadJS turns into maps in one long task; reading the maps directly lets both be done in slices.
 */
export interface EngineInternals {
  /** The term tree (term-tree.ts) under the engine's map of terms; `_size` is that map's cached count. */
  _index: { _tree: TermTreeView; _size: number | undefined };
  _documentIds: Map<number, string>;
  _idToShortId: Map<string, number>;
  _fieldLength: Map<number, number[]>;
  _avgFieldLength: number[];
  _fieldIds: Record<string, number>;
  _nextId: number;
  _documentCount: number;
  /** Public getters: a vacuum (which reshapes the term tree) is running, and how many discards await one. */
  isVacuuming: boolean;
  dirtCount: number;
}

/** The engine's inner maps, or null when this minisearch keeps them otherwise (then no snapshot is made or read). */
export function internalsOf(search: MiniSearch<ArticleDoc>): EngineInternals | null {
  const e = search as unknown as Partial<EngineInternals>;
  const ok =
    e._index !== undefined &&
    (e._index._tree instanceof Map || e._index._tree instanceof LazyTermTreeNode) &&
    e._documentIds instanceof Map &&
    e._idToShortId instanceof Map &&
    e._fieldLength instanceof Map &&
    Array.isArray(e._avgFieldLength) &&
    typeof e._nextId === "number" &&
    typeof e._documentCount === "number";
  return ok ? (e as EngineInternals) : null;
}

export interface Header {
  format: string;
  version: number;
  build: string;
  id: string;
  lines: number;
  documentCount: number;
  nextId: number;
  fieldIds: Record<string, number>;
  averageFieldLength: number[];
}

/**
 * The numbers of a snapshot's terms or term lists, in a line of their own after the JSON line that says where each
 * list starts: decimal, separated by commas, after the snapshot's id and a colon. A restore checks them in one pass
 * over the text and reads each list only when it is used, so a warm start parses no array of a million numbers
 * (which the garbage collector then copied: half of a restore's time).
 */
class RawLine {
  private parts: number[] = [];
  /** Characters so far, after the prefix: where the next number starts. */
  length = 0;
  get numbers(): number {
    return this.parts.length;
  }
  constructor(private readonly id: string) {}
  push(n: number): void {
    this.parts.push(n);
    this.length += String(n).length + 1;
  }
  take(): string {
    // Every number followed by a comma, the last one too: the line is `length` characters after its prefix.
    const line = `${this.id}:${this.parts.join(",")},`;
    this.parts = [];
    this.length = 0;
    return line;
  }
}

/**
 * Writes the index as lines, one step per line (the caller yields between steps): a header (format, version, build,
 * the snapshot's id, the line count), the articles (DocRow) with their files' stamps, then the terms in ascending
 * order (so a restore builds the term tree in one pass), each with its fields' posting lists, and last each article's
 * terms by number; the lists' numbers on raw lines (RawLine) after the JSON lines that place them. Returns null when
 * the index changed, or the engine vacuumed, between steps (try again later: a vacuum reshapes the term tree).
 */
export function* writeSnapshot(
  index: ArticleIndex,
  stamps: ReadonlyMap<string, FileStamp>,
  build: string,
  id: string,
  sizes: LineSizes = LINE_SIZES,
): Generator<void, string | null, void> {
  const engine = internalsOf(index.engine());
  if (!engine || engine.isVacuuming) return null;
  const revision = index.revision;
  const dirt = engine.dirtCount;
  const moved = () => index.revision !== revision || engine.isVacuuming || engine.dirtCount !== dirt;
  const lines: string[] = [];
  let docs: DocRow[] = [];
  for (const [shortId, path] of engine._documentIds) {
    const doc = index.get(path);
    if (!doc) return null;
    const stamp = stamps.get(path);
    docs.push(docRow(shortId, stamp, engine._fieldLength.get(shortId) ?? [], doc));
    if (docs.length === sizes.docs) {
      lines.push(JSON.stringify({ id, docs }));
      docs = [];
      yield;
      if (moved()) return null;
    }
  }
  if (docs.length > 0) lines.push(JSON.stringify({ id, docs }));
  // Each article's terms by number (their order here), for the lines after the terms: a restore reads them at first use.
  const termsOf = new Map<number, number[]>();
  const lastTerm = new Int32Array(engine._nextId).fill(-1);
  const raw = new RawLine(id);
  // A line's terms, and for each its document frequency, field count, then field id, pairs and start of each list.
  let terms: string[] = [];
  let places: number[] = [];
  let number = 0;
  for (const [term, fields] of sortedTerms<Postings>(engine._index._tree)) {
    const at = places.length;
    places.push(0, 0);
    let distinct = 0;
    for (const [fieldId, freqs] of fields) {
      const start = raw.length;
      let count = 0;
      // Postings of discarded articles linger until the engine vacuums; a snapshot leaves them out.
      const add = (doc: number, freq: number): void => {
        if (!engine._documentIds.has(doc)) return;
        raw.push(doc);
        raw.push(freq);
        count++;
        if (lastTerm[doc] === number) return;
        lastTerm[doc] = number;
        distinct++;
        let list = termsOf.get(doc);
        if (!list) termsOf.set(doc, (list = []));
        list.push(number);
      };
      const packed = freqs instanceof PackedFreqs ? freqs.unopened() : null;
      if (packed) {
        let doc = 0;
        readNumbers(packed.text, packed.start, 2 * packed.count, (n, k) => (k % 2 === 0 ? (doc = n) : add(doc, n)));
      } else for (const [doc, freq] of freqs) add(doc, freq);
      if (count > 0) places.push(fieldId, count, start);
    }
    if (places.length === at + 2) {
      places.length = at;
      continue;
    }
    places[at] = distinct;
    places[at + 1] = (places.length - at - 2) / 3;
    terms.push(term);
    number++;
    if (raw.numbers >= sizes.numbers) {
      lines.push(JSON.stringify({ id, terms, places, raw: raw.length }), raw.take());
      terms = [];
      places = [];
      yield;
      if (moved()) return null;
    }
  }
  if (terms.length > 0) lines.push(JSON.stringify({ id, terms, places, raw: raw.length }), raw.take());
  let lists: number[][] = [];
  for (const [shortId, list] of termsOf) {
    lists.push([shortId, list.length, raw.length]);
    for (const n of list) raw.push(n);
    if (raw.numbers >= sizes.numbers) {
      lines.push(JSON.stringify({ id, termsOf: lists, raw: raw.length }), raw.take());
      lists = [];
      yield;
      if (moved()) return null;
    }
  }
  if (lists.length > 0) lines.push(JSON.stringify({ id, termsOf: lists, raw: raw.length }), raw.take());
  const header: Header = {
    format: FORMAT,
    version: SNAPSHOT_VERSION,
    build,
    id,
    lines: lines.length + 1,
    documentCount: engine._documentCount,
    nextId: engine._nextId,
    fieldIds: engine._fieldIds,
    averageFieldLength: engine._avgFieldLength,
  };
  return `${[JSON.stringify(header), ...lines].join("\n")}\n`;
}

/** Runs a snapshot's steps to the end at once (where nothing else waits, as in the command line). */
export function allSteps<T>(steps: Generator<void, T, void>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}
