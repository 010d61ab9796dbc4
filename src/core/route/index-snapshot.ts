import MiniSearch from "minisearch";
import type { ArticleDoc } from "./article-doc";
import { ArticleIndex } from "./article-index";

/**
 * Bump when what the index holds changes: ArticleDoc's fields, tokenizing, term processing or the searched fields.
 * A snapshot of another version (or another plugin build) is ignored and the index built again.
 */
export const SNAPSHOT_VERSION = 1;

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
  _fieldLength: Map<number, number[]>;
  _avgFieldLength: number[];
  _fieldIds: Record<string, number>;
  _nextId: number;
  _documentCount: number;
}

/** The engine's inner maps, or null when this minisearch keeps them otherwise (then no snapshot is made or read). */
function internalsOf(search: MiniSearch<ArticleDoc>): EngineInternals | null {
  const e = search as unknown as Partial<EngineInternals>;
  const ok = e._index !== undefined && typeof e._index.set === "function" && e._documentIds instanceof Map && e._fieldLength instanceof Map
    && Array.isArray(e._avgFieldLength) && typeof e._nextId === "number" && typeof e._documentCount === "number";
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

type DocRow = [shortId: number, mtime: number, size: number, fieldLength: number[], doc: Omit<ArticleDoc, "body">];

/**
 * Writes the index as lines of JSON, one step per line (the caller yields between steps): a header (format,
 * version, build, the snapshot's id, the line count), the articles without their bodies with their files' stamps,
 * then the posting lists as arrays. Returns null when the index changed between steps (try again later).
 */
export function* writeSnapshot(
  index: ArticleIndex, stamps: ReadonlyMap<string, FileStamp>, build: string, id: string, sizes: LineSizes = LINE_SIZES,
): Generator<void, string | null, void> {
  const engine = internalsOf(index.engine());
  if (!engine) return null;
  const revision = index.revision;
  const moved = () => index.revision !== revision;
  // The terms are listed at once: the engine's vacuum may reshape its term tree between steps (it only drops
  // postings of discarded articles, which are left out anyway), and an iterator must not walk a tree that moved.
  const entries = [...engine._index];
  const lines: string[] = [];
  let docs: DocRow[] = [];
  for (const [shortId, path] of engine._documentIds) {
    const doc = index.get(path);
    if (!doc) return null;
    const stamp = stamps.get(path);
    docs.push([shortId, stamp?.mtime ?? -1, stamp?.size ?? -1, engine._fieldLength.get(shortId) ?? [], withoutBody(doc)]);
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
  for (const [term, fields] of entries) {
    const row: (string | number)[] = [term];
    for (const [fieldId, freqs] of fields) {
      const at = row.length;
      row.push(fieldId, 0);
      // Postings of discarded articles linger until the engine vacuums; a snapshot leaves them out.
      for (const [doc, freq] of freqs) if (engine._documentIds.has(doc)) row.push(doc, freq);
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
    format: FORMAT, version: SNAPSHOT_VERSION, build, id, lines: lines.length + 1,
    documentCount: engine._documentCount, nextId: engine._nextId, fieldIds: engine._fieldIds, averageFieldLength: engine._avgFieldLength,
  };
  return `${[JSON.stringify(header), ...lines].join("\n")}\n`;
}

function withoutBody(doc: ArticleDoc): Omit<ArticleDoc, "body"> {
  const copy: Partial<ArticleDoc> = { ...doc };
  delete copy.body;
  return copy as Omit<ArticleDoc, "body">;
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
  const index = new ArticleIndex();
  const options = index.searchOptions();
  const fields = options.fields;
  check(fields.every((f, i) => header.fieldIds[f] === i) && Object.keys(header.fieldIds).length === fields.length, "other fields");
  const docs: ArticleDoc[] = [];
  const pathOf = new Map<number, string>();
  const stamps = new Map<string, FileStamp>();
  const termsOf = new Map<string, Set<string>>();
  const df = new Map<string, number>();
  const fieldLength: Record<number, number[]> = {};
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
      for (const [shortId, mtime, size, lengths, doc] of part.docs) {
        check(isDoc(doc) && Number.isInteger(shortId) && Array.isArray(lengths) && !pathOf.has(shortId), "bad article");
        docs.push({ ...doc, body: "" });
        pathOf.set(shortId, doc.path);
        stamps.set(doc.path, { mtime, size });
        termsOf.set(doc.path, new Set());
        fieldLength[shortId] = lengths;
      }
      continue;
    }
    check(Array.isArray(part.terms), "unknown line");
    if (engine === null) {
      check(docs.length === header.documentCount, "article count");
      search = MiniSearch.loadJS<ArticleDoc>(plainEngine(header, pathOf, fieldLength), options);
      engine = internalsOf(search);
      check(engine !== null, "engine");
    }
    for (const row of part.terms) addTerm(row, engine, pathOf, termsOf, df);
  }
  check(at === text.length, "trailing lines");
  check(docs.length === header.documentCount, "article count");
  search ??= MiniSearch.loadJS<ArticleDoc>(plainEngine(header, pathOf, fieldLength), options);
  index.adopt({ search, docs, termsOf, df });
  return { index, stamps };
}

/** The engine's own plain form without its terms (they are added in slices, as arrays, by addTerm). */
function plainEngine(header: Header, pathOf: ReadonlyMap<number, string>, fieldLength: Record<number, number[]>) {
  return {
    documentCount: header.documentCount, nextId: header.nextId, fieldIds: header.fieldIds, averageFieldLength: header.averageFieldLength,
    documentIds: Object.fromEntries(pathOf), fieldLength, storedFields: Object.fromEntries([...pathOf.keys()].map((k) => [k, {}])),
    dirtCount: 0, index: [], serializationVersion: 2,
  };
}

/** One term's row: its posting lists into the engine, and its document frequency and articles into df and termsOf. */
function addTerm(row: (string | number)[], engine: EngineInternals, pathOf: ReadonlyMap<number, string>, termsOf: Map<string, Set<string>>, df: Map<string, number>): void {
  const term = row[0];
  check(typeof term === "string", "bad term");
  const postings: Postings = new Map();
  const docsWith = new Set<number>();
  let i = 1;
  while (i < row.length) {
    const fieldId = row[i] as number;
    const count = row[i + 1] as number;
    const freqs = new Map<number, number>();
    for (let k = 0; k < count; k++) {
      const doc = row[i + 2 + 2 * k] as number;
      check(pathOf.has(doc), "posting of an unknown article");
      freqs.set(doc, row[i + 3 + 2 * k] as number);
      docsWith.add(doc);
    }
    postings.set(fieldId, freqs);
    i += 2 + 2 * count;
  }
  check(i === row.length, "bad postings");
  engine._index.set(term, postings);
  df.set(term, docsWith.size);
  for (const doc of docsWith) termsOf.get(pathOf.get(doc)!)!.add(term);
}

function isDoc(d: unknown): d is Omit<ArticleDoc, "body"> {
  const doc = d as Partial<ArticleDoc> | null;
  return doc !== null && typeof doc === "object"
    && ["path", "title", "aliases", "answers", "tldr", "tags", "headings"].every((k) => typeof doc[k as keyof ArticleDoc] === "string")
    && typeof doc.tokens === "number" && typeof doc.tldrTokens === "number" && typeof doc.hasBody === "boolean"
    && typeof doc.header === "object" && doc.header !== null && Array.isArray(doc.header.connects);
}
