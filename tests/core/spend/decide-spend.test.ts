import { describe, expect, it } from "vitest";
import { decideSpend, type SpendRule } from "../../../src/core/spend/decide-spend";
import type { BatchEstimate } from "../../../src/core/spend/batch-estimate";

const batch: BatchEstimate = { calls: 3, inputTokens: 12_000, usd: 0.3, maxUsd: 0.9 };
const unpriced: BatchEstimate = { ...batch, usd: null, maxUsd: null };
const rule = (over: Partial<SpendRule> = {}): SpendRule => ({ thresholdUsd: 0.25, thresholdWhere: "in settings", asker: "dialog", ...over });
const q = { what: "Check 3 pairs", modelId: "claude-x" };

describe("decideSpend: the one rule before paid model calls", () => {
  it("goes on at or below the threshold, whoever can be asked", () => {
    for (const asker of ["dialog", "terminal", null] as const) {
      expect(decideSpend({ ...batch, usd: 0.25 }, rule({ asker }), q)).toEqual({ kind: "go" });
      expect(decideSpend({ ...batch, usd: 0.01 }, rule({ asker }), q)).toEqual({ kind: "go" });
    }
  });

  it("asks above the threshold: the whole estimate in a dialog, one line with its cost on a terminal", () => {
    expect(decideSpend(batch, rule(), { ...q, more: "Nothing is changed. " })).toEqual({
      kind: "ask",
      why: "above-threshold",
      sentence:
        "Check 3 pairs: about 12,000 input tokens in 3 calls to claude-x, about $0.3000, at most $0.9000. Nothing is changed. Your threshold is $0.2500 (in settings).",
    });
    expect(decideSpend(batch, rule({ asker: "terminal" }), q)).toEqual({ kind: "ask", why: "above-threshold", sentence: "Check 3 pairs (about $0.3000)?" });
  });

  it("asks at an unknown price whatever the threshold, saying the cost is unknown", () => {
    const d = decideSpend(unpriced, rule({ thresholdUsd: 1000 }), q);
    expect(d).toMatchObject({ kind: "ask", why: "price-unknown" });
    expect(d.kind === "ask" && d.sentence).toContain("cost unknown (no price is known for claude-x; set one in the settings)");
    expect(decideSpend(unpriced, rule({ asker: "terminal" }), q)).toEqual({ kind: "ask", why: "price-unknown", sentence: "Check 3 pairs (cost unknown)?" });
  });

  it("refuses with no one to ask, saying why and how to go on, unless approved beforehand", () => {
    const above = decideSpend(batch, rule({ asker: null, thresholdWhere: "--confirm-above" }), q);
    expect(above).toMatchObject({ kind: "refuse", why: "above-threshold" });
    expect(above.kind === "refuse" && above.sentence).toBe(
      "That is above $0.2500, the amount asked about first (--confirm-above), and there is no terminal to ask: re-run with --yes to go on (the spending caps still hold).",
    );
    const unknown = decideSpend(unpriced, rule({ asker: null }), q);
    expect(unknown.kind === "refuse" && unknown.sentence).toMatch(/^Its cost is not known \(no price for claude-x\)/);
    expect(decideSpend(batch, rule({ asker: null, approved: true }), q)).toEqual({ kind: "go" });
    expect(decideSpend(unpriced, rule({ asker: null, approved: true }), q)).toEqual({ kind: "go" });
  });
});
