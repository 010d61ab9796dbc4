import { TFile, type App } from "obsidian";
import { findCitations } from "../core/drift/citations";
import { claimDriftCandidate, estimateClaimDrift, runClaimDrift, type ClaimDriftCandidate, type ClaimDriftReport } from "../core/drift/claim-drift";
import { estimateCost } from "../core/llm/cost";
import { localDate } from "../core/util/local-date";
import { shortHash } from "../core/util/short-hash";
import { createModel, priceOf } from "./create-model";
import type { LintService } from "./lint-service";
import type { PluginData } from "./plugin-data";
import type { RouterService } from "./router-service";

/** A planned run: the articles to ask about, the hashes of the texts read, and the estimate. */
export interface PlannedClaimDrift {
  candidates: ClaimDriftCandidate[];
  hashes: Map<string, string>;
  inputTokens: number;
  usd: number;
}

/**
 * The optional model layer of drift in Obsidian (desktop, off by default): old articles that cite files of the
 * configured repository, asked about through requestUrl; what the model reports is kept with the article's hash in
 * the lint's model-findings state and shown as `cited-claim-drift` suggestions. Never writes a note.
 */
export class ClaimDriftService {
  constructor(
    private readonly app: App,
    private readonly lint: LintService,
    private readonly router: RouterService,
    private readonly data: () => PluginData,
  ) {}

  /** Plans a run within the settings' caps; null when no code repository is configured. */
  async plan(today = localDate()): Promise<PlannedClaimDrift | null> {
    const repo = this.lint.codeRepoView();
    if (!repo) return null;
    const s = this.data().lint;
    const candidates: ClaimDriftCandidate[] = [];
    const hashes = new Map<string, string>();
    for (const doc of this.router.articleIndex().all()) {
      if (candidates.length >= s.driftMaxArticles) break;
      if (!doc.header.updated) continue;
      const f = this.app.vault.getAbstractFileByPath(doc.path);
      if (!(f instanceof TFile)) continue;
      const text = await this.app.vault.cachedRead(f);
      const c = claimDriftCandidate(doc.path, text, doc.header.updated, findCitations(text), repo, today, s.driftOlderThanDays);
      if (!c) continue;
      candidates.push(c);
      hashes.set(doc.path, shortHash(text));
    }
    const inputTokens = candidates.reduce((n, c) => n + estimateClaimDrift(c), 0);
    const usd = estimateCost({ inputTokens, outputTokens: 150 * candidates.length, cacheReadTokens: 0, cacheWriteTokens: 0 }, priceOf(this.data().ask));
    return { candidates, hashes, inputTokens, usd };
  }

  /** Runs a planned check; the articles asked about get the new judgements (older ones of theirs are replaced). */
  async run(planned: PlannedClaimDrift, signal: AbortSignal, onWait: (seconds: number, reason: string) => void): Promise<ClaimDriftReport> {
    const model = createModel(this.app, this.data().ask, onWait);
    const caps = { maxArticles: this.data().lint.driftMaxArticles, maxTokens: this.data().lint.contradictionMaxTokens };
    const report = await runClaimDrift(model, planned.candidates, caps, signal);
    if (report.checked.length > 0) {
      const asked = new Set(report.checked);
      const found = report.found.map((f) => ({ ...f, hash: planned.hashes.get(f.path) ?? "" }));
      await this.lint.updateContradictionState((state) => {
        const kept = (state.claims ?? []).filter((c) => !asked.has(c.path));
        return { ...state, claims: [...kept, ...found].slice(0, 200) };
      });
    }
    return report;
  }

  /** What a run cost at the settings' prices. */
  spent(report: ClaimDriftReport): number {
    return estimateCost(report.usage, priceOf(this.data().ask));
  }
}
