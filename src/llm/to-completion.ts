import type Anthropic from "@anthropic-ai/sdk";
import type { Completion, ModelError, TokenUsage } from "../core/llm/language-model";
import { err, ok, type Result } from "../core/result";
import { serviceOf } from "./map-model-error";

/** What a reply is checked against. */
export interface ReplyRules {
  /** The tool a structured request offered, or null for a text answer. */
  toolName: string | null;
  maxReplyChars: number;
  /** The model asked for (a server that names none in its reply is taken to have used it). */
  model: string;
  baseUrl: string | undefined;
}

/**
 * The completion of a reply, or why it cannot be used: not a Messages API reply, another tool than the one offered,
 * two tool calls, or more than `maxReplyChars` of text or tool input. A structured reply's text is its tool input as
 * JSON; a model that answered in text instead is passed on, for the caller's validation to refuse with its reasons.
 */
export function toCompletion(msg: Anthropic.Message, rules: ReplyRules): Result<Completion, ModelError> {
  const raw = msg as Partial<Anthropic.Message> | null;
  if (!raw || typeof raw !== "object" || !Array.isArray(raw.content) || !raw.usage) {
    const service = serviceOf(rules.baseUrl);
    return err({
      kind: "invalid-reply",
      message: `${service.charAt(0).toUpperCase()}${service.slice(1)} sent an answer that is not a Messages API reply${rules.baseUrl ? "; check the base URL" : ""}.`,
    });
  }
  let text = "";
  const tools = raw.content.filter((b): b is Anthropic.ToolUseBlock => b.type === "tool_use");
  for (const block of raw.content) if (block.type === "text") text += block.text;
  if (rules.toolName !== null && tools.length > 0) {
    if (tools.length > 1)
      return err({ kind: "invalid-reply", message: `The model replied with ${tools.length} tool calls instead of one; the reply was not used.` });
    if (tools[0]!.name !== rules.toolName)
      return err({
        kind: "invalid-reply",
        message: `The model replied with an unexpected tool ("${String(tools[0]!.name).slice(0, 60)}" instead of "${rules.toolName}"); the reply was not used.`,
      });
    text = JSON.stringify(tools[0]!.input) ?? "";
  }
  if (text.length > rules.maxReplyChars) return err(replyTooLarge(text.length, rules.maxReplyChars));
  const u = raw.usage;
  const usage: TokenUsage = {
    inputTokens: u.input_tokens ?? 0,
    outputTokens: u.output_tokens ?? 0,
    cacheReadTokens: u.cache_read_input_tokens ?? 0,
    cacheWriteTokens: u.cache_creation_input_tokens ?? 0,
  };
  const known = ["end_turn", "max_tokens", "stop_sequence", "tool_use", "refusal"] as const;
  const stop = known.find((k) => k === raw.stop_reason) ?? "other";
  return ok({ text, usage, stopReason: stop, model: typeof raw.model === "string" ? raw.model : rules.model });
}

/** The failure of a reply over the size limit, in kB a person can compare. */
export function replyTooLarge(chars: number, maxReplyChars: number): ModelError {
  const kb = (n: number): string => `${Math.round(n / 1000)} kB`;
  return { kind: "invalid-reply", message: `The model's reply is ${kb(chars)}, over the ${kb(maxReplyChars)} accepted; it was not used.` };
}

/** The usage a reply (or a stream's snapshot) reports, each count 0 where it is missing or not a count. */
export function usageOf(u: Partial<Anthropic.Usage> | null | undefined): TokenUsage {
  const n = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : 0);
  return {
    inputTokens: n(u?.input_tokens),
    outputTokens: n(u?.output_tokens),
    cacheReadTokens: n(u?.cache_read_input_tokens),
    cacheWriteTokens: n(u?.cache_creation_input_tokens),
  };
}

/** Tells `onUsage` what a reply the API answered used, before it is checked (it is billed either way). */
export function reportUsage(msg: unknown, onUsage: ((usage: TokenUsage) => void) | undefined): void {
  const u = (msg as { usage?: unknown } | null)?.usage;
  if (onUsage && typeof u === "object" && u !== null) onUsage(usageOf(u));
}
