import { costOrUnknown, estimateCost, formatCost } from "../llm/cost";
import { estimateTokens } from "../llm/estimate-tokens";
import { addUsage, type Completion, type CompletionRequest, type LanguageModel, type ModelError, type TokenUsage } from "../llm/language-model";
import type { ListPrice } from "../llm/models";
import { err, type Result } from "../result";
import { localDate } from "../util/local-date";
import type { SpendEntry } from "./spend-entry";
import { SpendLedgerUnavailable, type SpendLedger, type SpentSoFar } from "./spend-ledger";
import type { SpendSettings } from "./spend-settings";

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

/** A refusal by the caps (or because they cannot be checked), before any request. */
export type CapRefusal = Extract<ModelError, { kind: "cap" }>;

/** An admitted call: its worst case, and its reservation in the ledger (null when no cap is on: nothing reserved). */
export interface SpendTicket {
  estimateUsd: number | null;
  reservation: string | null;
}

/** What became of a call, for the ledger: what it used as the API reported it, billed but not reported, or not billed. */
export type CallBilling = { billed: "usage"; usage: TokenUsage; model: string } | { billed: "unknown" } | { billed: "none" };

/** Failures where the API refused the request or never received it: nothing was billed. */
const UNBILLED: ReadonlySet<ModelError["kind"]> = new Set([
  "no-key",
  "auth",
  "rate-limited",
  "overloaded",
  "bad-request",
  "server",
  "network",
  "aborted",
  "cap",
]);

/**
 * What a call's bill was: the usage of every reply the API reported (`reported`: through the request's onUsage,
 * whatever became of the reply after: two tool calls, too large, a stream stopped part way), else a completion's own
 * usage; a failure where the API never answered or refused the request bills nothing; any other failure (a timeout
 * while the API worked, a reply that could not be read) may have been billed without saying how much.
 */
export function billingOf(r: Result<Completion, ModelError>, reported: TokenUsage | null, model: string): CallBilling {
  const used = r.ok ? r.value.model || model : model;
  if (reported) return { billed: "usage", usage: reported, model: used };
  if (r.ok) return { billed: "usage", usage: r.value.usage, model: used };
  return UNBILLED.has(r.error.kind) ? { billed: "none" } : { billed: "unknown" };
}

/** "local midnight in Europe/Berlin": when a day of the daily cap starts, on this computer's clock. */
export function dayStartWords(): string {
  let zone = "";
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone ?? "";
  } catch {
    zone = "";
  }
  return zone ? `local midnight (${zone})` : "local midnight";
}

/**
 * The ledger and the caps of one host: reserves a call's worst case against today's and this month's spend before it
 * is made (counting every host's calls still under way, through the ledger's reservations), and settles it after with
 * what the call used.
 */
export class SpendGuard {
  constructor(readonly ports: SpendGuardPorts) {}

