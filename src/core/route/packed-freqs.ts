/**
 * Whole numbers written in decimal, each followed by a comma, in a snapshot's text: `count` of them from `start`, each
 * passed to `each` with its place. The reader checked the line (digits and commas) but not each list's length: a
 * damaged snapshot reads as fewer numbers, never past its line. Returns where the next number starts, or -1 when the
 * text ended or was damaged before `count` numbers.
 */
export function readNumbers(text: string, start: number, count: number, each: (n: number, k: number) => void): number {
  let at = start;
  for (let k = 0; k < count; k++) {
    let c = text.charCodeAt(at);
    if (!(c >= 48 && c <= 57)) return -1;
    let n = 0;
    for (; c >= 48 && c <= 57; c = text.charCodeAt(++at)) n = n * 10 + (c - 48);
    if (c !== 44) return -1;
    each(n, k);
    at++;
  }
  return at;
}

/** Pairs `openPostings` reads per step: a list of 10,000 articles opens over ten steps of well under a millisecond. */
export const PAIRS_PER_STEP = 1024;

/**
 * Reads `pairs` (article, frequency) pairs of numbers from `at` in a snapshot's text, handing each on; returns where
 * reading stopped (negative when the text is damaged: the pairs read before the damage were handed on).
 */
function readPairs(text: string, at: number, pairs: number, fn: (doc: number, count: number) => void): number {
  let doc = 0;
  return readNumbers(text, at, 2 * pairs, (v, k) => {
    if (k % 2 === 0) doc = v;
    else fn(doc, v);
  });
}

/**
 * One field's posting list of one term (article → frequency) as the engine's Map, filled from the snapshot's text
 * only when first used: a search touches a few terms, so a warm start need not build a million map entries first
 * (nor a million numbers parsed into arrays the garbage collector then copies).
 */
export class PackedFreqs extends Map<number, number> {
  /** The snapshot's text while pairs are left to read; null once the map is complete. */
  private text: string | null;
  /** Where the next pair starts, and how many are left, while the list is being opened a part at a time. */
  private at: number;
  private left: number;

  constructor(
    text: string,
    private readonly start: number,
    private readonly count: number,
  ) {
    super();
    this.text = text;
    this.at = start;
    this.left = count;
  }

  /** The pairs' place in the snapshot's text (`count` pairs of numbers from `start`) while the map has not been used. */
  unopened(): { text: string; start: number; count: number } | null {
    return this.text === null || this.left !== this.count ? null : { text: this.text, start: this.start, count: this.count };
  }

  /** True once every pair is in the map. */
  get opened(): boolean {
    return this.text === null;
  }

  /**
   * Each pair (article, frequency) in the list's order. A list never used is read straight from the snapshot's text
   * and left unopened: a run that reads each list once (header drafts look up some 15,000 terms' lists) would
   * otherwise fill a map for each only to walk it once.
   */
  forEachPair(fn: (id: number, count: number) => void): void {
    const packed = this.unopened();
    if (packed === null) {
      this.forEach((count, id) => fn(id, count));
      return;
    }
    readPairs(packed.text, packed.start, packed.count, fn);
  }

  /** Fills the map from the text (once; nothing after that). */
  open(): void {
    this.openSome(this.left);
  }

  /** Reads up to `pairs` more pairs into the map: a long list opens over several steps. True when it is complete. */
  openSome(pairs: number): boolean {
    const text = this.text;
    if (text === null) return true;
    const n = Math.min(pairs, this.left);
    const at = readPairs(text, this.at, n, (doc, count) => super.set(doc, count));
    this.left -= n;
    this.at = at;
    // Complete, or damaged: what was read is the list.
    if (this.left === 0 || at < 0) this.text = null;
    return this.text === null;
  }

  override get size(): number {
    this.open();
    return super.size;
  }

  override get(key: number): number | undefined {
    this.open();
    return super.get(key);
  }

  override has(key: number): boolean {
    this.open();
    return super.has(key);
  }

  override set(key: number, value: number): this {
    this.open();
    return super.set(key, value);
  }

  override delete(key: number): boolean {
    this.open();
    return super.delete(key);
  }

  override clear(): void {
    this.text = null;
    super.clear();
  }

  override forEach(fn: (value: number, key: number, map: Map<number, number>) => void, thisArg?: unknown): void {
    this.open();
    super.forEach(fn, thisArg);
  }

  override keys(): MapIterator<number> {
    this.open();
    return super.keys();
  }

  override values(): MapIterator<number> {
    this.open();
    return super.values();
  }

  override entries(): MapIterator<[number, number]> {
    this.open();
    return super.entries();
  }

  override [Symbol.iterator](): MapIterator<[number, number]> {
    this.open();
    return super[Symbol.iterator]();
  }
}

/**
 * Opens, a step at a time, the posting lists a document's terms have that were never used: adding or searching a note
 * whose words are common would otherwise open lists of 10,000 articles each in one task (~60 ms at 10,000 articles).
 * A step reads one list of at most PAIRS_PER_STEP articles, or that many of a longer one.
 */
export function* openPostings(
  postings: { get(term: string): Map<number, Map<number, number>> | undefined },
  terms: Iterable<string>,
): Generator<void, void, void> {
  for (const term of terms) {
    for (const freqs of postings.get(term)?.values() ?? []) {
      if (!(freqs instanceof PackedFreqs) || freqs.opened) continue;
      while (!freqs.openSome(PAIRS_PER_STEP)) yield;
      yield;
    }
  }
}

/**
 * One term's posting lists by field (field id → its PackedFreqs) as the engine's Map, made from the snapshot's row
 * only when first used. Not a Map: a warm start makes one for each of its 40,000+ terms and uses a handful, and a
 * Map (a subclass even more) costs several times a plain object to make in code that has not been optimized yet.
 * It answers every Map method the engine calls (get, set, delete, has, size, and iteration).
 */
export class PackedPostings {
  private map: Map<number, Map<number, number>> | null = null;

  /** `places[at - 1]` fields, then for each its id, pair count and list start (in `text`, after `offset`). */
  constructor(
    private readonly text: string,
    private readonly offset: number,
    private readonly places: readonly number[],
    private readonly at: number,
  ) {}

  private fields(): Map<number, Map<number, number>> {
    if (this.map === null) {
      this.map = new Map();
      const end = this.at + 3 * this.places[this.at - 1]!;
      for (let i = this.at; i < end; i += 3) {
        this.map.set(this.places[i]!, new PackedFreqs(this.text, this.offset + this.places[i + 2]!, this.places[i + 1]!));
      }
    }
    return this.map;
  }

  get size(): number {
    return this.fields().size;
  }
  get(fieldId: number): Map<number, number> | undefined {
    return this.fields().get(fieldId);
  }
  has(fieldId: number): boolean {
    return this.fields().has(fieldId);
  }
  set(fieldId: number, freqs: Map<number, number>): this {
    this.fields().set(fieldId, freqs);
    return this;
  }
  delete(fieldId: number): boolean {
    return this.fields().delete(fieldId);
  }
  clear(): void {
    this.fields().clear();
  }
  keys(): MapIterator<number> {
    return this.fields().keys();
  }
  values(): MapIterator<Map<number, number>> {
    return this.fields().values();
  }
  entries(): MapIterator<[number, Map<number, number>]> {
    return this.fields().entries();
  }
  forEach(fn: (value: Map<number, number>, key: number, map: Map<number, Map<number, number>>) => void): void {
    this.fields().forEach(fn);
  }
  [Symbol.iterator](): MapIterator<[number, Map<number, number>]> {
    return this.fields()[Symbol.iterator]();
  }
}
