import { stripControls } from "../util/strip-controls";
import { estimateCost } from "../llm/cost";
import type { ListPrice, ModelPrice } from "../llm/models";
import { estimateBatch, type BatchEstimate } from "../spend/batch-estimate";
import type { CompletionRequest, LanguageModel, ModelError, TokenUsage } from "../llm/language-model";
import { redactThenCut } from "./redact";
import type { SessionDay } from "./session-digest";

/** What the model distils from a session: seed 000's Decisions Made, Lessons Learned and Action Items. */
export interface Distilled {
  decisions: string[];
  lessons: string[];
  actions: string[];
}

/** The most characters of a session the distillation sends (redacted first). */
export const MAX_DISTILL_CHARS = 20_000;

/** Most output tokens a distillation may use. */
const MAX_DISTILL_TOKENS = 800;

/**
 * The most one day's distillation can cost at a price: every character sent counted as a third of a token (more
 * tokens than English or code take), 600 tokens for the instructions and the tool, and the whole output allowance.
 */
export function distillCostCeiling(price: ModelPrice): number {
  return estimateCost(
    { inputTokens: Math.ceil(MAX_DISTILL_CHARS / 3) + 600, outputTokens: MAX_DISTILL_TOKENS, cacheReadTokens: 0, cacheWriteTokens: 0 },
    price,
  );
}

/**
 * The estimate of distilling this many days at a model's price, each at its ceiling (the most characters sent and
 * the whole output allowance): what a day's transcript holds is not read until the run.
 */
export function distillBatch(days: number, price: ListPrice | null): BatchEstimate {
  const call = { inputTokens: Math.ceil(MAX_DISTILL_CHARS / 3) + 600, outputTokens: MAX_DISTILL_TOKENS, maxOutputTokens: MAX_DISTILL_TOKENS };
  return estimateBatch(
    Array.from({ length: days }, () => call),
    price,
  );
}

const SYSTEM = `You turn one day of a coding session between a person and an AI assistant into the durable parts of a daily
log: decisions made (what was chosen and why), lessons learned (what surprised, what to do or avoid next time) and
open action items. Only what the transcript supports; short, specific sentences; at most 6 of each; leave a list
empty rather than invent. Answer only with the tool.`;

const TOOL = {
  name: "record_session",
  description: "The decisions, lessons and action items of the session.",
  schema: {
    type: "object",
    properties: {
      decisions: { type: "array", items: { type: "string" }, maxItems: 6 },
      lessons: { type: "array", items: { type: "string" }, maxItems: 6 },
      actions: { type: "array", items: { type: "string" }, maxItems: 6 },
    },
    required: ["decisions", "lessons", "actions"],
  },
};

/** The redacted, bounded text of one day of a session, as the distillation sends it. */
export function distillationText(day: SessionDay, homeDirs: readonly string[] = []): string {
  const parts = [
    ...day.prompts.map((p) => `Person: ${p}`),
    ...day.steering.map((p) => `Person (while it worked): ${p}`),
    ...day.replies.map((r) => `Assistant: ${r}`),
    ...day.errors.map((e) => `Error: ${e}`),
  ];
  return redactThenCut(parts.join("\n\n"), MAX_DISTILL_CHARS, homeDirs).text;
}

/** The request for one day of a session. */
export function buildDistillRequest(text: string): CompletionRequest {
  return { system: SYSTEM, messages: [{ role: "user", content: text }], maxTokens: MAX_DISTILL_TOKENS, jsonSchema: TOOL };
}

/**
 * Asks the model for the decisions, lessons and action items of one day of a session (opt-in; its cost is the
 * caller's to show). The model never writes files: its reply is checked (lists of short strings), redacted again and
 * stripped of control characters; anything that does not fit gives null, and the deterministic entry is used. A call
 * that failed gives its error, so the caller can stop asking a server that does not answer.
 */
export async function distillSession(
  model: LanguageModel,
  text: string,
): Promise<{ distilled: Distilled | null; usage: TokenUsage | null; error?: ModelError }> {
  const reply = await model.complete(buildDistillRequest(text));
  if (!reply.ok) return { distilled: null, usage: null, error: reply.error };
  let v: unknown;
  try {
    v = JSON.parse(reply.value.text);
  } catch {
    return { distilled: null, usage: reply.value.usage };
  }
  // Each string is redacted only as far as can be kept (four times the 300 shown, for the whitespace folded).
  const list = (x: unknown): string[] | null =>
    Array.isArray(x) && x.every((s): s is string => typeof s === "string")
      ? x
          .map((s) => stripControls(redactThenCut(s, 1200).text).replace(/\s+/g, " ").trim().slice(0, 300))
          .filter((s) => s !== "")
          .slice(0, 6)
      : null;
  const o = (typeof v === "object" && v !== null ? v : {}) as Record<string, unknown>;
  const decisions = list(o.decisions);
  const lessons = list(o.lessons);
  const actions = list(o.actions);
  if (!decisions || !lessons || !actions) return { distilled: null, usage: reply.value.usage };
  return { distilled: { decisions, lessons, actions }, usage: reply.value.usage };
}
