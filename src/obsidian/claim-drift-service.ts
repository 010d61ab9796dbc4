import type { ClaimDriftReport } from "../core/drift/claim-drift";
import { ok, type Result } from "../core/result";
import { claimDriftBatch, planClaimDriftCheck, runClaimDriftCheck, type PlannedClaimDrift } from "../core/workflows/claim-drift-workflow";
import type { KcHost, ModelUnavailable } from "../core/ports/host";
import type { PricedBatch } from "./contradiction-service";
import { lintStateStore } from "./lint-contradictions";
import type { LintService } from "./lint-service";

/** A model check's report with what it cost at the model's price. */
export type ClaimDriftOutcome = ClaimDriftReport & { usd: number };

/**
 * The optional model layer of drift in Obsidian (desktop, off by default): core's workflow over the plugin's host and
 * the lint's code repository; what the model reports is kept through the lint service (with the article's hash) and
 * shown as `cited-claim-drift` suggestions. Never writes a note.
 */
export class ClaimDriftService {
  constructor(
    private readonly host: KcHost,
    private readonly lint: LintService,
  ) {}

  /** Plans a run within the settings' caps; null when no code repository is configured. */
  async plan(today?: string): Promise<PlannedClaimDrift | null> {
    const repo = this.lint.codeRepoView();
    return repo ? planClaimDriftCheck(this.host, repo, today) : null;
  }

  /** The planned check's total at the "check" model's own price (unknown for a model without one), with no network. */
  async estimate(planned: PlannedClaimDrift): Promise<Result<PricedBatch, ModelUnavailable>> {
    const priced = await this.host.models.get("check", { streaming: false, feature: "drift" });
    if (!priced.ok) return priced;
    return ok({ batch: claimDriftBatch(planned, priced.value.price), modelId: priced.value.id, confirmAboveUsd: this.host.settings().compile.confirmAboveUsd });
  }

  /** Runs a planned check; the articles asked about get the new judgements (older ones of theirs are replaced). */
  async run(planned: PlannedClaimDrift, signal: AbortSignal, onWait: (seconds: number, reason: string) => void): Promise<ClaimDriftOutcome> {
    const r = await runClaimDriftCheck(this.host, planned, { state: lintStateStore(this.lint), signal, onWait });
    if (r.ok) return { ...r.value.report, usd: r.value.usd };
    const usage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
    return { found: [], dropped: 0, checked: [], overBudget: false, error: { kind: "no-key", message: r.error.message }, usage, usd: 0 };
  }
}
