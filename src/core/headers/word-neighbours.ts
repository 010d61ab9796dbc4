import type { ArticleIndex, RouteField } from "../route/article-index";
import type { KeyTerms } from "./draft-tldr";
import { keepBest } from "../util/keep-best";

/** The key terms looked up per note (its strongest that are neither unique to it nor common). */
const TERMS = 8;

/** How much a word in each field says a note is about it. */
const FIELD_WEIGHT: Partial<Record<RouteField, number>> = { title: 3, aliases: 2, answers: 2, tldr: 1.5, tags: 1.5, headings: 1.5, body: 1 };

/** What one term gives every note's search for neighbours: per note holding it (by number), its saturated count. */
interface TermUse {
  /** Too rare or too common to link notes: not looked up. */
  skip: boolean;
  idf: number;
  notes: Int32Array;
  parts: Float64Array;
}

const NO_NOTES = new Int32Array(0);
const NO_PARTS = new Float64Array(0);

/**
 * The index's posting lists as a run of many notes reads them: each term looked up once (notes share their key terms,
 * and each lookup walks the index's tree), notes numbered, and each note's saturated, length-normalised count worked
 * out once, so scoring a note's neighbours is a few additions into arrays. For one unchanged index only.
 */
export class TermPostings {
  private readonly memo = new Map<string, TermUse>();
  private score = new Float64Array(0);
  private shared = new Int32Array(0);
  /** Per note number: its length against the mean, once looked up (0: not yet; -1: the number names no note). */
  private length = new Float64Array(0);
  /** Per note number: its weighed count of the term being looked up (0 between lookups). */
  private counts = new Float64Array(0);
  /** The note numbers one note's search touched (neighbours), first `count` of them. */
  private touched = new Int32Array(256);

  constructor(private readonly index: ArticleIndex) {}

  /**
   * The notes closest to one note in words, through the router's own index: its key terms looked up in the index's
   * posting lists (no fuzzy search), each note that holds them scored as a search for them would (rare terms weigh
   * more, a term's count saturates, long notes are not favoured), best first, at most `max`, with their scores; only
   * notes that share two or more of its key terms. The caller leaves out notes that may not be proposed (generated
   * reports, templates).
   */
  neighbours(path: string, key: KeyTerms, max: number): { path: string; score: number }[] {
    if (max <= 0) return [];
    const self = this.index.idOfPath(path) ?? -1;
    // The notes touched, in the order first touched (scratch space kept between notes: a note touches hundreds).
    let touched = this.touched;
    let count = 0;
    let looked = 0;
    for (const [term, weight] of key) {
      const t = this.of(term);
      if (t.skip) continue;
      if (looked++ >= TERMS) break;
      const w = weight * t.idf;
      for (let i = 0; i < t.notes.length; i++) {
        const n = t.notes[i]!;
        if (n === self) continue;
        if (this.shared[n] === 0) {
          if (count === touched.length) {
            const grown = new Int32Array(2 * touched.length);
            grown.set(touched);
            this.touched = touched = grown;
          }
          touched[count++] = n;
        }
        this.shared[n]!++;
        this.score[n]! += w * t.parts[i]!;
      }
    }
    // The best `max` by score, then path, chosen as they come (a note touches hundreds of others; only these are named).
    const best: { path: string; score: number }[] = [];
    for (let i = 0; i < count; i++) {
      const n = touched[i]!;
      const score = this.score[n]!;
      // (A note scoring under the last kept is not named.)
      if (this.shared[n]! >= 2 && (best.length < max || score >= best[max - 1]!.score)) keepBest(best, { path: this.index.pathOfId(n)!, score }, max, ahead);
      this.shared[n] = 0;
      this.score[n] = 0;
    }
    return best;
  }

  private of(term: string): TermUse {
    let t = this.memo.get(term);
    if (t !== undefined) return t;
    const index = this.index;
    const df = index.docFreq(term);
    // A word only one note has links it to nothing; a word a twentieth of the vault has says little.
    if (df < 2 || df > Math.max(5, index.size / 20)) t = { skip: true, idf: 0, notes: NO_NOTES, parts: NO_PARTS };
    else {
      // Its count in each note, the fields weighed (a note's number once, however many fields hold the term, in the
      // order the index first names it): added up in scratch space, not a Map per term (~7 MB over 2,721 notes).
      const ids: number[] = [];
      index.forEachPostingId(term, (id, field, n) => {
        this.room(id);
        if (this.counts[id] === 0) ids.push(id);
        this.counts[id]! += n * (FIELD_WEIGHT[field] ?? 1);
      });
      const notes: number[] = [];
      const parts: number[] = [];
      for (const id of ids) {
        const tf = this.counts[id]!;
        this.counts[id] = 0;
        const length = this.lengthOf(id);
        if (length < 0) continue;
        notes.push(id);
        parts.push(tf / (tf + 1.2 * (0.25 + 0.75 * length)));
      }
      t = { skip: false, idf: index.idf(term), notes: Int32Array.from(notes), parts: Float64Array.from(parts) };
    }
    this.memo.set(term, t);
    return t;
  }

  /** Note number `id`'s length against the mean (-1 when the number names no note), looked up once per note. */
  private lengthOf(id: number): number {
    this.room(id);
    const known = this.length[id]!;
    if (known !== 0) return known;
    const path = this.index.pathOfId(id);
    const mean = Math.max(1, this.index.meanTokens());
    const length = path === undefined ? -1 : (this.index.get(path)?.tokens ?? mean) / mean;
    // A note of no words has length 0, the "not yet" mark: it is looked up again, and gives the same.
    this.length[id] = length;
    return length;
  }

  /** Scratch space for note number `id`. */
  private room(id: number): void {
    if (id < this.score.length) return;
    const size = Math.max(64, id * 2);
    const score = new Float64Array(size);
    const shared = new Int32Array(size);
    const length = new Float64Array(size);
    const counts = new Float64Array(size);
    score.set(this.score);
    shared.set(this.shared);
    length.set(this.length);
    counts.set(this.counts);
    this.score = score;
    this.shared = shared;
    this.length = length;
    this.counts = counts;
  }
}

/** Whether a note ranks before another: the higher score, then the path first in order. */
function ahead(a: { path: string; score: number }, b: { path: string; score: number }): boolean {
  return a.score > b.score || (a.score === b.score && a.path < b.path);
}
