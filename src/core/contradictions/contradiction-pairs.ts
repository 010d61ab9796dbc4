import type { ArticleDoc } from "../route/article-doc";
import type { ResolveTarget } from "../route/route-question";
import { pairKey, type ContradictionState } from "./contradiction-state";

/** Why two articles are checked against each other: they are related, connected, or built from the same log. */
export type PairReason = "high" | "mid" | "connection" | "shared-source";

/** Two articles to compare (paths in a stable order) and why. */
export interface ArticlePair {
  a: string;
  b: string;
  reason: PairReason;
}

const RANK: Record<PairReason, number> = { high: 0, connection: 1, mid: 2, "shared-source": 3 };

/**
 * The pairs worth checking, from structure rather than all pairs (seed 000's seventh check, bounded): articles related
 * by HIGH or MID, the concepts a connection article connects, and articles built from the same daily log. A pair
 * whose two articles are unchanged since they were last checked, or that the person dismissed as "not a conflict"
 * with both unchanged, is left out. `due` has every pair to check, strongest relations first; `pairs` its first
 * `maxPairs`.
 */
export function contradictionPairs(
  docs: readonly ArticleDoc[],
  resolve: ResolveTarget,
  hashOf: (path: string) => string,
  state: ContradictionState,
  maxPairs: number,
): { pairs: ArticlePair[]; due: ArticlePair[]; unchanged: number; dismissed: number } {
  const found = new Map<string, ArticlePair>();
  const known = new Set(docs.map((d) => d.path));
  const add = (x: string, y: string | null, reason: PairReason): void => {
    if (!y || x === y || !known.has(y)) return;
    const key = pairKey(x, y);
    const prior = found.get(key);
    if (!prior || RANK[reason] < RANK[prior.reason]) found.set(key, { a: x < y ? x : y, b: x < y ? y : x, reason });
  };
  const bySource = new Map<string, string[]>();
  for (const d of docs) {
    for (const r of d.header.similarHigh) add(d.path, resolve(r.target, d.path), "high");
    for (const r of d.header.similarMid) add(d.path, resolve(r.target, d.path), "mid");
    const ends = d.header.connects.map((t) => resolve(t, d.path)).filter((p): p is string => p !== null);
    for (let i = 0; i < ends.length; i++) for (let j = i + 1; j < ends.length; j++) add(ends[i]!, ends[j]!, "connection");
    for (const s of new Set(d.header.sources.map((x) => resolve(x, d.path) ?? x.toLowerCase()))) bySource.set(s, [...(bySource.get(s) ?? []), d.path]);
  }
  for (const paths of bySource.values()) {
    if (paths.length > 12) continue; // a log behind a dozen articles pairs everything with everything: too weak a signal
    for (let i = 0; i < paths.length; i++) for (let j = i + 1; j < paths.length; j++) add(paths[i]!, paths[j]!, "shared-source");
  }
  let unchanged = 0;
  let dismissed = 0;
  const due: ArticlePair[] = [];
  for (const [key, p] of found) {
    const now: [string, string] = [hashOf(p.a), hashOf(p.b)];
    const same = (h: [string, string] | undefined): boolean => !!h && h[0] === now[0] && h[1] === now[1];
    if (same(state.dismissed[key])) dismissed++;
    else if ((state.checked[p.a] === now[0] && state.checked[p.b] === now[1]) || same(state.pending[key])) unchanged++;
    else due.push(p);
  }
  due.sort((x, y) => RANK[x.reason] - RANK[y.reason] || (x.a < y.a ? -1 : x.a > y.a ? 1 : x.b < y.b ? -1 : 1));
  return { pairs: due.slice(0, maxPairs), due, unchanged, dismissed };
}
