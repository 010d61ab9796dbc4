import MiniSearch, { type Options, type SearchResult } from "minisearch";
import { nameOf, type ArticleDoc } from "./article-doc";
import { ArticleTerms, DocumentFrequencies } from "./article-terms";
import { openPostings, PackedFreqs } from "./packed-freqs";
import { processTerm, questionTerms, tokenizeText } from "./text-terms";
import { indexOfSorted } from "./term-tree";

/** The searchable fields of an article, in the order traces list them. */
export const ROUTE_FIELDS = ["title", "aliases", "answers", "tldr", "tags", "headings", "body"] as const;
export type RouteField = (typeof ROUTE_FIELDS)[number];

/** Field weights (minisearch boosts); chosen by measurement, see bench/route-weights-bench.ts and docs/adr. */
export type FieldWeights = Record<RouteField, number>;

/**
 * Shipped weights, chosen on the demo question set (paraphrased questions: recall 0.91 at 3.2 files, against 0.77
 * with title-heavy weights {title 4, aliases 3, answers 3, tldr 2}) and confirmed on its hold-out set (1.00). The
 * title-heavy weights score better on real vaults' anchor texts (MRR 0.675 vs 0.609), which are title-like rather
 * than questions; both are far above plain BM25 there. `npm run bench` prints all of these side by side.
 */
export const DEFAULT_FIELD_WEIGHTS: FieldWeights = { title: 1.5, aliases: 1.5, answers: 1.5, tldr: 1.5, tags: 1, headings: 1, body: 1 };

/** How much a note named by the question (every word of its title in it) outweighs its score, among the first hits. */
const NAMED_BOOST = 2;
/** How much a note whose name is the whole question (nothing asked besides it) outweighs its score. */
const NAMED_EXACT_BOOST = 4;
const NAMED_WINDOW = 60;

/** What a snapshot restores an index from (see ArticleIndex.restore). */
export interface RestoredParts {
  search: MiniSearch<ArticleDoc>;
  /** The articles by path (taken as they are: a restore fills them line by line), and the connection articles' paths. */
  docs: Map<string, ArticleDoc>;
  connections: Set<string>;
  terms: ArticleTerms;
  df: DocumentFrequencies;
  /**
   * The snapshot's terms in order and each one's posting lists by place: the engine's term tree is made of them, and
   * a posting list is found here by bisection while the index is as restored.
   */
  postingsAt?: { table: readonly string[]; postingsOf(i: number): Map<number, Map<number, number>> };
}

/** One search hit: the article, its score, and which question terms matched which fields. */
export interface ArticleHit {
  doc: ArticleDoc;
  score: number;
  /** Question term (as processed) → fields it matched in (whole words, prefixes of the last term, near spellings). */
  matched: Map<string, RouteField[]>;
}

/**
 * A search index over articles, kept up to date one article at a time (add, replace, discard; never a rebuild),
 * plus document frequencies per term so the router can weigh how much of a question an article covers.
 */
export class ArticleIndex {
  /** The tokens of the article being added, per field: each field is tokenized once for both the search and `df`. */
  private adding: Partial<Record<RouteField, string[]>> | null = null;
  private search: MiniSearch<ArticleDoc>;
  private docs = new Map<string, ArticleDoc>();
  private terms = new ArticleTerms();
  private df = new DocumentFrequencies();
  /** The articles' tokens summed, for their mean length. */
  private tokenSum = 0;
  /** Paths of connection articles (a non-empty `connects`), so routing need not scan every article for them. */
  private connectionPaths = new Set<string>();

  /** Changes so far (each upsert and remove counts one): a snapshot taken over several slices checks it did not move. */
  revision = 0;

  constructor(private readonly weights: FieldWeights = DEFAULT_FIELD_WEIGHTS) {
    this.search = new MiniSearch<ArticleDoc>(this.searchOptions());
  }

  /** The search engine's options; a snapshot of the engine is loaded with the same ones. */
  searchOptions(): Options<ArticleDoc> {
    return {
      idField: "path",
      fields: [...ROUTE_FIELDS],
      storeFields: [],
      // Indexing takes the tokens upsert has already made (questions are tokenized as usual); the raw tokens, not the
      // processed terms, because a field's length in the scoring counts its distinct tokens, stop words included.
      tokenize: (text, field) => this.adding?.[field as RouteField] ?? tokenizeText(text),
      processTerm,
      autoVacuum: { minDirtCount: 20, minDirtFactor: 0.1, batchSize: 500, batchWait: 0 },
    };
  }

