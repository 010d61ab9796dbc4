import type { ContradictionRunReport } from "../core/contradictions/run-contradictions";
import { ok, type Result } from "../core/result";
import type { BatchEstimate } from "../core/spend/batch-estimate";
import {
  contradictionBatch,
  planContradictionCheck,
  runContradictionCheck,
  type ContradictionPorts,
  type PlannedContradictions,
} from "../core/workflows/contradictions-workflow";
import type { KcHost, ModelUnavailable } from "../core/ports/host";
import { lintStateStore } from "./lint-contradictions";
import type { LintService } from "./lint-service";

/** A planned batch's total at its model's own price, and the threshold above which the plugin asks first. */
export interface PricedBatch {
  batch: BatchEstimate;
  modelId: string;
  confirmAboveUsd: number;
}

/** A contradiction run's report with what it cost at the model's price. */
export type ContradictionRunOutcome = ContradictionRunReport & { usd: number };

/**
 * The contradiction check inside Obsidian: core's workflow over the plugin's host, with the lint service as its state
 * store (so conflicts show in the lint at once) and its article hashes. Never writes a note.
 */
export class ContradictionService {
  constructor(
    private readonly host: KcHost,
    private readonly lint: LintService,
  ) {}

  /** Plans a run within the settings' caps, reading only the texts of the pairs it considers. */
  plan(): Promise<PlannedContradictions> {
    return planContradictionCheck(this.host, this.ports());
  }

  /** The planned run's total at the "check" model's own price (unknown for a model without one), with no network. */
  async estimate(planned: PlannedContradictions): Promise<Result<PricedBatch, ModelUnavailable>> {
    const priced = await this.host.models.get("check", { streaming: false, feature: "contradictions" });
    if (!priced.ok) return priced;
    return ok({
      batch: contradictionBatch(planned, priced.value.price),
      modelId: priced.value.id,
      confirmAboveUsd: this.host.settings().compile.confirmAboveUsd,
    });
  }

  /** Runs a planned check and records its outcome (shown by the lint at once); cancelling keeps what was checked. */
  async run(
    planned: PlannedContradictions,
    signal: AbortSignal,
    onPair: (n: number, total: number) => void,
    onWait: (seconds: number, reason: string) => void,
  ): Promise<ContradictionRunOutcome> {
    const r = await runContradictionCheck(this.host, this.ports(), planned, { signal, onPair: (n, total) => onPair(n, total), onWait });
    return r.ok ? { ...r.value.report, usd: r.value.usd } : unrun(r.error);
  }

  private ports(): ContradictionPorts {
    return { state: lintStateStore(this.lint), articleHash: (p) => this.lint.articleHash(p) };
  }
}

/** A run that called nothing because no model could be built, saying why. */
function unrun(e: ModelUnavailable): ContradictionRunOutcome {
  return {
    found: [],
    dropped: 0,
    unusable: 0,
    checked: [],
    failed: 0,
    error: { kind: "no-key", message: e.message },
    overBudget: false,
    cancelled: false,
    usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 },
    usd: 0,
  };
}
