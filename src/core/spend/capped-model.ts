import { costOrUnknown, estimateCost, formatCost } from "../llm/cost";
import { estimateTokens } from "../llm/estimate-tokens";
import type { Completion, CompletionRequest, LanguageModel, ModelError } from "../llm/language-model";
import type { ListPrice } from "../llm/models";
import { err, type Result } from "../result";
import { localDate } from "../util/local-date";
import type { SpendLedger } from "./spend-ledger";
import type { SpendSettings } from "./spend-settings";
import { summarizeSpend } from "./summarize-spend";

/**
 * The local token estimate can fall short of the API's count (by ~15% on prose, and newer tokenizers count ~30%
 * more for the same text): a call's worst case counts its prompt this much larger.
 */
export const PROMPT_MARGIN = 1.3;

/** What the caps need: the ledger, the settings as they are now, and a clock. */
export interface SpendGuardPorts {
  ledger: SpendLedger;
  settings(): SpendSettings;
  now(): Date;
}

/**
 * The ledger and the caps of one host: checks a call's worst case against today's and this month's spend before it
 * is made (counting this host's calls still under way), and records what each call used after it.
 */
export class SpendGuard {
  private pending = 0;

  constructor(readonly ports: SpendGuardPorts) {}

  /** A refusal when a cap is on and the call could pass it; else null, with the estimate held until `release`. */
  async admit(model: string, estimateUsd: number | null): Promise<Extract<ModelError, { kind: "cap" }> | null> {
    const { dailyCapUsd, monthlyCapUsd } = this.ports.settings();
    if (dailyCapUsd <= 0 && monthlyCapUsd <= 0) return null;
    const cap = (period: "day" | "month", capUsd: number, spentUsd: number, message: string) => ({
      kind: "cap" as const,
      period,
      capUsd,
      spentUsd,
      estimateUsd,
      message,
    });
    const period = dailyCapUsd > 0 ? "day" : "month";
    const capUsd = dailyCapUsd > 0 ? dailyCapUsd : monthlyCapUsd;
    if (estimateUsd === null) {
      return cap(
        period,
        capUsd,
        0,
        `Not sent: the price of ${model} is not known, so the call cannot be checked against your spending cap. Set its price in the settings (Spend), or turn the caps off.`,
      );
    }
    let spent: { today: number; month: number };
    try {
      const s = summarizeSpend(await this.ports.ledger.read(), this.ports.now());
      spent = { today: s.today.usd + this.pending, month: s.thisMonth.usd + this.pending };
    } catch {
      return cap(
        period,
        capUsd,
        0,
        "Not sent: the spend ledger (spend-ledger.jsonl in the plugin's folder) cannot be read, so the call cannot be checked against your spending cap.",
      );
    }
    const over = (limit: number, used: number) => limit > 0 && used + estimateUsd > limit;
    if (over(dailyCapUsd, spent.today)) {
      return cap(
        "day",
        dailyCapUsd,
        spent.today,
        `Not sent: today's spend ${formatCost(spent.today)} and this call's worst case ${formatCost(estimateUsd)} would pass your daily cap of ${formatCost(dailyCapUsd)}. Raise or turn off the cap in the settings (Spend), or wait until tomorrow.`,
      );
    }
    if (over(monthlyCapUsd, spent.month)) {
      return cap(
        "month",
        monthlyCapUsd,
        spent.month,
        `Not sent: this month's spend ${formatCost(spent.month)} and this call's worst case ${formatCost(estimateUsd)} would pass your monthly cap of ${formatCost(monthlyCapUsd)}. Raise or turn off the cap in the settings (Spend).`,
      );
    }
    this.pending += estimateUsd;
    return null;
  }

  /** Lets go of an admitted call's estimate. */
  release(estimateUsd: number | null): void {
    if (estimateUsd !== null) this.pending = Math.max(0, this.pending - estimateUsd);
  }

  /** Appends a finished call to the ledger; a ledger that cannot be written does not fail the call it records. */
  async record(feature: string, completion: Completion, model: string, price: ListPrice | null): Promise<void> {
    const now = this.ports.now();
    const u = completion.usage;
    const entry = {
      at: now.toISOString(),
      day: localDate(now),
      feature,
      model,
      input: u.inputTokens,
      output: u.outputTokens,
      cacheRead: u.cacheReadTokens,
      cacheWrite: u.cacheWriteTokens,
      usd: costOrUnknown(u, price),
    };
    await this.ports.ledger.append(entry, now).catch(() => undefined);
  }
}

/** The most a request can cost: its prompt (with the margin) written to the cache, and every output token it allows. */
export function worstCaseUsd(request: CompletionRequest, price: ListPrice | null): number | null {
  if (!price) return null;
  const text = [request.system, ...request.messages.map((m) => m.content), request.jsonSchema ? JSON.stringify(request.jsonSchema) : ""].join("\n");
  const prompt = Math.ceil(estimateTokens(text) * PROMPT_MARGIN);
  return estimateCost({ inputTokens: 0, outputTokens: request.maxTokens, cacheReadTokens: 0, cacheWriteTokens: prompt }, price);
}

/**
 * A language model whose every call is checked against the caps before any request is made (refused with a "cap"
 * error carrying the figures) and recorded in the ledger after, under `feature` at `price`.
 */
export function cappedModel(inner: LanguageModel, model: string, price: ListPrice | null, feature: string, guard: SpendGuard): LanguageModel {
  const guarded = async (request: CompletionRequest, call: () => Promise<Result<Completion, ModelError>>): Promise<Result<Completion, ModelError>> => {
    const estimate = worstCaseUsd(request, price);
    const refused = await guard.admit(model, estimate);
    if (refused) return err(refused);
    try {
      const r = await call();
      if (r.ok) await guard.record(feature, r.value, r.value.model || model, price);
      return r;
    } finally {
      guard.release(estimate);
    }
  };
  return {
    complete: (request) => guarded(request, () => inner.complete(request)),
    stream: (request, onText) => guarded(request, () => inner.stream(request, onText)),
    estimateTokens: (text) => inner.estimateTokens(text),
  };
}
