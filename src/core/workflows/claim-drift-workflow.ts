import { recordClaimDrift } from "../contradictions/contradiction-state";
import { findCitations } from "../drift/citations";
import {
  buildClaimDriftRequest,
  claimDriftCandidate,
  estimateClaimDrift,
  runClaimDrift,
  type ClaimDriftCandidate,
  type ClaimDriftReport,
} from "../drift/claim-drift";
import type { CodeRepoView } from "../drift/code-repo-view";
import { costAt } from "../llm/cost";
import type { ListPrice } from "../llm/models";
import { estimateBatch, type BatchEstimate } from "../spend/batch-estimate";
import { err, ok, type Result } from "../result";
import { localDate } from "../util/local-date";
import { shortHash } from "../util/short-hash";
import type { ContradictionStateStore } from "./contradiction-state-store";
import type { KcHost, ModelUnavailable } from "../ports/host";

/** A planned model check of cited code: the articles to ask about, the hashes of the texts read, and the estimate. */
export interface PlannedClaimDrift {
  candidates: ClaimDriftCandidate[];
  hashes: Map<string, string>;
  inputTokens: number;
  usd: number;
}

/**
 * Plans the optional model check of cited code: the router's articles last updated more than the settings' days
 * before `today` that cite files still in `repo`, at most the settings' number, estimated at the host's price.
 * Calls no model.
 */
export async function planClaimDriftCheck(host: KcHost, repo: CodeRepoView, today = localDate(host.now())): Promise<PlannedClaimDrift> {
  const s = host.settings().drift;
  const candidates: ClaimDriftCandidate[] = [];
  const hashes = new Map<string, string>();
  for (const doc of host.index().all()) {
    if (candidates.length >= s.maxArticles) break;
    if (!doc.header.updated) continue;
    const text = await host.store.read(doc.path).catch(() => null);
    if (text === null) continue;
    const c = claimDriftCandidate(doc.path, text, doc.header.updated, findCitations(text), repo, today, s.olderThanDays);
    if (!c) continue;
    candidates.push(c);
    hashes.set(doc.path, shortHash(text));
  }
  const inputTokens = candidates.reduce((n, c) => n + estimateClaimDrift(c), 0);
  const usd = costAt({ inputTokens, outputTokens: 150 * candidates.length, cacheReadTokens: 0, cacheWriteTokens: 0 }, host.models.planned("check").price);
  return { candidates, hashes, inputTokens, usd };
}

/** A planned check's total estimate at a model's price: each article one call, with a typical and its longest reply. */
export function claimDriftBatch(planned: PlannedClaimDrift, price: ListPrice | null): BatchEstimate {
  return estimateBatch(
    planned.candidates.map((c) => ({ inputTokens: estimateClaimDrift(c), outputTokens: 150, maxOutputTokens: buildClaimDriftRequest(c).maxTokens })),
    price,
  );
}

/** Where a run keeps its judgements (none: it only reports), its cancel, and the voice of announced waits. */
export interface ClaimDriftRunOptions {
  state?: ContradictionStateStore;
  signal?: AbortSignal;
  onWait?: (seconds: number, reason: string) => void;
}

/** What a run found, and what it cost at the model's price. */
export interface ClaimDriftRunResult {
  report: ClaimDriftReport;
  usd: number;
}

/**
 * Runs a planned check with the "check" model within the settings' caps. With a state store, the articles the model
 * answered get the new judgements (their older ones replaced, the others' kept) on the state as it is then.
 * Never changes a note. Fails only when no model can be called.
 */
export async function runClaimDriftCheck(
  host: KcHost,
  planned: PlannedClaimDrift,
  options: ClaimDriftRunOptions = {},
): Promise<Result<ClaimDriftRunResult, ModelUnavailable>> {
  const priced = await host.models.get("check", { streaming: false, feature: "drift", ...(options.onWait ? { onWait: options.onWait } : {}) });
  if (!priced.ok) return err(priced.error);
  const { maxArticles, maxTokens } = host.settings().drift;
  const report = await runClaimDrift(priced.value.model, planned.candidates, { maxArticles, maxTokens }, options.signal);
  if (options.state && report.checked.length > 0) {
    await options.state.update((current) => recordClaimDrift(current, report.checked, report.found, (p) => planned.hashes.get(p) ?? ""));
  }
  return ok({ report, usd: costAt(report.usage, priced.value.price) });
}
