import type { ArticleDoc } from "./article-doc";
import type { ArticleIndex, RouteField } from "./article-index";

/** A term that says a note is about it: in its header or opening, or once in a body up to twice the mean length. */
const STRONG = 1 / 3;

/** Fields that say what an article is about (its header, headings and opening), as against words anywhere in its body. */
const ABOUT_FIELDS: readonly RouteField[] = ["title", "aliases", "answers", "tldr", "tags", "headings"];

/**
 * How much one of a question's terms says that an article is about it, from 0 to 1. The same whole (stemmed) word in
 * the article's title, header, headings or opening counts fully; a word found only in its body counts by how often it
 * occurs there for the note's length (once in a note of mean length: half; once in a note five times as long: a
 * sixth), since a long note holds most everyday words in passing. Prefixes and near spellings never count ("bread" is
 * not "breadcrumbs").
 */
export function termEvidence(index: ArticleIndex, doc: ArticleDoc, term: string): number {
  if (!index.has(doc.path, term)) return 0;
  for (const f of ABOUT_FIELDS) if (index.termCount(doc.path, term, f) > 0) return 1;
  const n = index.termCount(doc.path, term, "body");
  const lengths = Math.max(1, doc.tokens / Math.max(1, index.meanTokens()));
  return n / (n + lengths);
}

/**
 * The share (0..1) of a question's IDF-weighted terms an article covers, each term counted by termEvidence in the
 * article or, where it says more, in one of `along` (the notes that load with it: its SIMILAR_HIGH neighbours and the
 * matches linked to it in a header). Notes that merely each hold a different part of a question do not add up, and a
 * question of three terms or more is not covered unless two of them say the note is about it (STRONG): one shared
 * word ("beach" in an example sentence) is not the question's subject.
 */
export function articleCoverage(index: ArticleIndex, doc: ArticleDoc, terms: readonly string[], along: readonly ArticleDoc[] = []): number {
  let total = 0;
  let covered = 0;
  let strong = 0;
  for (const t of terms) {
    const w = index.idf(t);
    total += w;
    let best = termEvidence(index, doc, t);
    for (const d of along) if (best < 1) best = Math.max(best, termEvidence(index, d, t));
    covered += w * best;
    if (best >= STRONG) strong++;
  }
  if (terms.length >= 3 && strong < 2) return 0;
  return total > 0 ? covered / total : 0;
}
