import { describe, expect, it } from "vitest";
import type { ArticlePair } from "../../../src/core/contradictions/contradiction-pairs";
import { estimatePairTokens } from "../../../src/core/contradictions/check-contradictions";
import { planContradictions, runContradictions } from "../../../src/core/contradictions/run-contradictions";
import { DEFAULT_PRICE } from "../../../src/core/llm/models";
import { err } from "../../../src/core/result";
import { ScriptedLanguageModel } from "../../fakes/scripted-language-model";

const pairs: ArticlePair[] = Array.from({ length: 30 }, (_, i) => ({ a: `k/a${i}.md`, b: `k/b${i}.md`, reason: "mid" }));
const text = (p: string) => (p === "k/a0.md" ? "word ".repeat(20_000) : `# ${p}\n\nA short article about ${p}.\n`);

describe("planning a contradiction run", () => {
  it("reads only the pairs it considers, skips a pair larger than the token cap, and says how many wait", () => {
    const read = new Set<string>();
    const small = estimatePairTokens(pairs[1]!, text("k/a1.md"), text("k/b1.md"));
    const cap = 2 * (small + 150) + 20;
    expect(estimatePairTokens(pairs[0]!, text("k/a0.md"), text("k/b0.md"))).toBeGreaterThan(cap);
    const plan = planContradictions({ due: pairs, unchanged: 2, dismissed: 1 }, (p) => (read.add(p), text(p)), { maxPairs: 2, maxTokens: cap }, DEFAULT_PRICE);
    expect(plan.pairs.map((p) => p.a)).toEqual(["k/a1.md", "k/a2.md"]);
    expect(read.size).toBeLessThanOrEqual(16);
    expect(plan).toMatchObject({ unchanged: 2, dismissed: 1, leftForLater: 28 });
    expect(plan.due).toHaveLength(30);
    expect(plan.estimate.inputTokens).toBeGreaterThan(0);
  });
});

describe("running a contradiction check", () => {
  const plan = planContradictions({ due: pairs.slice(1, 4), unchanged: 0, dismissed: 0 }, text, { maxPairs: 3, maxTokens: 100_000 }, DEFAULT_PRICE);

  it("stops before the next pair when what was spent plus its estimate passes the cap", async () => {
    const model = new ScriptedLanguageModel(['{"conflicts":[]}', '{"conflicts":[]}', '{"conflicts":[]}']);
    // Room for the first pair; after it the scripted 120 tokens spent plus the next estimate pass the cap.
    const first = estimatePairTokens(pairs[1]!, text("k/a1.md"), text("k/b1.md"));
    const r = await runContradictions(plan, { model, textOf: text }, first + 150 + 60);
    expect(model.requests).toHaveLength(1);
    expect(r).toMatchObject({ overBudget: true, checked: [pairs[1]] });
  });

  it("stops on cancel and on an error that will not pass, and goes on after one that may", async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await runContradictions(plan, { model: new ScriptedLanguageModel([]), textOf: text, signal: controller.signal }, 100_000)).toMatchObject({
      cancelled: true,
      checked: [],
    });
    const noKey = new ScriptedLanguageModel([err({ kind: "no-key", message: "No API key." }), '{"conflicts":[]}']);
    expect(await runContradictions(plan, { model: noKey, textOf: text }, 100_000)).toMatchObject({ failed: 1, checked: [] });
    expect(noKey.requests).toHaveLength(1);
    const flaky = new ScriptedLanguageModel([err({ kind: "overloaded", message: "Overloaded." }), '{"conflicts":[]}', '{"conflicts":[]}']);
    expect(await runContradictions(plan, { model: flaky, textOf: text }, 100_000)).toMatchObject({ failed: 1, checked: [pairs[2], pairs[3]] });
  });

  it("leaves a pair whose reply was unusable unchecked (so it stays due), counts it, and goes on", async () => {
    const model = new ScriptedLanguageModel(["Sure! Here are the conflicts:", '{"conflicts":[]}', '{"result":[]}']);
    const r = await runContradictions(plan, { model, textOf: text }, 100_000);
    expect(r).toMatchObject({ unusable: 2, failed: 0, error: null, checked: [pairs[2]] });
    expect(r.usage.inputTokens).toBeGreaterThan(0);
  });
});
