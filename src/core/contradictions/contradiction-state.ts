import type { ClaimDrift } from "../drift/claim-drift";
import { stripControls } from "../util/strip-controls";

/** A conflict between two articles, both places quoted from the files and located, with why and how sure. */
export interface Contradiction {
  a: { path: string; quote: string; line: number };
  b: { path: string; quote: string; line: number };
  explanation: string;
  confidence: "high" | "medium" | "low";
}

/** A conflict the model found, kept (small) until either article changes; `hashes` are both articles' then. */
export interface StoredContradiction extends Contradiction {
  hashes: [string, string];
}

/** A statement the optional model check of cited code judged outdated, kept while the article is unchanged. */
export interface StoredClaimDrift extends ClaimDrift {
  hash: string;
}

/**
 * What the contradiction check remembers between runs, in the plugin's folder (contradictions-state.json), shared by
 * the plugin and `kc contradictions`. Small on purpose: one short hash per checked article, the pairs of a run
 * that stopped at its cap, the pairs a person dismissed, and the conflicts still standing.
 */
export interface ContradictionState {
  version: 2;
  /** Short content hash of each article whose candidate pairs were all checked at that content. */
  checked: Record<string, string>;
  /** Pairs checked while one of their articles still has pairs to check (a run stopped at its cap), with both hashes. */
  pending: Record<string, [string, string]>;
  /** Pairs a person dismissed as "not a conflict", with both hashes then: forgotten when either article changes. */
  dismissed: Record<string, [string, string]>;
  /** Conflicts of earlier runs that still hold (both articles unchanged since). */
  found: StoredContradiction[];
  /** Statements the model check of cited code judged outdated (suggestions), while their article is unchanged. */
  claims?: StoredClaimDrift[];
}

/** The file name of the state in the plugin's folder. */
export const CONTRADICTION_STATE_FILE = "contradictions-state.json";

/** At most this many conflicts are kept between runs (strongest confidence first). */
export const MAX_STORED_CONTRADICTIONS = 200;

/** A state with nothing checked. */
export function emptyContradictionState(): ContradictionState {
  return { version: 2, checked: {}, pending: {}, dismissed: {}, found: [], claims: [] };
}

/** The key of a pair (order-free). */
export function pairKey(a: string, b: string): string {
  return a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
}

/** The two paths of a pair key. */
export function pairOf(key: string): [string, string] {
  const i = key.indexOf("\u0000");
  return [key.slice(0, i), key.slice(i + 1)];
}

const isStr = (v: unknown): v is string => typeof v === "string";
const isHashPair = (v: unknown): v is [string, string] => Array.isArray(v) && v.length === 2 && isStr(v[0]) && isStr(v[1]);

function place(v: unknown): Contradiction["a"] | null {
  const o = (typeof v === "object" && v !== null ? v : {}) as Record<string, unknown>;
  return isStr(o.path) && isStr(o.quote) && typeof o.line === "number" && Number.isInteger(o.line) && o.line >= 0
    ? { path: o.path, quote: stripControls(o.quote.slice(0, 500)), line: o.line }
    : null;
}

/**
 * Reads the state file: anything malformed is dropped entry by entry (an older or broken file means "check again",
 * never a crash), texts are cut and stripped of control characters; null or unreadable text gives the empty state.
 */
