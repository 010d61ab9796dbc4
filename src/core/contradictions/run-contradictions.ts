import { costAt } from "../llm/cost";
import type { ModelPrice } from "../llm/models";
import { addUsage, type LanguageModel, type ModelError, type TokenUsage } from "../llm/language-model";
import { checkPair, estimatePairTokens } from "./check-contradictions";
import type { ArticlePair } from "./contradiction-pairs";
import { MAX_STORED_CONTRADICTIONS, pairKey, pruneContradictionState, type Contradiction, type ContradictionState } from "./contradiction-state";

/** The caps of one run: how many pairs, and how many tokens (input and output, estimated before, counted during). */
export interface ContradictionCaps {
  maxPairs: number;
  maxTokens: number;
}

/** What a run would do, shown before any call: the pairs, what was left out and why, and the estimate. */
export interface ContradictionPlan {
  pairs: ArticlePair[];
  /** Every pair due for a check (the run takes the first ones that fit the caps). */
  due: ArticlePair[];
  unchanged: number;
  dismissed: number;
  /** Due pairs left for a later run by the caps. */
  leftForLater: number;
  estimate: { inputTokens: number; outputTokens: number; usd: number };
}

/** Output tokens a pair's reply is expected to take (for the estimate and the budget). */
export const REPLY_TOKENS = 150;

/**
 * Plans a run over the candidate pairs (`contradictionPairs`: from structure, changed since checked, not dismissed):
 * as many as fit both caps in order of strength; a pair larger than the whole token cap on its own is left out.
 */
export function planContradictions(
  candidates: { due: ArticlePair[]; unchanged: number; dismissed: number },
  textOf: (path: string) => string,
  caps: ContradictionCaps,
  price: ModelPrice | null,
): ContradictionPlan {
  const { due, unchanged, dismissed } = candidates;
  const pairs: ArticlePair[] = [];
  let inputTokens = 0;
  for (const p of consideredPairs(due, caps)) {
    if (pairs.length >= caps.maxPairs) break;
    const t = estimatePairTokens(p, textOf(p.a), textOf(p.b));
    if (inputTokens + (pairs.length + 1) * REPLY_TOKENS + t > caps.maxTokens) continue;
    inputTokens += t;
    pairs.push(p);
  }
  const outputTokens = REPLY_TOKENS * pairs.length;
  const usd = costAt({ inputTokens, outputTokens, cacheReadTokens: 0, cacheWriteTokens: 0 }, price);
  return { pairs, due, unchanged, dismissed, leftForLater: due.length - pairs.length, estimate: { inputTokens, outputTokens, usd } };
}

/**
 * The due pairs a plan looks at: the strongest few times the pair cap, so planning reads a bounded number of
 * articles however many pairs are due (the rest stay due for later runs).
 */
export function consideredPairs(due: readonly ArticlePair[], caps: ContradictionCaps): ArticlePair[] {
  return due.slice(0, caps.maxPairs * 4);
}

/** What a run did. */
export interface ContradictionRunReport {
  found: Contradiction[];
  /** Reported conflicts whose quote was not in the file. */
  dropped: number;
  /** Replies that were not the tool's shape (their pairs stay due). */
  unusable: number;
  /** Pairs the model answered. */
  checked: ArticlePair[];
  /** Pairs whose call failed (the last error is kept). */
  failed: number;
  error: ModelError | null;
  /** True when the run stopped because the tokens spent reached the cap. */
  overBudget: boolean;
  cancelled: boolean;
  usage: TokenUsage;
}

/** What a run needs from its host. */
export interface ContradictionRunDeps {
  model: LanguageModel;
  textOf(path: string): string;
  signal?: AbortSignal;
  onPair?(n: number, total: number, pair: ArticlePair): void;
}

/**
 * Checks the planned pairs one call each, stopping on cancel, on an error that will not pass (no key, auth, rate
 * limit), or when the tokens spent so far plus the next pair's estimate pass `maxTokens` (a model that answers
 * longer than expected cannot run the bill past the cap). Never changes a note.
 */
export async function runContradictions(plan: ContradictionPlan, deps: ContradictionRunDeps, maxTokens: number): Promise<ContradictionRunReport> {
  const r: ContradictionRunReport = {
    found: [],
    dropped: 0,
    unusable: 0,
    checked: [],
    failed: 0,
    error: null,
    overBudget: false,
    cancelled: false,
    usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 },
  };
  for (const [n, p] of plan.pairs.entries()) {
    if (deps.signal?.aborted) {
      r.cancelled = true;
      break;
    }
    const a = deps.textOf(p.a);
    const b = deps.textOf(p.b);
    const spent = r.usage.inputTokens + r.usage.outputTokens + r.usage.cacheReadTokens + r.usage.cacheWriteTokens;
    if (spent + estimatePairTokens(p, a, b) + REPLY_TOKENS > maxTokens) {
      r.overBudget = true;
      break;
    }
    deps.onPair?.(n, plan.pairs.length, p);
    const res = await checkPair(deps.model, p, a, b, deps.signal);
    if (!res.ok) {
      if (res.error.kind === "bad-reply") {
        addUsage(r.usage, res.error.usage);
        r.unusable++;
        continue;
      }
      r.error = res.error;
      if (res.error.kind === "aborted") {
        r.cancelled = true;
        break;
      }
      r.failed++;
      if (res.error.kind === "no-key" || res.error.kind === "auth" || res.error.kind === "rate-limited") break;
      continue;
    }
    addUsage(r.usage, res.value.usage);
    r.dropped += res.value.dropped;
    r.found.push(...res.value.found);
    r.checked.push(p);
  }
  return r;
}

const CONFIDENCE = { high: 0, medium: 1, low: 2 } as const;

/**
 * The state after a run: the checked pairs' conflicts replace what was stored for them; an article is marked checked
 * at its current content once every due pair it is in has been checked (so a run stopped by its cap goes on where it
 * stopped next time, and pays nothing twice); then whatever no longer holds is pruned. `hashOf` gives undefined for
 * an article that no longer exists.
 */
export function recordRun(
  state: ContradictionState,
  plan: ContradictionPlan,
  report: ContradictionRunReport,
  hashOf: (path: string) => string | undefined,
): ContradictionState {
  const next: ContradictionState = { ...state, checked: { ...state.checked }, pending: { ...state.pending }, found: [...state.found] };
  const done = new Set(report.checked.map((p) => pairKey(p.a, p.b)));
  next.found = next.found.filter((f) => !done.has(pairKey(f.a.path, f.b.path)));
  for (const p of report.checked) {
    const ha = hashOf(p.a);
    const hb = hashOf(p.b);
    if (ha !== undefined && hb !== undefined) next.pending[pairKey(p.a, p.b)] = [ha, hb];
  }
  for (const c of report.found) {
    const ha = hashOf(c.a.path);
    const hb = hashOf(c.b.path);
    if (ha !== undefined && hb !== undefined) next.found.push({ ...c, hashes: [ha, hb] });
  }
  const open = new Set<string>();
  for (const p of plan.due) {
    if (done.has(pairKey(p.a, p.b))) continue;
    open.add(p.a);
    open.add(p.b);
  }
  for (const p of plan.due) {
    for (const x of [p.a, p.b]) {
      const h = hashOf(x);
      if (!open.has(x) && h !== undefined) next.checked[x] = h;
    }
  }
  next.found.sort((x, y) => CONFIDENCE[x.confidence] - CONFIDENCE[y.confidence]);
  next.found = next.found.slice(0, MAX_STORED_CONTRADICTIONS);
  return pruneContradictionState(next, hashOf);
}