  /**
   * Takes the parts a snapshot restored (index-snapshot.ts), on a new, empty index: the engine loaded with this
   * index's searchOptions(), the articles, and each article's processed terms with their document frequencies, as
   * upsert would have left them.
   */
  adopt(parts: RestoredParts): void {
    this.search = parts.search;
    // Taken, not copied: handing 10,000 articles over one by one was a task of its own over a frame's time.
    this.docs = parts.docs;
    this.connectionPaths = parts.connections;
    this.terms = parts.terms;
    this.df = parts.df;
    let sum = 0;
    for (const d of parts.docs.values()) sum += d.tokens;
    this.tokenSum = sum;
    this.revision++;
    this.restored = parts.postingsAt ? { ...parts.postingsAt, revision: this.revision } : null;
  }

  /** The restored posting lists, valid while `revision` is still the restore's (no article added or removed since). */
  private restored: (NonNullable<RestoredParts["postingsAt"]> & { revision: number }) | null = null;

  /**
   * A term's posting lists by field: from the snapshot's table while the index is as restored (a bisection), else from
   * the engine's term tree. The tree's walk scans each node's edges and cuts the key at each, ~6 µs a term: most of
   * looking up a header run's 8,000 key terms.
   */
  private postingsOfTerm(term: string): Map<number, Map<number, number>> | undefined {
    const r = this.restored;
    if (r === null || r.revision !== this.revision) return this.postings().get(term);
    const i = indexOfSorted(r.table, term);
    return i === -1 ? undefined : r.postingsOf(i);
  }

  /**
   * Resolves once the engine holds no postings of removed articles: it clears them in batches of its own (a vacuum),
   * which reshape the term tree a snapshot walks in steps; a snapshot begun after this finds none running.
   */
  async settle(): Promise<void> {
    if (this.search.isVacuuming || this.search.dirtCount > 0) await this.search.vacuum({ batchSize: 500, batchWait: 0 });
  }

  /** The engine itself, for the snapshot module only (read-only use). */
  engine(): MiniSearch<ArticleDoc> {
    return this.search;
  }

  /**
   * Steps (the caller yields between them) that open the posting lists restored from a snapshot which an upsert of
   * `doc` would add to, one list per step: upserting a note of common words right after a warm start would otherwise
   * open lists of thousands of articles in one long task.
   */
  *prepare(doc: ArticleDoc): Generator<void, void, void> {
    // An index built here (a cold build) has no such lists: no second tokenizing of every note.
    if (this.terms.restoredTerms().length === 0) return;
    const terms = new Set<string>();
    for (const field of ROUTE_FIELDS) {
      for (const tok of tokenizeText(doc[field])) {
        const t = processTerm(tok);
        if (t !== null) terms.add(t);
      }
    }
    yield* openPostings(this.postings(), terms);
  }

  /** Steps that open every posting list restored from a snapshot, one per step (run when the machine is idle). */
  *openRestored(): Generator<void, void, void> {
    yield* openPostings(this.postings(), this.terms.restoredTerms());
  }

  private postings(): { get(term: string): Map<number, Map<number, number>> | undefined } {
    return (this.search as unknown as { _index: { get(term: string): Map<number, Map<number, number>> | undefined } })._index;
  }

  /** How many times a processed term occurs in one field of an article (0 when it does not), from the engine's postings. */
  termCount(path: string, term: string, field: RouteField): number {
    const engine = this.search as unknown as { _idToShortId: Map<string, number>; _fieldIds: Record<string, number> };
    const id = engine._idToShortId.get(path);
    const fieldId = engine._fieldIds[field];
    if (id === undefined || fieldId === undefined) return 0;
    return this.postings().get(term)?.get(fieldId)?.get(id) ?? 0;
  }

  /** Adds or replaces one article. */
  upsert(doc: ArticleDoc): void {
    this.revision++;
    if (this.docs.has(doc.path)) this.remove(doc.path);
    const adding: Partial<Record<RouteField, string[]>> = {};
    const terms = new Set<string>();
    for (const field of ROUTE_FIELDS) {
      const tokens = tokenizeText(doc[field]);
      adding[field] = tokens;
      for (const tok of tokens) {
        const t = processTerm(tok);
        if (t !== null) terms.add(t);
      }
    }
    this.adding = adding;
    try {
      this.search.add(doc);
    } finally {
      this.adding = null;
    }
    this.docs.set(doc.path, doc);
    this.tokenSum += doc.tokens;
    if (doc.header.connects.length > 0) this.connectionPaths.add(doc.path);
    this.terms.set(doc.path, terms);
    for (const t of terms) this.df.set(t, (this.df.get(t) ?? 0) + 1);
  }

