import type { RouteField } from "./article-index";

/** Why an article was loaded. */
export type LoadReason =
  | { kind: "match"; rank: number; score: number; coverage: number; terms: { term: string; fields: RouteField[] }[] }
  | { kind: "high"; of: string }
  | { kind: "connection"; of: string[] }
  | { kind: "mid"; of: string; terms: string[] };

/** Why an article that came up was not loaded. */
export type SkipReason =
  | { kind: "weak-match"; score: number; coverage: number }
  | { kind: "mid-not-matching"; of: string }
  | { kind: "over-budget"; wanted: LoadReason }
  | { kind: "file-cap"; wanted: LoadReason }
  | { kind: "missing-target"; of: string; target: string };

/** An article the route loaded: all of it, or only its TLDR. */
export interface LoadedArticle {
  path: string;
  part: "body" | "tldr";
  tokens: number;
  reason: LoadReason;
}

/** An article the route considered and left out. */
export interface SkippedArticle {
  path: string;
  tokens: number;
  reason: SkipReason;
}

/** The whole trace of one route: what was loaded and skipped and why, and the cost against loading everything. */
export interface RouteResult {
  question: string;
  status: "routed" | "not-covered" | "empty-question";
  /** "tldr" when the matches' TLDRs answer the question and bodies were not loaded. */
  mode: "full" | "tldr";
  /** Content terms of the question after stop words and stemming. */
  terms: string[];
  /** Share (0..1) of the question's weighted terms that the best match (with the notes loaded because of it) covers. */
  coverage: number;
  loaded: LoadedArticle[];
  skipped: SkippedArticle[];
  totalTokens: number;
  /** Tokens to load the index and every article, as seed 000's query does. */
  loadAllTokens: number;
  budget: number;
}

/** Knobs of the router; defaults in DEFAULT_ROUTE_OPTIONS. */
export interface RouteOptions {
  /** Token budget for loaded articles. */
  budget: number;
  /** Most files one question may load. */
  maxFiles: number;
  /** Most direct matches (before HIGH and MID neighbours). */
  maxMatches: number;
  /** A hit below this share of the best hit's score is not a direct match. */
  minScoreRatio: number;
  /** Below this weighted coverage of the question by the best matches, the question is not covered. */
  minCoverage: number;
}

/**
 * Defaults calibrated on examples/demo-questions.json (45 articles, 55 in-domain and 14 out-of-domain questions), checked
 * on its hold-out set, and on everyday questions written for two real vaults (tests/fixtures/out-of-domain) with their
 * anchor-text pairs as in-domain questions. Coverage (question-coverage.ts) is a share of the question's IDF-weighted
 * terms that one match holds as whole words, with the notes loaded because of it, so it does not depend on the base's
 * size or scores; 0.37 keeps every out-of-domain demo question and 49 of 50 real-vault ones empty.
 */
export const DEFAULT_ROUTE_OPTIONS: RouteOptions = {
  budget: 6000,
  maxFiles: 4,
  maxMatches: 3,
  minScoreRatio: 0.3,
  minCoverage: 0.37,
};
