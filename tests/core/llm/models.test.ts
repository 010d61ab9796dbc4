import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { estimateCost } from "../../../src/core/llm/cost";
import { callShapeOf, currentModel, DEFAULT_MODEL, DEFAULT_PRICE, DEFAULT_SELECT_MODEL, DEFAULT_SELECT_PRICE, priceFor } from "../../../src/core/llm/models";

const ROOT = join(import.meta.dirname, "../../..");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith(".ts") ? [path] : [];
  });
}

describe("models", () => {
  it("defaults to Claude Sonnet 5.5, Anthropic's current Sonnet, priced at its list price", () => {
    expect(DEFAULT_MODEL).toBe("claude-sonnet-5-5");
    expect(DEFAULT_PRICE).toEqual({ input: 2, output: 10, cacheWrite: 2.5, cacheRead: 0.1 });
    expect(estimateCost({ inputTokens: 1_000_000, outputTokens: 100_000, cacheReadTokens: 1_000_000, cacheWriteTokens: 0 })).toBeCloseTo(2 + 1 + 0.1, 10);
  });

  it("defaults the selection step to Claude Haiku 5.5, priced at its list price with the long-prompt tier", () => {
    expect(DEFAULT_SELECT_MODEL).toBe("claude-haiku-5-5");
    expect(DEFAULT_SELECT_PRICE).toEqual(priceFor("claude-haiku-5-5"));
    expect(priceFor("claude-haiku-4-5")).toMatchObject({ input: 1, output: 5 });
  });

  it("prices each model as Anthropic's model and pricing pages list it (input, output, 5-minute cache write, cache read)", () => {
    // platform.claude.com/docs/en/about-claude/pricing and models/<name>/overview, read 2026-11-26.
    const listed: Record<string, [number, number, number, number]> = {
      "claude-haiku-5-5": [0.1, 0.5, 0.125, 0.01],
      "claude-sonnet-5-5": [2, 10, 2.5, 0.1],
      "claude-opus-5-5": [4, 20, 5, 0.2],
      "claude-sonnet-5": [2, 10, 2.5, 0.2],
      "claude-opus-5": [5, 25, 6.25, 0.5],
      "claude-fable-5-1": [10, 50, 12.5, 0.25],
      "claude-haiku-4-5": [1, 5, 1.25, 0.1],
    };
    for (const [id, [input, output, cacheWrite, cacheRead]] of Object.entries(listed)) {
      expect(priceFor(id), id).toMatchObject({ input, output, cacheWrite, cacheRead });
    }
    expect(priceFor("claude-haiku-5-5")?.longPrompt).toEqual({ aboveTokens: 100_000, price: { input: 0.5, output: 2.5, cacheWrite: 0.625, cacheRead: 0.05 } });
  });

  it("names model ids in one place: no other source file spells one out", () => {
    const offenders = sources(join(ROOT, "src"))
      .filter((f) => !f.endsWith(join("core", "llm", "models.ts")))
      .filter((f) => /["'`]claude-(?:sonnet|opus|haiku|fable|mythos|\d)[\w.-]*["'`]/.test(readFileSync(f, "utf8")))
      .map((f) => relative(ROOT, f));
    expect(offenders).toEqual([]);
  });

  it("moves a saved id Anthropic retired, or announced for retirement, to the default", () => {
    expect(currentModel("claude-sonnet-4-5")).toBe(DEFAULT_MODEL);
    expect(currentModel(" claude-sonnet-4-5-20250929 ")).toBe(DEFAULT_MODEL);
    expect(currentModel("claude-sonnet-4-6")).toBe("claude-sonnet-4-6");
    expect(currentModel("claude-opus-5-5")).toBe("claude-opus-5-5");
  });

  it("forces the structured-output tool only for models that accept it", () => {
    expect(callShapeOf(DEFAULT_MODEL)).toEqual({ forceTool: false, thinking: "between_tools" });
    expect(callShapeOf(DEFAULT_SELECT_MODEL)).toEqual({ forceTool: false, thinking: null });
    for (const id of [
      "claude-haiku-4-5",
      "claude-sonnet-4-6",
      "claude-opus-4-8",
      "claude-3-7-sonnet-20250219",
      "claude-sonnet-4-20250514",
      "llama3.1:8b",
      "claude-test",
    ]) {
      expect(callShapeOf(id)).toEqual({ forceTool: true, thinking: null });
    }
    for (const id of ["claude-sonnet-5", "claude-opus-5-5", "claude-fable-5-1", "claude-haiku-5-5", "claude-sonnet-6"]) {
      expect(callShapeOf(id)).toEqual({ forceTool: false, thinking: null });
    }
  });
});