  /** Removes one article (no-op when absent). */
  remove(path: string): void {
    const doc = this.docs.get(path);
    if (!doc) return;
    this.revision++;
    this.tokenSum -= doc.tokens;
    this.search.discard(path);
    this.docs.delete(path);
    this.connectionPaths.delete(path);
    for (const t of this.terms.of(path)) {
      const n = (this.df.get(t) ?? 1) - 1;
      if (n <= 0) this.df.delete(t);
      else this.df.set(t, n);
    }
    this.terms.delete(path);
  }

  get size(): number {
    return this.docs.size;
  }

  get(path: string): ArticleDoc | undefined {
    return this.docs.get(path);
  }

  /** Connection articles (those whose header lists the concepts they connect). */
  *connections(): IterableIterator<ArticleDoc> {
    for (const p of this.connectionPaths) {
      const d = this.docs.get(p);
      if (d) yield d;
    }
  }

  all(): IterableIterator<ArticleDoc> {
    return this.docs.values();
  }

  /**
   * Leaves out words found in more than half of the articles (they carry almost no weight but make every article
   * a candidate, which is what slows a large base down); keeps the question as it is when nothing would remain.
   */
  private dropUbiquitous(question: string): string {
    const n = this.docs.size;
    if (n < 20) return question;
    const kept = tokenizeText(question).filter((tok) => {
      const t = processTerm(tok);
      return t !== null && (this.df.get(t) ?? 0) <= n / 2;
    });
    return kept.length > 0 ? kept.join(" ") : question;
  }

  /** The mean length of an article in tokens (0 for an empty index). */
  meanTokens(): number {
    return this.docs.size > 0 ? this.tokenSum / this.docs.size : 0;
  }

  /** The number of articles a processed term occurs in. */
  docFreq(term: string): number {
    return this.df.get(term) ?? 0;
  }

  /** Inverse document frequency of a processed term; unknown terms get the highest value. */
  idf(term: string): number {
    return Math.log(1 + this.docs.size / (1 + (this.df.get(term) ?? 0)));
  }

  /** The most `idf` gives any term (one no article holds). */
  maxIdf(): number {
    return Math.log(1 + this.docs.size);
  }

  private fieldNamesOf: { ids: Record<string, number>; names: RouteField[] } | null = null;

  /** The search engine's field names by id (the same object while the engine is; looked up once, not per term). */
  private fieldNames(ids: Record<string, number>): RouteField[] {
    if (this.fieldNamesOf?.ids !== ids) {
      const names: RouteField[] = [];
      for (const [name, id] of Object.entries(ids)) names[id] = name as RouteField;
      this.fieldNamesOf = { ids, names };
    }
    return this.fieldNamesOf.names;
  }

  /**
   * Calls `fn` for each article a processed term occurs in, with how many times in one field (one pass over its
   * postings), by the search engine's number for the article: pathOfId names it (a number that names none, a removed
   * article's, is passed over by the caller), so a run over many terms counts by number, not by path.
   */
  forEachPostingId(term: string, fn: (id: number, field: RouteField, count: number) => void): void {
    const engine = this.search as unknown as { _fieldIds: Record<string, number> };
    const byField = this.postingsOfTerm(term);
    if (!byField) return;
    const names = this.fieldNames(engine._fieldIds);
    for (const [fieldId, freqs] of byField) {
      const field = names[fieldId];
      if (field === undefined) continue;
      if (freqs instanceof PackedFreqs) freqs.forEachPair((shortId, count) => fn(shortId, field, count));
      else freqs.forEach((count, shortId) => fn(shortId, field, count));
    }
  }

  /** The article the search engine numbers `id`, if any (see forEachPostingId). */
  pathOfId(id: number): string | undefined {
    return (this.search as unknown as { _documentIds: Map<number, string> })._documentIds.get(id);
  }

