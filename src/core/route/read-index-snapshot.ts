import MiniSearch, { type Options } from "minisearch";
import type { ArticleDoc } from "./article-doc";
import { ArticleIndex } from "./article-index";
import { docOf, type DocRow, type FileStamp } from "./snapshot-doc-rows";
import { ArticleTerms, DocumentFrequencies, type PackedList } from "./article-terms";
import { PackedPostings } from "./packed-freqs";
import { LazyTermTreeNode } from "./term-tree";
import { FORMAT, internalsOf, SNAPSHOT_VERSION, type EngineInternals, type Header, type RestoredIndex } from "./index-snapshot";

// The reading half of the router's index snapshot (index-snapshot.ts writes it and defines its format).

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
  const docs = new Map<string, ArticleDoc>();
  const connections = new Set<string>();
  // The engine's document tables, filled as the articles are read (loading them at once was one long step).
  const pathOf = new Map<number, string>();
  const idOf = new Map<string, number>();
  const fieldLength = new Map<number, number[]>();
  const stamps = new Map<string, FileStamp>();
  // By engine id: 1 for a known article; the last term counted for it (document frequencies count each article once);
  // the numbers of its terms, ascending, into `table`.
  const known = new Uint8Array(header.nextId);
  const hasList = new Uint8Array(header.nextId);
  const lists = new Map<string, readonly number[] | PackedList>();
  // The terms in ascending order, and for each: its line's places and raw line start, and where its own places begin.
  const table: string[] = [];
  const placesOf: number[][] = [];
  const rawOf: number[] = [];
  const lineOf: number[] = [];
  const placeOf: number[] = [];
  let postingsTotal = 0;
  let listsTotal = 0;
  let search: MiniSearch<ArticleDoc> | null = null;
  let engine: EngineInternals | null = null;
  // Articles, then terms, then each article's term lists: the engine is loaded with its documents when the first
  // terms line comes. A raw line is checked as a whole (digits and commas, its length, its snapshot's id) by a native
  // regular expression: reading a million numbers one by one in JavaScript cost more than the rest of a warm start.
  const notNumbers = /[^0-9,]/g;
  for (let n = 1; n < header.lines; n++) {
    yield;
    const line = nextLine();
    check(line !== null, "cut off");
    const part = JSON.parse(line) as { id?: string; docs?: DocRow[]; terms?: string[]; places?: number[]; termsOf?: number[][]; raw?: number };
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
        docs.set(doc.path, doc);
        if (doc.header.connects.length > 0) connections.add(doc.path);
        known[shortId] = 1;
        pathOf.set(shortId, doc.path);
        idOf.set(doc.path, shortId);
        stamps.set(doc.path, { mtime, size });
        fieldLength.set(shortId, lengths);
      }
      continue;
    }
    // The raw line of numbers that follows: of this snapshot, whole, digits and commas only, each number's comma last.
    const rawLength = part.raw;
    check(Number.isInteger(rawLength) && rawLength! > 0 && n + 1 < header.lines && text.startsWith(`${header.id}:`, at), "bad raw line");
    const rawStart = at + header.id.length + 1;
    const rawEnd = rawStart + rawLength!;
    notNumbers.lastIndex = rawStart;
    check(notNumbers.exec(text)?.index === rawEnd && text.charCodeAt(rawEnd) === 10 && text.charCodeAt(rawEnd - 1) === 44, "bad raw line");
    // Each list's start, after the one before has room for its numbers (a digit and a comma each at least), and the
    // last one's inside the line. Its numbers are read when the list is first used; a posting that names no article is
    // then passed over by the engine, as it passes over those of a removed one.
    let free = 0;
    const place = (start: unknown, count: unknown, numbers: number): number => {
      check(Number.isInteger(start) && Number.isInteger(count) && (count as number) > 0 && (start as number) >= free, "bad list");
      free = (start as number) + 2 * numbers * (count as number);
      check(free <= rawLength!, "bad list");
      return rawStart + (start as number);
    };
    if (part.terms) {
      check(Array.isArray(part.terms) && lists.size === 0, "terms after term lists");
      if (engine === null) {
        check(docs.size === header.documentCount, "article count");
        ({ search, engine } = emptyEngine(header, options, pathOf, idOf, fieldLength));
      }
      const places = part.places;
      check(Array.isArray(places), "bad postings");
      const line = placesOf.length;
      placesOf.push(places);
      rawOf.push(rawStart);
      let p = 0;
      for (const term of part.terms) {
        // Terms in ascending order, each once (the order the writer walks the tree in).
        check(typeof term === "string" && (table.length === 0 || term > table[table.length - 1]!), "terms out of order");
        const count = places[p];
        const width = places[p + 1];
        check(Number.isInteger(count) && count! > 0 && count! <= docs.size && Number.isInteger(width) && width! > 0, "bad term");
        table.push(term);
        lineOf.push(line);
        placeOf.push(p);
        p += 2;
        // Field ids in range and each once (a bit each), each list placed after the one before.
        let seen = 0;
        for (let f = 0; f < width!; f++, p += 3) {
          const fieldId = places[p];
          check(Number.isInteger(fieldId) && fieldId! >= 0 && fieldId! < fields.length && (seen & (1 << fieldId!)) === 0, "bad postings");
          seen |= 1 << fieldId!;
          place(places[p + 2], places[p + 1], 2);
        }
        postingsTotal += count!;
      }
      check(p === places.length, "bad postings");
    } else {
      check(Array.isArray(part.termsOf) && engine !== null, "unknown line");
      for (const row of part.termsOf) {
        const shortId = row[0]!;
        const count = row[1]!;
        const start = row[2];
        check(Number.isInteger(shortId) && known[shortId] === 1 && hasList[shortId] === 0, "bad term list");
        hasList[shortId] = 1;
        lists.set(pathOf.get(shortId)!, { text, start: place(start, count, 1), count, terms: table.length });
        listsTotal += count;
      }
    }
    at = rawEnd + 1;
    n++;
  }
  check(at === text.length, "trailing lines");
  check(docs.size === header.documentCount, "article count");
  // As many terms in the articles' lists as their document frequencies count.
  check(listsTotal === postingsTotal, "term lists");
  ({ search, engine } = search && engine ? { search, engine } : emptyEngine(header, options, pathOf, idOf, fieldLength));
  // The term tree and the postings are made when a search first looks into them; the counts read from their lines.
  const postingsOf = (i: number): PackedPostings => new PackedPostings(text, rawOf[lineOf[i]!]!, placesOf[lineOf[i]!]!, placeOf[i]! + 2);
  engine._index._tree = new LazyTermTreeNode(table, postingsOf, 0, table.length, 0);
  engine._index._size = undefined;
  const df = new DocumentFrequencies(table, (i) => placesOf[lineOf[i]!]![placeOf[i]!]!);
  // Handing 10,000 articles over is a step of its own, not the tail of the last line's.
  yield;
  index.adopt({
    search,
    docs,
    connections,
    terms: ArticleTerms.packed(table, lists),
    df,
    postingsAt: { table, postingsOf: (i) => postingsOf(i) as unknown as Map<number, Map<number, number>> },
  });
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
