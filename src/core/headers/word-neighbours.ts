import type { ArticleIndex, RouteField } from "../route/article-index";
import type { KeyTerms } from "./draft-tldr";

/** The key terms looked up per note (its strongest that are neither unique to it nor common). */
const TERMS = 8;

/** How much a word in each field says a note is about it. */
const FIELD_WEIGHT: Partial<Record<RouteField, number>> = { title: 3, aliases: 2, answers: 2, tldr: 1.5, tags: 1.5, headings: 1.5, body: 1 };

/**
 * The notes closest to one note in words, through the router's own index: its key terms looked up in the index's
 * posting lists (no fuzzy search), each note that holds them scored as a search for them would (rare terms weigh
 * more, a term's count saturates, long notes are not favoured), best first, with their scores; only notes that share
 * two or more of its key terms. The caller leaves out notes that may not be proposed (generated reports, templates).
 */
export function wordNeighbours(index: ArticleIndex, path: string, key: KeyTerms, max = 20): { path: string; score: number }[] {
  const mean = Math.max(1, index.meanTokens());
  const score = new Map<string, number>();
  const shared = new Map<string, number>();
  let looked = 0;
  for (const [term, weight] of key) {
    const df = index.docFreq(term);
    // A word only this note has links it to nothing; a word a twentieth of the vault has says little.
    if (df < 2 || df > Math.max(5, index.size / 20)) continue;
    if (looked++ >= TERMS) break;
    const idf = index.idf(term);
    const counts = new Map<string, number>();
    index.forEachPosting(term, (p, field, n) => counts.set(p, (counts.get(p) ?? 0) + n * (FIELD_WEIGHT[field] ?? 1)));
    for (const [other, tf] of counts) {
      if (other === path) continue;
      const length = (index.get(other)?.tokens ?? mean) / mean;
      score.set(other, (score.get(other) ?? 0) + weight * idf * (tf / (tf + 1.2 * (0.25 + 0.75 * length))));
      shared.set(other, (shared.get(other) ?? 0) + 1);
    }
  }
  return [...score]
    .filter(([p]) => (shared.get(p) ?? 0) >= 2)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, max)
    .map(([p, s]) => ({ path: p, score: s }));
}
