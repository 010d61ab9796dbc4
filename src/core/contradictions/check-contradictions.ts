import { estimateCost } from "../llm/cost";
import type { ModelPrice } from "../llm/models";
import { estimateTokens } from "../llm/estimate-tokens";
import { addUsage, type CompletionRequest, type LanguageModel, type ModelError, type TokenUsage } from "../llm/language-model";
import { err, ok, type Result } from "../result";
import { foldQuote, locateQuote } from "../util/locate-quote";
import { stripControls } from "../util/strip-controls";
import type { ArticlePair } from "./contradiction-pairs";
import type { Contradiction } from "./contradiction-state";

/** Most characters of one article's body a check shows (longer ones are cut, and the model is told). */
export const MAX_ARTICLE_CHARS = 6000;

/** The fixed instructions (the cacheable prefix of every call). */
export const CONTRADICTION_SYSTEM_PROMPT = `You check two articles of a personal knowledge base for contradictions: statements that cannot both
be true (a number, a default, a rule, an order of steps, a cause) — not differences of scope or emphasis, not one
article saying more than the other. Quote each conflicting statement exactly as it appears in its article (a short
sentence or clause, copied character for character), explain the conflict in one line, and say how sure you are.
If they do not contradict each other, return an empty list. Answer only with the tool.`;

const TOOL = {
  name: "report_contradictions",
  description: "Statements of article A and article B that contradict each other, quoted exactly.",
  schema: {
    type: "object",
    properties: {
      conflicts: {
        type: "array",
        maxItems: 5,
        items: {
          type: "object",
          properties: {
            quote_a: { type: "string" },
            quote_b: { type: "string" },
            explanation: { type: "string" },
            confidence: { type: "string", enum: ["high", "medium", "low"] },
          },
          required: ["quote_a", "quote_b", "explanation", "confidence"],
        },
      },
    },
    required: ["conflicts"],
  },
};

function shown(text: string): string {
  const body = text.replace(/^---\n[\s\S]*?\n---\n?/, "");
  return body.length <= MAX_ARTICLE_CHARS ? body : `${body.slice(0, MAX_ARTICLE_CHARS)}\n(… the rest of the article was not shown)`;
}

/** The request for one pair. */
export function buildContradictionRequest(pair: ArticlePair, textA: string, textB: string, signal?: AbortSignal): CompletionRequest {
  const user = `Article A (${pair.a}):\n\n${shown(textA)}\n\nArticle B (${pair.b}):\n\n${shown(textB)}`;
  return { system: CONTRADICTION_SYSTEM_PROMPT, messages: [{ role: "user", content: user }], maxTokens: 800, jsonSchema: TOOL, ...(signal ? { signal } : {}) };
}

/** Input tokens of one pair's request, estimated before the call. */
export function estimatePairTokens(pair: ArticlePair, textA: string, textB: string): number {
  return estimateTokens(CONTRADICTION_SYSTEM_PROMPT) + estimateTokens(buildContradictionRequest(pair, textA, textB).messages[0]!.content) + 200;
}

/** Tokens and cost of checking some pairs, before any call. */
export function estimateContradictions(
  pairs: readonly ArticlePair[],
  textOf: (path: string) => string,
  price: ModelPrice,
): { inputTokens: number; usd: number } {
  let inputTokens = 0;
  for (const p of pairs) inputTokens += estimatePairTokens(p, textOf(p.a), textOf(p.b));
  return { inputTokens, usd: estimateCost({ inputTokens, outputTokens: 150 * pairs.length, cacheReadTokens: 0, cacheWriteTokens: 0 }, price) };
}

/** Why a pair could not be checked: the call failed, or its reply was not the tool's shape (its tokens were still spent). */
export type CheckPairError = ModelError | { kind: "bad-reply"; message: string; usage: TokenUsage };

/**
 * Checks one pair with the model and keeps only conflicts whose two quotes are really in the files (a quote that is
 * not there is dropped and counted), so every finding points at real text; a reply without a conflicts list is a
 * `bad-reply` error. Nothing is ever changed.
 */
export async function checkPair(
  model: LanguageModel,
  pair: ArticlePair,
  textA: string,
  textB: string,
  signal?: AbortSignal,
): Promise<Result<{ found: Contradiction[]; dropped: number; usage: TokenUsage }, CheckPairError>> {
  const usage: TokenUsage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
  const reply = await model.complete(buildContradictionRequest(pair, textA, textB, signal));
  if (!reply.ok) return err(reply.error);
  addUsage(usage, reply.value.usage);
  let raw: unknown;
  try {
    raw = JSON.parse(reply.value.text);
  } catch {
    raw = null;
  }
  // Without a conflicts list the pair was not checked: an error keeps it due, never a silent "nothing found".
  const conflicts = typeof raw === "object" && raw !== null ? (raw as { conflicts?: unknown }).conflicts : undefined;
  if (!Array.isArray(conflicts)) return err({ kind: "bad-reply", message: "The model's reply had no list of conflicts.", usage });
  const list: unknown[] = conflicts;
  const found: Contradiction[] = [];
  let dropped = 0;
  for (const c of list.slice(0, 5)) {
    const o = (typeof c === "object" && c !== null ? c : {}) as Record<string, unknown>;
    const qa = typeof o.quote_a === "string" ? o.quote_a : "";
    const qb = typeof o.quote_b === "string" ? o.quote_b : "";
    const la = locateQuote(textA, qa);
    const lb = locateQuote(textB, qb);
    const explanation = stripControls(typeof o.explanation === "string" ? o.explanation : "")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 300);
    // A conflict must point at real text on both sides and say why; anything else is dropped, never shown.
    if (la < 0 || lb < 0 || explanation === "") {
      dropped++;
      continue;
    }
    const confidence = o.confidence === "high" || o.confidence === "medium" || o.confidence === "low" ? o.confidence : "low";
    found.push({
      a: { path: pair.a, quote: foldQuote(qa).slice(0, 500), line: la },
      b: { path: pair.b, quote: foldQuote(qb).slice(0, 500), line: lb },
      explanation,
      confidence,
    });
  }
  return ok({ found, dropped, usage });
}
