import MiniSearch, { type Options } from "minisearch";
import type { CkpHeader, CkpRelation } from "../ckp/ckp-header";
import { emptyCkpHeader } from "../ckp/read-ckp-header";
import { headerFields, type ArticleDoc } from "./article-doc";
import { ArticleIndex } from "./article-index";
import { ArticleTerms } from "./article-terms";
import { PackedFreqs } from "./packed-freqs";

/**
 * Bump when what the index holds changes: ArticleDoc's fields, tokenizing, term processing or the searched fields.
 * A snapshot of another version (or another plugin build) is ignored and the index built again.
 */
export const SNAPSHOT_VERSION = 3;

const FORMAT = "kc-router-index";
/** Articles per line and index numbers per line: each line is parsed in a step of its own, a few ms at most. */
export interface LineSizes {
  docs: number;
  numbers: number;
}
const LINE_SIZES: LineSizes = { docs: 100, numbers: 10_000 };

/** A note's file as the index saw it: a changed modification time or size means the note is read again. */
export interface FileStamp {
  mtime: number;
  size: number;
}

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
interface EngineInternals {
  _index: { set(term: string, postings: Postings): unknown; [Symbol.iterator](): Iterator<[string, Postings]> };
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
function internalsOf(search: MiniSearch<ArticleDoc>): EngineInternals | null {
  const e = search as unknown as Partial<EngineInternals>;
  const ok =
    e._index !== undefined &&
    typeof e._index.set === "function" &&
    e._documentIds instanceof Map &&
    e._idToShortId instanceof Map &&
    e._fieldLength instanceof Map &&
    Array.isArray(e._avgFieldLength) &&
    typeof e._nextId === "number" &&
    typeof e._documentCount === "number";
  return ok ? (e as EngineInternals) : null;
}

interface Header {
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
 * One article: its engine id, its file's stamp, its field lengths, then its router view without the body and without
 * what follows from its path and header (headerFields), the header without its empty fields, and the fields that
 * differ from what the header gives (the TLDR of a note without one in its header).
 */
type DocRow = [
  shortId: number,
  mtime: number,
  size: number,
  fieldLength: number[],
  path: string,
  headings: string,
  hasBody: 0 | 1,
  tokens: number,
  tldrTokens: number,
  header: Partial<Record<keyof CkpHeader, unknown>>,
  own: Partial<Record<"title" | "aliases" | "answers" | "tags" | "tldr", string>>,
];

/**
 * Writes the index as lines of JSON, one step per line (the caller yields between steps): a header (format,
 * version, build, the snapshot's id, the line count), the articles (DocRow) with their files' stamps, then the
 * posting lists as arrays. Returns null when the index changed, or the engine vacuumed, between steps (try again
 * later: a vacuum reshapes the term tree the steps walk).
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
  let terms: (string | number)[][] = [];
  let numbers = 0;
  for (const [term, fields] of engine._index) {
    const row: (string | number)[] = [term];
    for (const [fieldId, freqs] of fields) {
      const at = row.length;
      row.push(fieldId, 0);
      // Postings of discarded articles linger until the engine vacuums; a snapshot leaves them out.
      const packed = freqs instanceof PackedFreqs ? freqs.unopened() : null;
      if (packed) {
        for (let k = packed.from; k < packed.end; k += 2) if (engine._documentIds.has(packed.row[k]!)) row.push(packed.row[k]!, packed.row[k + 1]!);
      } else for (const [doc, freq] of freqs) if (engine._documentIds.has(doc)) row.push(doc, freq);
      if (row.length === at + 2) row.length = at;
      else row[at + 1] = (row.length - at - 2) / 2;
    }
    if (row.length === 1) continue;
    terms.push(row);
    numbers += row.length;
    if (numbers >= sizes.numbers) {
      lines.push(JSON.stringify({ id, terms }));
      terms = [];
      numbers = 0;
      yield;
      if (moved()) return null;
    }
  }
  if (terms.length > 0) lines.push(JSON.stringify({ id, terms }));
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

const RELATION_KEYS = new Set<keyof CkpHeader>(["similarHigh", "similarMid"]);

function docRow(shortId: number, stamp: FileStamp | undefined, lengths: number[], doc: ArticleDoc): DocRow {
  const header: DocRow[9] = {};
  const empty = emptyCkpHeader();
  for (const key of Object.keys(empty) as (keyof CkpHeader)[]) {
    const value = doc.header[key];
    if (value === null || value === empty[key] || (Array.isArray(value) && value.length === 0)) continue;
    // Relations as flat [target, stamp, …] lists: a tenth of the keys JSON would repeat.
    header[key] = RELATION_KEYS.has(key) ? (value as CkpRelation[]).flatMap((r) => [r.target, r.stamp]) : value;
  }
  const own: DocRow[10] = {};
  const derived = headerFields(doc.path, doc.header);
  for (const key of ["title", "aliases", "answers", "tags"] as const) if (doc[key] !== derived[key]) own[key] = doc[key];
  if (doc.tldr !== doc.header.tldr) own.tldr = doc.tldr;
  return [shortId, stamp?.mtime ?? -1, stamp?.size ?? -1, lengths, doc.path, doc.headings, doc.hasBody ? 1 : 0, doc.tokens, doc.tldrTokens, header, own];
}

/** The article a DocRow holds (its body empty), or null when the row is not one this version writes. */
function docOf(row: DocRow): ArticleDoc | null {
  const [, , , , path, headings, hasBody, tokens, tldrTokens, compact, own] = row;
  if (
    typeof path !== "string" ||
    typeof headings !== "string" ||
    (hasBody !== 0 && hasBody !== 1) ||
    typeof tokens !== "number" ||
    typeof tldrTokens !== "number"
  )
    return null;
  const header = headerOf(compact);
  if (!header || typeof own !== "object" || own === null) return null;
  for (const [key, value] of Object.entries(own)) if (!["title", "aliases", "answers", "tags", "tldr"].includes(key) || typeof value !== "string") return null;
  const tldr = own.tldr ?? header.tldr;
  if (tldr === null) return null;
  return { path, ...headerFields(path, header), ...own, tldr, headings, body: "", hasBody: hasBody === 1, header, tokens, tldrTokens };
}

/** A header from its written form: every field it leaves out is empty; a field of the wrong shape refuses the row. */
function headerOf(compact: unknown): CkpHeader | null {
  if (typeof compact !== "object" || compact === null || Array.isArray(compact)) return null;
  const header = emptyCkpHeader();
  const fields = header as unknown as Record<string, unknown>;
  const isText = (v: unknown) => typeof v === "string";
  for (const [key, value] of Object.entries(compact as Record<string, unknown>)) {
    if (!(key in header)) return null;
    const empty = fields[key];
    if (RELATION_KEYS.has(key as keyof CkpHeader)) {
      if (!Array.isArray(value) || value.length % 2 !== 0) return null;
      const relations: CkpRelation[] = [];
      for (let i = 0; i < value.length; i += 2) {
        const [target, stamp] = [value[i] as unknown, value[i + 1] as unknown];
        if (!isText(target) || !(stamp === null || isText(stamp))) return null;
        relations.push({ target: target, stamp: stamp });
      }
      fields[key] = relations;
    } else if (Array.isArray(empty)) {
      if (!Array.isArray(value) || !value.every(isText)) return null;
      fields[key] = value;
    } else if (key === "form") {
      if (value !== "yaml" && value !== "plain") return null;
      fields[key] = value;
    } else if (key === "corroborations") {
      if (typeof value !== "number") return null;
      fields[key] = value;
    } else {
      if (!isText(value)) return null;
      fields[key] = value;
    }
  }
  return header;
}

/** Runs a snapshot's steps to the end at once (where nothing else waits, as in the command line). */
export function allSteps<T>(steps: Generator<void, T, void>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

class Invalid extends Error {}

function check(ok: boolean, what: string): asserts ok {
  if (!ok) throw new Invalid(what);
}

/**
 * Reads a snapshot written by writeSnapshot, one line per step (the caller yields between steps). Returns null for
 * anything but a complete snapshot of this version and build: another format, a cut-off or mixed file (two writers),
 * a line that is not JSON, an article or posting that does not fit.
 */
export function* readSnapshot(text: string, build: string): Generator<void, RestoredIndex | null, void> {
  try {
    return yield* restore(text, build);
  } catch {
    return null;
  }
}

function* restore(text: string, build: string): Generator<void, RestoredIndex | null, void> {
  let at = 0;
  const nextLine = (): string | null => {
    const end = text.indexOf("\n", at);
    if (end === -1) return null;
    const line = text.slice(at, end);
    at = end + 1;
    return line;
  };
  const header = JSON.parse(nextLine() ?? "null") as Header | null;
  check(header !== null && header.format === FORMAT && header.version === SNAPSHOT_VERSION && header.build === build, "another format");
  check(Number.isInteger(header.nextId) && header.nextId >= 0 && header.nextId <= 1e8, "bad ids");
  const index = new ArticleIndex();
  const options = index.searchOptions();
  const fields = options.fields;
  check(fields.every((f, i) => header.fieldIds[f] === i) && Object.keys(header.fieldIds).length === fields.length, "other fields");
  const docs: ArticleDoc[] = [];
  // The engine's document tables, filled as the articles are read (loading them at once was one long step).
  const pathOf = new Map<number, string>();
  const idOf = new Map<string, number>();
  const fieldLength = new Map<number, number[]>();
  const stamps = new Map<string, FileStamp>();
  // By engine id: 1 for a known article; the last term counted for it (document frequencies count each article once);
  // the numbers of its terms, ascending, into `table`.
  const known = new Uint8Array(header.nextId);
  const lastTerm = new Int32Array(header.nextId).fill(-1);
  const termLists: number[][] = [];
  const lists = new Map<string, number[]>();
  const table: string[] = [];
  const df = new Map<string, number>();
  let search: MiniSearch<ArticleDoc> | null = null;
  let engine: EngineInternals | null = null;
  // Articles come before terms: the engine is loaded with its documents when the first terms line comes.
  for (let n = 1; n < header.lines; n++) {
    yield;
    const line = nextLine();
    check(line !== null, "cut off");
    const part = JSON.parse(line) as { id?: string; docs?: DocRow[]; terms?: (string | number)[][] };
    check(part.id === header.id, "mixed snapshots");
    if (part.docs) {
      check(engine === null, "articles after terms");
      for (const row of part.docs) {
        check(Array.isArray(row) && row.length === 11, "bad article");
        const [shortId, mtime, size, lengths] = row;
        const doc = docOf(row);
        check(
          doc !== null &&
            Number.isInteger(shortId) &&
            shortId >= 0 &&
            shortId < header.nextId &&
            known[shortId] === 0 &&
            !idOf.has(doc.path) &&
            Array.isArray(lengths) &&
            lengths.length === fields.length &&
            lengths.every((n) => typeof n === "number"),
          "bad article",
        );
        docs.push(doc);
        known[shortId] = 1;
        termLists[shortId] = [];
        lists.set(doc.path, termLists[shortId]);
        pathOf.set(shortId, doc.path);
        idOf.set(doc.path, shortId);
        stamps.set(doc.path, { mtime, size });
        fieldLength.set(shortId, lengths);
      }
      continue;
    }
    check(Array.isArray(part.terms), "unknown line");
    if (engine === null) {
      check(docs.length === header.documentCount, "article count");
      ({ search, engine } = emptyEngine(header, options, pathOf, idOf, fieldLength));
    }
    for (const row of part.terms) {
      const term = row[0];
      check(typeof term === "string" && !df.has(term), "bad term");
      const number = table.length;
      table.push(term);
      let count = 0;
      const postings: Postings = new Map();
      let i = 1;
      while (i < row.length) {
        const fieldId = row[i] as number;
        const size = row[i + 1] as number;
        check(
          Number.isInteger(size) && size > 0 && Number.isInteger(fieldId) && fieldId >= 0 && fieldId < fields.length && !postings.has(fieldId),
          "bad postings",
        );
        for (let k = 0; k < size; k++) {
          const doc = row[i + 2 + 2 * k] as number;
          check(known[doc] === 1 && typeof row[i + 3 + 2 * k] === "number", "posting of an unknown article");
          if (lastTerm[doc] !== number) {
            lastTerm[doc] = number;
            termLists[doc]!.push(number);
            count++;
          }
        }
        postings.set(fieldId, new PackedFreqs(row as number[], i + 2, size));
        i += 2 + 2 * size;
      }
      check(i === row.length, "bad postings");
      engine._index.set(term, postings);
      df.set(term, count);
    }
  }
  check(at === text.length, "trailing lines");
  check(docs.length === header.documentCount, "article count");
  search ??= emptyEngine(header, options, pathOf, idOf, fieldLength).search;
  // Handing 10,000 articles over is a step of its own, not the tail of the last line's.
  yield;
  index.adopt({ search, docs, terms: ArticleTerms.packed(table, lists), df });
  return { index, stamps };
}

/** The engine loaded with the header's figures and the articles' tables (its terms are added by restore). */
function emptyEngine(
  header: Header,
  options: Options<ArticleDoc>,
  pathOf: Map<number, string>,
  idOf: Map<string, number>,
  fieldLength: Map<number, number[]>,
): { search: MiniSearch<ArticleDoc>; engine: EngineInternals } {
  const search = MiniSearch.loadJS<ArticleDoc>(
    {
      documentCount: header.documentCount,
      nextId: header.nextId,
      fieldIds: header.fieldIds,
      averageFieldLength: header.averageFieldLength,
      documentIds: {},
      fieldLength: {},
      storedFields: {},
      dirtCount: 0,
      index: [],
      serializationVersion: 2,
    },
    options,
  );
  const engine = internalsOf(search);
  check(engine !== null, "engine");
  engine._documentIds = pathOf;
  engine._idToShortId = idOf;
  engine._fieldLength = fieldLength;
  return { search, engine };
}