  /** The search engine's number for an article, if it has one. */
  idOfPath(path: string): number | undefined {
    return (this.search as unknown as { _idToShortId: Map<string, number> })._idToShortId.get(path);
  }

  /**
   * Ranked hits as the router uses them: query's, except that a note the question names (every word of its title, of
   * its folder's name for a folder note, or of one of its aliases of two words or more, in the question; or the short
   * form the note gives its name, such as "ALSA") counts twice its score, four times when that name is the whole
   * question, looked for among the first NAMED_WINDOW hits.
   */
  rankedHits(question: string, limit = 12): ArticleHit[] {
    const hits = this.query(question, Math.max(limit, NAMED_WINDOW));
    const asked = new Set(questionTerms(question));
    let boosted = false;
    const names = (d: ArticleDoc): string[][] => [
      questionTerms(nameOf(d)),
      ...d.header.aliases.map(questionTerms).filter((w) => w.length >= 2),
      ...statedShortForms(d).map((t) => [t]),
    ];
    for (const h of hits) {
      const named = names(h.doc).filter((words) => words.length > 0 && words.every((t) => asked.has(t)));
      if (named.length > 0) {
        // The question is the note's name (or alias, or short form) and nothing more: that note, before the others.
        h.score *= named.some((words) => new Set(words).size === asked.size) ? NAMED_EXACT_BOOST : NAMED_BOOST;
        boosted = true;
      }
    }
    if (boosted) hits.sort((a, b) => b.score - a.score);
    return hits.slice(0, limit);
  }

  /** The processed terms of an article (none for an unknown one). */
  termsOf(path: string): IterableIterator<string> {
    return this.terms.of(path);
  }

  /** True when the processed term occurs in the article. */
  has(path: string, term: string): boolean {
    return this.terms.has(path, term);
  }

  /** Ranked hits for a question (OR of its terms, prefix on the last term, fuzzy only on long terms). */
  query(question: string, limit = 12, weights: FieldWeights = this.weights): ArticleHit[] {
    const results: SearchResult[] = this.search.search(this.dropUbiquitous(question), {
      boost: { ...weights },
      combineWith: "OR",
      prefix: (term, i, terms) => i === terms.length - 1 && term.length >= 4,
      fuzzy: (term) => (term.length >= 7 ? 0.15 : false),
      weights: { fuzzy: 0.45, prefix: 0.6 },
    });
    return results.slice(0, limit).flatMap((r) => {
      const doc = this.docs.get(String(r.id));
      if (!doc) return [];
      const matched = new Map<string, RouteField[]>();
      for (const q of r.queryTerms) matched.set(q, []);
      for (const [term, fields] of Object.entries(r.match)) {
        for (const q of r.queryTerms) {
          if (term === q || term.startsWith(q) || (q.length >= 7 && Math.abs(term.length - q.length) <= 2)) {
            const list = matched.get(q)!;
            for (const f of fields as RouteField[]) if (!list.includes(f)) list.push(f);
          }
        }
      }
      // In the fields' own order, not the order the engine met the terms (which depends on how its tree was built).
      for (const list of matched.values()) list.sort((a, b) => ROUTE_FIELDS.indexOf(a) - ROUTE_FIELDS.indexOf(b));
      return [{ doc, score: r.score, matched }];
    });
  }
}

/** A short form in brackets, two capitals or more, right after a name: " (ALSA)", " (ASN.1)", " (CIELAB)". */
const SHORT_FORM = /^\s*\(([A-Za-z][A-Za-z0-9&.-]{1,9})\)/;

/**
 * The short forms a note gives its own name, as processed terms: after its name in its title ("Geographic Information
 * System (GIS)") or in an answers_when ("what is advanced linux sound architecture (ALSA)").
 */
function statedShortForms(d: ArticleDoc): string[] {
  const title = nameOf(d);
  const name = title.replace(/\s*\([^)]*\)\s*$/, "").toLowerCase();
  const out: string[] = [];
  if (name === "") return out;
  for (const text of [title, ...d.header.answersWhen]) {
    const at = text.toLowerCase().indexOf(name);
    const m = at === -1 ? null : SHORT_FORM.exec(text.slice(at + name.length));
    if (!m || (m[1]!.match(/[A-Z]/g)?.length ?? 0) < 2) continue;
    const terms = questionTerms(m[1]!);
    if (terms.length === 1 && !out.includes(terms[0]!)) out.push(terms[0]!);
  }
  return out;
}
