import type { ArticleHit, ArticleIndex } from "./article-index";
import { baseName, type ArticleDoc } from "./article-doc";
import { questionTerms } from "./text-terms";
import { articleCoverage } from "./question-coverage";
import { DEFAULT_ROUTE_OPTIONS, type LoadReason, type LoadedArticle, type RouteOptions, type RouteResult, type SkippedArticle } from "./route-types";

/** Resolves a relationship link path written in `from` to an article path, or null. */
export type ResolveTarget = (linkpath: string, from: string) => string | null;

const HEADER_FIELDS = new Set(["title", "aliases", "answers", "tldr", "tags"]);
/** Seed 002 checks a MID candidate against its ANSWERS_WHEN; its title and aliases say the same. */
const MID_FIELDS = new Set(["title", "aliases", "answers"]);
const DEFINITIONAL = /^\s*(what\s+is|what's|what\s+are|what\s+does\s+.+\s+mean|define|tl;?dr|in\s+(?:one|a)\s+(?:sentence|line))\b/i;
const MAX_QUESTION_CHARS = 2000;

/**
 * Routes a question through the CKP headers (seed 002): direct matches, then their SIMILAR_HIGH unconditionally,
 * then SIMILAR_MID only where the MID article matches the question too, under a token budget and a file cap.
 * Priority (what is dropped first when the budget or cap bites): MID, then HIGH of later matches, then later
 * matches, then HIGH of the best match; the best match is always loaded (as its TLDR if its body alone is too big).
 * A question whose best matches cover too little of its weighted terms loads nothing ("not-covered").
 */
export function routeQuestion(
  index: ArticleIndex,
  question: string,
  resolve: ResolveTarget,
  options: Partial<RouteOptions> = {},
  indexTokens = 0,
): RouteResult {
  const opts = { ...DEFAULT_ROUTE_OPTIONS, ...options };
  const q = question.slice(0, MAX_QUESTION_CHARS);
  const terms = questionTerms(q);
  const loadAllTokens = indexTokens + sumTokens(index.all());
  const base = { question, terms, loaded: [], skipped: [], totalTokens: 0, loadAllTokens, budget: opts.budget, mode: "full" as const };
  if (terms.length === 0) return { ...base, status: "empty-question", coverage: 0 };

  const hits = index.rankedHits(q);
  const top = hits[0];
  if (!top) return { ...base, status: "not-covered", coverage: 0 };

  const coverageOf = (set: ArticleHit[]): number => articleCoverage(index, set[0]!.doc, terms);

  const candidates = hits.filter((h, i) => i === 0 || h.score >= opts.minScoreRatio * top.score).slice(0, opts.maxMatches);
  // Judged per match with the notes that load because of it, never summed over matches that each hold a part.
  const coverage = Math.max(...candidates.map((h) => articleCoverage(index, h.doc, terms, linkedAmong(index, h.doc, hits, resolve))));
  if (coverage < opts.minCoverage) {
    const skipped = hits.slice(0, 3).map((h) => weak(h, coverageOf([h])));
    return { ...base, status: "not-covered", coverage, skipped };
  }

  const loaded: LoadedArticle[] = [];
  const skipped: SkippedArticle[] = [];
  const seen = new Set<string>();

  if (DEFINITIONAL.test(q) && top.doc.hasTldr && terms.every((t) => (top.matched.get(t) ?? []).some((f) => HEADER_FIELDS.has(f)))) {
    loaded.push({ path: top.doc.path, part: "tldr", tokens: top.doc.tldrTokens, reason: matchReason(top, 1, coverageOf([top])) });
    return { ...base, status: "routed", mode: "tldr", coverage, loaded, skipped, totalTokens: top.doc.tldrTokens };
  }

  const wanted: { doc: ArticleDoc; reason: LoadReason }[] = [];
  candidates.forEach((h, i) => wanted.push({ doc: h.doc, reason: matchReason(h, i + 1, coverageOf([h])) }));
  const highs: typeof wanted = [];
  const mids: typeof wanted = [];
  for (const m of candidates) {
    for (const rel of m.doc.header.similarHigh) {
      const target = lookUp(index, resolve, rel.target, m.doc.path, skipped);
      if (target) highs.push({ doc: target, reason: { kind: "high", of: m.doc.path } });
    }
    for (const rel of m.doc.header.similarMid) {
      const target = lookUp(index, resolve, rel.target, m.doc.path, skipped);
      if (!target) continue;
      const hit = hits.find((h) => h.doc.path === target.path);
      const headerTerms = hit ? [...hit.matched].filter(([, f]) => f.some((x) => MID_FIELDS.has(x))).map(([t]) => t) : [];
      if (headerTerms.length > 0) mids.push({ doc: target, reason: { kind: "mid", of: m.doc.path, terms: headerTerms } });
      else skipped.push({ path: target.path, tokens: target.tokens, reason: { kind: "mid-not-matching", of: m.doc.path } });
    }
  }
  // HIGH neighbours of the best match come before the second match's own HIGH neighbours.
  highs.sort((a, b) => highRank(a.reason, candidates) - highRank(b.reason, candidates));
  wanted.push(...joiningConnections(index, resolve, candidates), ...highs, ...mids);

  let totalTokens = 0;
  for (const w of wanted) {
    if (seen.has(w.doc.path)) continue;
    seen.add(w.doc.path);
    const first = loaded.length === 0;
    if (!first && loaded.length >= opts.maxFiles) {
      skipped.push({ path: w.doc.path, tokens: w.doc.tokens, reason: { kind: "file-cap", wanted: w.reason } });
    } else if (totalTokens + w.doc.tokens <= opts.budget) {
      loaded.push({ path: w.doc.path, part: "body", tokens: w.doc.tokens, reason: w.reason });
      totalTokens += w.doc.tokens;
    } else if (first) {
      loaded.push({ path: w.doc.path, part: "tldr", tokens: w.doc.tldrTokens, reason: w.reason });
      totalTokens += w.doc.tldrTokens;
    } else {
      skipped.push({ path: w.doc.path, tokens: w.doc.tokens, reason: { kind: "over-budget", wanted: w.reason } });
    }
  }
  for (const h of hits.slice(candidates.length, candidates.length + 3)) {
    if (!seen.has(h.doc.path) && !skipped.some((s) => s.path === h.doc.path)) skipped.push(weak(h, coverageOf([h])));
  }
  return { ...base, status: "routed", coverage, loaded, skipped, totalTokens };
}

/**
 * Connection articles that connect two or more of the direct matches: when a question touches two concepts, the
 * article written about how they meet is what it needs (loaded after the matches, before HIGH neighbours).
 */
function joiningConnections(index: ArticleIndex, resolve: ResolveTarget, matches: ArticleHit[]): { doc: ArticleDoc; reason: LoadReason }[] {
  if (matches.length < 2) return [];
  const matched = new Set(matches.map((m) => m.doc.path));
  // Only links whose last segment names a match are resolved, so a base with many connections costs no lookups.
  const names = new Set(matches.map((m) => baseName(m.doc.path).toLowerCase()));
  const out: { doc: ArticleDoc; reason: LoadReason; n: number }[] = [];
  for (const c of index.connections()) {
    if (matched.has(c.path)) continue;
    const near = c.header.connects.filter((t) => names.has(baseName(t.endsWith(".md") ? t : `${t}.md`).toLowerCase()));
    if (near.length < 2) continue;
    const joined = [...new Set(near.map((t) => resolve(t, c.path)))].filter((p): p is string => p !== null && matched.has(p));
    if (joined.length >= 2) out.push({ doc: c, reason: { kind: "connection", of: joined }, n: joined.length });
  }
  return out.sort((a, b) => b.n - a.n || a.doc.path.localeCompare(b.doc.path)).map(({ doc, reason }) => ({ doc, reason }));
}

/**
 * The notes that load with a match because of it: its SIMILAR_HIGH neighbours, and the hits it names as SIMILAR_MID
 * or that name it in a relationship of theirs.
 */
function linkedAmong(index: ArticleIndex, doc: ArticleDoc, hits: readonly ArticleHit[], resolve: ResolveTarget): ArticleDoc[] {
  const targets = (d: ArticleDoc): (string | null)[] => [
    ...[...d.header.similarHigh, ...d.header.similarMid].map((r) => resolve(r.target, d.path)),
    ...d.header.connects.map((t) => resolve(t, d.path)),
  ];
  const mine = new Set(targets(doc));
  const out = hits.filter((h) => h.doc.path !== doc.path && (mine.has(h.doc.path) || targets(h.doc).includes(doc.path))).map((h) => h.doc);
  for (const r of doc.header.similarHigh) {
    const p = resolve(r.target, doc.path);
    const d = p !== null && p !== doc.path ? index.get(p) : undefined;
    if (d && !out.includes(d)) out.push(d);
  }
  return out;
}

function sumTokens(docs: Iterable<ArticleDoc>): number {
  let n = 0;
  for (const d of docs) n += d.tokens;
  return n;
}

function matchReason(h: ArticleHit, rank: number, coverage: number): LoadReason {
  return { kind: "match", rank, score: round(h.score), coverage: round(coverage), terms: [...h.matched].map(([term, fields]) => ({ term, fields })) };
}

function weak(h: ArticleHit, coverage: number): SkippedArticle {
  return { path: h.doc.path, tokens: h.doc.tokens, reason: { kind: "weak-match", score: round(h.score), coverage: round(coverage) } };
}

function highRank(reason: LoadReason, candidates: ArticleHit[]): number {
  return reason.kind === "high" ? candidates.findIndex((c) => c.doc.path === reason.of) : 99;
}

function lookUp(index: ArticleIndex, resolve: ResolveTarget, linkpath: string, from: string, skipped: SkippedArticle[]): ArticleDoc | null {
  const path = resolve(linkpath, from);
  const doc = path ? index.get(path) : undefined;
  if (!doc) skipped.push({ path: linkpath, tokens: 0, reason: { kind: "missing-target", of: from, target: linkpath } });
  return doc ?? null;
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}
