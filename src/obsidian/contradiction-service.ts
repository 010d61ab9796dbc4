import { TFile, type App } from "obsidian";
import { contradictionPairs } from "../core/contradictions/contradiction-pairs";
import { consideredPairs, planContradictions, recordRun, runContradictions, type ContradictionPlan, type ContradictionRunReport } from "../core/contradictions/run-contradictions";
import { estimateCost } from "../core/llm/cost";
import { shortHash } from "../core/util/short-hash";
import { createModel, priceOf } from "./create-model";
import type { LintService } from "./lint-service";
import type { PluginData } from "./plugin-data";
import type { RouterService } from "./router-service";

/** A planned run with the texts it will send (read once, so the hashes recorded are those of the texts checked). */
export interface PlannedContradictionRun {
  plan: ContradictionPlan;
  texts: Map<string, string>;
}

/**
 * The contradiction check inside Obsidian: candidate pairs from the router's article index and the lint's article
 * hashes, the texts read through the vault, the model from the Ask settings (requestUrl), and the outcome handed to
 * the lint service, which keeps it in the plugin's folder and shows it as findings. Never writes a note.
 */
export class ContradictionService {
  constructor(
    private readonly app: App,
    private readonly lint: LintService,
    private readonly router: RouterService,
    private readonly data: () => PluginData,
  ) {}

  /** Plans a run within the settings' caps, reading only the texts of the pairs it considers. */
  async plan(): Promise<PlannedContradictionRun> {
    const docs = [...this.router.articleIndex().all()];
    const resolve = (link: string, from: string): string | null => this.app.metadataCache.getFirstLinkpathDest(link, from)?.path ?? null;
    const candidates = contradictionPairs(docs, resolve, (p) => this.lint.articleHash(p) ?? "", this.lint.contradictionState(), Number.MAX_SAFE_INTEGER);
    const caps = { maxPairs: this.data().lint.contradictionMaxPairs, maxTokens: this.data().lint.contradictionMaxTokens };
    // Only the pairs a plan considers are read; the rest stay due for later runs.
    const texts = await this.read(consideredPairs(candidates.due, caps).flatMap((p) => [p.a, p.b]));
    const plan = planContradictions(candidates, (p) => texts.get(p) ?? "", caps, priceOf(this.data().ask));
    return { plan, texts };
  }

  /** Runs a planned check and records its outcome (shown by the lint at once); cancelling keeps what was checked. */
  async run(planned: PlannedContradictionRun, signal: AbortSignal, onPair: (n: number, total: number) => void, onWait: (seconds: number, reason: string) => void): Promise<ContradictionRunReport> {
    const model = createModel(this.app, this.data().ask, onWait);
    const report = await runContradictions(planned.plan, {
      model, textOf: (p) => planned.texts.get(p) ?? "", signal, onPair: (n, total) => onPair(n, total),
    }, this.data().lint.contradictionMaxTokens);
    if (report.checked.length > 0) {
      const hashOf = (p: string): string | undefined => {
        const t = planned.texts.get(p);
        return t !== undefined ? shortHash(t) : this.lint.articleHash(p);
      };
      await this.lint.updateContradictionState((current) => recordRun(current, planned.plan, report, hashOf));
    }
    return report;
  }

  /** What a run cost at the settings' prices. */
  spent(report: ContradictionRunReport): number {
    return estimateCost(report.usage, priceOf(this.data().ask));
  }

  private async read(paths: string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (const p of new Set(paths)) {
      const f = this.app.vault.getAbstractFileByPath(p);
      if (f instanceof TFile) out.set(p, await this.app.vault.cachedRead(f));
    }
    return out;
  }
}