  /** A ticket for a call within the caps (its worst case reserved while a cap is on), or the refusal that names why not. */
  async admit(model: string, estimateUsd: number | null): Promise<{ ok: true; ticket: SpendTicket } | { ok: false; error: CapRefusal }> {
    const { dailyCapUsd, monthlyCapUsd } = this.ports.settings();
    // No cap on, or a call that cannot cost anything (a local model server at $0): nothing to check or reserve, even
    // on a day already over its cap.
    if ((dailyCapUsd <= 0 && monthlyCapUsd <= 0) || estimateUsd === 0) return { ok: true, ticket: { estimateUsd, reservation: null } };
    const cap = (period: "day" | "month", capUsd: number, spentUsd: number, message: string): CapRefusal => ({
      kind: "cap",
      period,
      capUsd,
      spentUsd,
      estimateUsd,
      message,
    });
    const period = dailyCapUsd > 0 ? "day" : "month";
    const capUsd = dailyCapUsd > 0 ? dailyCapUsd : monthlyCapUsd;
    if (estimateUsd === null) {
      return {
        ok: false,
        error: cap(
          period,
          capUsd,
          0,
          `Not sent: the price of ${model} is not known, so the call cannot be checked against your spending cap. Set its price in the settings (Spend), or turn the caps off.`,
        ),
      };
    }
    const over = (limit: number, used: number) => limit > 0 && used + estimateUsd > limit;
    const underWay = (s: SpentSoFar) => (s.reservedToday > 0 ? ` (${formatCost(s.reservedToday)} of it calls still under way)` : "");
    const decide = (s: SpentSoFar): CapRefusal | null => {
      if (over(dailyCapUsd, s.today))
        return cap(
          "day",
          dailyCapUsd,
          s.today,
          `Not sent: today's spend ${formatCost(s.today)}${underWay(s)} and this call's worst case ${formatCost(estimateUsd)} would pass your daily cap of ${formatCost(dailyCapUsd)}. Raise or turn off the cap in the settings (Spend), or wait until the day ends at ${dayStartWords()}.`,
        );
      if (over(monthlyCapUsd, s.month))
        return cap(
          "month",
          monthlyCapUsd,
          s.month,
          `Not sent: this month's spend ${formatCost(s.month)} and this call's worst case ${formatCost(estimateUsd)} would pass your monthly cap of ${formatCost(monthlyCapUsd)}. Raise or turn off the cap in the settings (Spend).`,
        );
      return null;
    };
    try {
      const r = await this.ports.ledger.reserve(estimateUsd, this.ports.now(), decide);
      return r.ok ? { ok: true, ticket: { estimateUsd, reservation: r.id } } : r;
    } catch (e) {
      const cause = e instanceof SpendLedgerUnavailable ? e.message : e instanceof Error ? e.message : String(e);
      return {
        ok: false,
        error: cap(
          period,
          capUsd,
          0,
          `Not sent: the spend ledger cannot be used, so the call cannot be checked against your spending cap: ${cause} (spend-ledger.jsonl in the plugin's folder)`,
        ),
      };
    }
  }

  /**
   * Settles an admitted call: what it used goes to the ledger at `price` (a call billed without its usage reported at
   * its worst case, marked estimated), and its reservation is let go. A ledger that cannot be written does not fail
   * the call it records; its reservation then stays counted until it expires.
   */
  async settle(ticket: SpendTicket, feature: string, billing: CallBilling, model: string, price: ListPrice | null): Promise<void> {
    const now = this.ports.now();
    const base = { at: now.toISOString(), day: localDate(now), feature };
    let entry: SpendEntry | null = null;
    if (billing.billed === "usage") {
      const u = billing.usage;
      entry = {
        ...base,
        model: billing.model,
        input: u.inputTokens,
        output: u.outputTokens,
        cacheRead: u.cacheReadTokens,
        cacheWrite: u.cacheWriteTokens,
        usd: costOrUnknown(u, price),
      };
    } else if (billing.billed === "unknown") {
      entry = { ...base, model, input: 0, output: 0, cacheRead: 0, cacheWrite: 0, usd: ticket.estimateUsd, estimated: true };
    }
    if (entry === null && ticket.reservation === null) return;
    await this.ports.ledger.settle(ticket.reservation, entry, now).catch(() => undefined);
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
  const guarded = async (
    request: CompletionRequest,
    call: (counted: CompletionRequest) => Promise<Result<Completion, ModelError>>,
  ): Promise<Result<Completion, ModelError>> => {
    const admitted = await guard.admit(model, worstCaseUsd(request, price));
    if (!admitted.ok) return err(admitted.error);
    // Every reply the API bills, as the adapter reports it (the person's own onUsage still told).
    let reported: TokenUsage | null = null;
    const counted: CompletionRequest = {
      ...request,
      onUsage: (u) => {
        if (reported) addUsage(reported, u);
        else reported = { ...u };
        request.onUsage?.(u);
      },
    };
    let r: Result<Completion, ModelError>;
    try {
      r = await call(counted);
    } catch (e) {
      // A model that threw may have been billed: counted at its worst case.
      await guard.settle(admitted.ticket, feature, reported ? { billed: "usage", usage: reported, model } : { billed: "unknown" }, model, price);
      throw e;
    }
    await guard.settle(admitted.ticket, feature, billingOf(r, reported, model), model, price);
    return r;
  };
  return {
    complete: (request) => guarded(request, (counted) => inner.complete(counted)),
    stream: (request, onText) => guarded(request, (counted) => inner.stream(counted, onText)),
    estimateTokens: (text) => inner.estimateTokens(text),
  };
}
