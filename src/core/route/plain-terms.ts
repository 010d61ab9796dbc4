/**
 * The terms of the plain words met so far, found by their characters in the text (text-terms.ts' forEachTerm): no
 * string is made for a word already seen. An open-addressed table (linear probing) of each word's hash, text and term,
 * grown to at most MAX_WORDS words, then emptied (a vocabulary is small next to a vault's words).
 */
const MAX_WORDS = 1 << 16;

export class PlainTerms {
  private mask = (1 << 12) - 1;
  private hashes = new Int32Array(this.mask + 1);
  private words: (string | undefined)[] = new Array<string | undefined>(this.mask + 1).fill(undefined);
  private terms: (string | null)[] = new Array<string | null>(this.mask + 1).fill(null);
  private count = 0;

  /** `termOf` works out a word's term the first time it is met. */
  constructor(private readonly termOf: (word: string) => string | null) {}

  /** The term of the word at [start, end) of `s`, whose code units hash to `hash`. */
  termAt(s: string, start: number, end: number, hash: number): string | null {
    const length = end - start;
    for (let slot = (hash ^ (hash >>> 15)) & this.mask; ; slot = (slot + 1) & this.mask) {
      const word = this.words[slot];
      if (word === undefined) break;
      if (this.hashes[slot] === hash && word.length === length && s.startsWith(word, start)) return this.terms[slot]!;
    }
    const word = s.slice(start, end);
    const term = this.termOf(word);
    if (this.count >= MAX_WORDS) this.resize(this.mask + 1, false);
    else if (2 * (this.count + 1) > this.mask + 1) this.resize(2 * (this.mask + 1), true);
    this.store(word, hash, term);
    return term;
  }

  private store(word: string, hash: number, term: string | null): void {
    let slot = (hash ^ (hash >>> 15)) & this.mask;
    while (this.words[slot] !== undefined) slot = (slot + 1) & this.mask;
    this.hashes[slot] = hash;
    this.words[slot] = word;
    this.terms[slot] = term;
    this.count++;
  }

  /** A table of `size` slots, with the words it held when `keep` (grown), else empty (full). */
  private resize(size: number, keep: boolean): void {
    const [hashes, words, terms] = [this.hashes, this.words, this.terms];
    this.mask = size - 1;
    this.hashes = new Int32Array(size);
    this.words = new Array<string | undefined>(size).fill(undefined);
    this.terms = new Array<string | null>(size).fill(null);
    this.count = 0;
    if (keep) for (let i = 0; i < words.length; i++) if (words[i] !== undefined) this.store(words[i]!, hashes[i]!, terms[i]!);
  }
}
