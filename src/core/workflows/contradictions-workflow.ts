import { contradictionPairs, type ArticlePair } from "../contradictions/contradiction-pairs";
import {
  consideredPairs,
  planContradictions,
  recordRun,
  runContradictions,
  type ContradictionPlan,
  type ContradictionRunReport,
} from "../contradictions/run-contradictions";
import { buildContradictionRequest, estimatePairTokens } from "../contradictions/check-contradictions";
import { REPLY_TOKENS } from "../contradictions/run-contradictions";
import { costAt } from "../llm/cost";
import type { ListPrice } from "../llm/models";
import { estimateBatch, type BatchEstimate } from "../spend/batch-estimate";
import { err, ok, type Result } from "../result";
import { shortHash } from "../util/short-hash";
import type { ContradictionStateStore } from "./contradiction-state-store";
import type { KcHost, ModelUnavailable } from "../ports/host";

/** What the model-backed lint workflows take besides the host: where their state is kept, and the articles' hashes. */
export interface ContradictionPorts {
  state: ContradictionStateStore;
  /** Short content hash of an article as the host last read it (undefined: not an article, or gone). */
  articleHash(path: string): string | undefined;
}

/** A planned run with the texts it will send (read once, so the hashes recorded are those of the texts checked). */
export interface PlannedContradictions {
  plan: ContradictionPlan;
  texts: Map<string, string>;
}

/**
 * Plans a contradiction check: candidate pairs from the router's index and the vault's links, those unchanged since
 * checked or dismissed left out, as many as fit the settings' caps, estimated at the host's price. Reads only the
 * texts of the pairs a plan considers (the rest stay due for later runs); calls no model.
 */
export async function planContradictionCheck(host: KcHost, ports: ContradictionPorts): Promise<PlannedContradictions> {
  const caps = host.settings().contradictions;
  const state = await ports.state.load();
  const candidates = contradictionPairs([...host.index().all()], host.resolve, (p) => ports.articleHash(p) ?? "", state, Number.MAX_SAFE_INTEGER);
  const texts = await readTexts(
    host,
    consideredPairs(candidates.due, caps).flatMap((p) => [p.a, p.b]),
  );
  const plan = planContradictions(candidates, (p) => texts.get(p) ?? "", caps, host.models.planned("check").price);
  return { plan, texts };
}

/** A planned run's total estimate at a model's price: each pair one call, with a typical and its longest reply. */
export function contradictionBatch(planned: PlannedContradictions, price: ListPrice | null): BatchEstimate {
  const text = (p: string) => planned.texts.get(p) ?? "";
  return estimateBatch(
    planned.plan.pairs.map((p) => ({
      inputTokens: estimatePairTokens(p, text(p.a), text(p.b)),
      outputTokens: REPLY_TOKENS,
      maxOutputTokens: buildContradictionRequest(p, text(p.a), text(p.b)).maxTokens,
    })),
    price,
  );
}

/** Progress, cancel and the voice of announced waits for one run. */
export interface ContradictionRunOptions {
  signal?: AbortSignal;
  onPair?: (n: number, total: number, pair: ArticlePair) => void;
  onWait?: (seconds: number, reason: string) => void;
}

/** What a run did, and what it cost at the model's price. */
export interface ContradictionRunResult {
  report: ContradictionRunReport;
  usd: number;
}

/**
 * Runs a planned check with the "check" model, within the settings' token cap, and records its outcome through the
 * state store (re-read first, so what another host saved meanwhile is kept); a run that checked nothing leaves the
 * state as it was. Never changes a note. Fails only when no model can be called.
 */
export async function runContradictionCheck(
  host: KcHost,
  ports: ContradictionPorts,
  planned: PlannedContradictions,
  options: ContradictionRunOptions = {},
): Promise<Result<ContradictionRunResult, ModelUnavailable>> {
  const priced = await host.models.get("check", { streaming: false, feature: "contradictions", ...(options.onWait ? { onWait: options.onWait } : {}) });
  if (!priced.ok) return err(priced.error);
  const report = await runContradictions(
    planned.plan,
    {
      model: priced.value.model,
      textOf: (p) => planned.texts.get(p) ?? "",
      signal: options.signal,
      onPair: options.onPair,
    },
    host.settings().contradictions.maxTokens,
  );
  if (report.checked.length > 0) {
    const hashOf = (p: string): string | undefined => {
      const t = planned.texts.get(p);
      return t !== undefined ? shortHash(t) : ports.articleHash(p);
    };
    await ports.state.update((current) => recordRun(current, planned.plan, report, hashOf));
  }
  return ok({ report, usd: costAt(report.usage, priced.value.price) });
}

async function readTexts(host: KcHost, paths: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const p of new Set(paths)) {
    const text = await host.store.read(p).catch(() => null);
    if (text !== null) out.set(p, text);
  }
  return out;
}