export function parseContradictionState(text: string | null): ContradictionState {
  const s = emptyContradictionState();
  if (text === null) return s;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return s;
  }
  const o = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
  if (o.version !== 2) return s;
  const rec = (v: unknown): Record<string, unknown> => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
  for (const [k, v] of Object.entries(rec(o.checked))) if (isStr(v)) s.checked[k] = v;
  for (const [k, v] of Object.entries(rec(o.pending))) if (k.includes("\u0000") && isHashPair(v)) s.pending[k] = [v[0], v[1]];
  for (const [k, v] of Object.entries(rec(o.dismissed))) if (k.includes("\u0000") && isHashPair(v)) s.dismissed[k] = [v[0], v[1]];
  for (const f of Array.isArray(o.found) ? o.found.slice(0, MAX_STORED_CONTRADICTIONS) : []) {
    const e = rec(f);
    const a = place(e.a);
    const b = place(e.b);
    const confidence = e.confidence === "high" || e.confidence === "medium" || e.confidence === "low" ? e.confidence : null;
    if (!a || !b || !confidence || !isHashPair(e.hashes)) continue;
    s.found.push({ a, b, explanation: isStr(e.explanation) ? stripControls(e.explanation.slice(0, 300)) : "", confidence, hashes: [e.hashes[0], e.hashes[1]] });
  }
  for (const c of Array.isArray(o.claims) ? o.claims.slice(0, MAX_STORED_CONTRADICTIONS) : []) {
    const e = rec(c);
    if (!isStr(e.path) || !isStr(e.quote) || !isStr(e.explanation) || !isStr(e.hash) || typeof e.line !== "number" || !Number.isInteger(e.line) || e.line < 0)
      continue;
    s.claims!.push({
      path: e.path,
      line: e.line,
      quote: stripControls(e.quote.slice(0, 300)),
      explanation: stripControls(e.explanation.slice(0, 300)),
      hash: e.hash,
    });
  }
  return s;
}

/** True when both articles of a pair still have the hashes recorded. */
export function stillHolds(hashes: [string, string], a: string, b: string, hashOf: (path: string) => string | undefined): boolean {
  return hashOf(a) === hashes[0] && hashOf(b) === hashes[1];
}

/**
 * Records a "not a conflict": the pair is not checked again, and its conflicts are not shown, until either article
 * changes. Returns the new state (the given one is not changed).
 */
export function dismissPair(state: ContradictionState, a: string, b: string, hashOf: (path: string) => string | undefined): ContradictionState {
  const [x, y] = a < b ? [a, b] : [b, a];
  const hx = hashOf(x);
  const hy = hashOf(y);
  if (hx === undefined || hy === undefined) return state;
  const key = pairKey(x, y);
  return { ...state, dismissed: { ...state.dismissed, [key]: [hx, hy] }, found: state.found.filter((f) => pairKey(f.a.path, f.b.path) !== key) };
}

/**
 * Records a model check of cited code: the judgements of the articles it asked about (`asked`, the ones the model
 * answered) replace theirs, each kept with `hashOf` its article as asked; the other articles' judgements stay.
 * Returns the new state (the given one is not changed).
 */
export function recordClaimDrift(
  state: ContradictionState,
  asked: readonly string[],
  found: readonly ClaimDrift[],
  hashOf: (path: string) => string,
): ContradictionState {
  const answered = new Set(asked);
  const kept = (state.claims ?? []).filter((c) => !answered.has(c.path));
  return { ...state, claims: [...kept, ...found.map((f) => ({ ...f, hash: hashOf(f.path) }))].slice(0, MAX_STORED_CONTRADICTIONS) };
}

/**
 * Drops what no longer holds: hashes of articles that are gone, pairs and conflicts whose articles changed,
 * dismissals of changed pairs. `hashOf` gives undefined for an article that no longer exists.
 */
export function pruneContradictionState(state: ContradictionState, hashOf: (path: string) => string | undefined): ContradictionState {
  const out = emptyContradictionState();
  for (const [p, h] of Object.entries(state.checked)) if (hashOf(p) === h) out.checked[p] = h;
  for (const [k, h] of Object.entries(state.pending)) {
    const [a, b] = pairOf(k);
    if (stillHolds(h, a, b, hashOf) && !(out.checked[a] === h[0] && out.checked[b] === h[1])) out.pending[k] = h;
  }
  for (const [k, h] of Object.entries(state.dismissed)) {
    const [a, b] = pairOf(k);
    if (stillHolds(h, a, b, hashOf)) out.dismissed[k] = h;
  }
  out.claims = (state.claims ?? []).filter((c) => hashOf(c.path) === c.hash);
  out.found = state.found.filter((f) => stillHolds(f.hashes, f.a.path, f.b.path, hashOf) && !out.dismissed[pairKey(f.a.path, f.b.path)]);
  return out;
}
