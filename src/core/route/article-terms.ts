import { readNumbers } from "./packed-freqs";
import { indexOfSorted } from "./term-tree";

/** An article's term numbers still in a snapshot's text: `count` ascending numbers below `terms` from `start` (read at first use). */
export interface PackedList {
  text: string;
  start: number;
  count: number;
  terms: number;
}

/**
 * Each article's processed terms, for the router's coverage test (has) and for taking an article's terms out of the
 * document frequencies when it is removed. An article indexed here holds a Set; an article restored from a snapshot
 * holds the ascending numbers of its terms in one shared term table, which a restore fills ~10× faster than a
 * million Set insertions (the cost that kept a warm start of 10,000 articles over a second).
 */
export class ArticleTerms {
  private readonly sets = new Map<string, Set<string>>();
  private packed = new Map<string, readonly number[] | PackedList>();
  /** The table the packed lists number into: the snapshot's terms in ascending order (a term's number is found by bisection). */
  private table: readonly string[] = [];

  /** Terms restored from a snapshot: `lists` gives each article's term numbers in ascending order into `table`. */
  static packed(table: readonly string[], lists: Map<string, readonly number[] | PackedList>): ArticleTerms {
    const terms = new ArticleTerms();
    terms.table = table;
    // Taken, not copied (10,000 entries in one go were most of a long task).
    terms.packed = lists;
    return terms;
  }

  /** Every term of the snapshot the articles were restored from (none for an index built here). */
  restoredTerms(): readonly string[] {
    return this.table;
  }

  set(path: string, terms: Set<string>): void {
    this.packed.delete(path);
    this.sets.set(path, terms);
  }

  delete(path: string): void {
    this.sets.delete(path);
    this.packed.delete(path);
  }

  has(path: string, term: string): boolean {
    const set = this.sets.get(path);
    if (set) return set.has(term);
    const list = this.listOf(path);
    if (!list) return false;
    const n = indexOfSorted(this.table, term);
    if (n === -1) return false;
    let lo = 0;
    let hi = list.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const v = list[mid]!;
      if (v === n) return true;
      if (v < n) lo = mid + 1;
      else hi = mid - 1;
    }
    return false;
  }

  /** The article's terms (none for an unknown article). */
  *of(path: string): IterableIterator<string> {
    const set = this.sets.get(path);
    if (set) {
      yield* set;
      return;
    }
    for (const n of this.listOf(path) ?? []) yield this.table[n]!;
  }

  /** An article's term numbers, read from the snapshot's text the first time they are asked for. */
  private listOf(path: string): readonly number[] | undefined {
    const list = this.packed.get(path);
    if (list === undefined || Array.isArray(list)) return list;
    const { text, start, count, terms } = list as PackedList;
    const numbers: number[] = [];
    readNumbers(text, start, count, (n) => numbers.push(n));
    // A damaged list (not ascending, a term past the table, cut short) counts as none: the binary search needs order.
    const valid = numbers.length === count && numbers.every((n, i) => n < terms && (i === 0 || n > numbers[i - 1]!));
    const kept = valid ? numbers : [];
    this.packed.set(path, kept);
    return kept;
  }
}

/** Terms whose snapshot count DocumentFrequencies keeps once looked up (bounded: a long run forgets and looks again). */
const MAX_SEEN = 100_000;

/**
 * How many articles hold each term: for an index restored from a snapshot, the snapshot's counts (found by bisection in
 * its sorted table, so a warm start fills no map of 40,000 terms) under the changes made since; otherwise a Map.
 */
export class DocumentFrequencies {
  /** Counts set since the snapshot (0: the term is gone). */
  private readonly changed = new Map<string, number>();

  constructor(
    private readonly table: readonly string[] = [],
    private readonly countOf: (i: number) => number = () => 0,
  ) {}

  /**
   * The counts of the terms looked up so far (-1: not in the table): each term is bisected once (some sixteen string
   * comparisons), so a run over many notes pays per term it asks about, a little at each lookup. Filling a map of the
   * whole table at once was one task of ~13 ms at 42,000 terms, past a frame in the plugin.
   */
  private readonly seen = new Map<string, number>();

  get(term: string): number | undefined {
    // Nothing has changed since the snapshot in a command's run: its ~100,000 lookups skip this map.
    if (this.changed.size > 0) {
      const n = this.changed.get(term);
      if (n !== undefined) return n === 0 ? undefined : n;
    }
    if (this.table.length === 0) return undefined;
    let count = this.seen.get(term);
    if (count === undefined) {
      const i = indexOfSorted(this.table, term);
      count = i === -1 ? -1 : this.countOf(i);
      if (this.seen.size >= MAX_SEEN) this.seen.clear();
      this.seen.set(term, count);
    }
    return count === -1 ? undefined : count;
  }

  set(term: string, n: number): void {
    this.changed.set(term, n);
  }

  delete(term: string): void {
    this.changed.set(term, 0);
  }
}
