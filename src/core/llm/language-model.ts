import type { Result } from "../result";

/** One turn of a conversation with the model. */
export interface ChatMessage {
  role: "user" | "assistant";
  content: string;
}

/** A request to the model: a stable system prefix (cached) and the conversation. */
export interface CompletionRequest {
  /** Stable instructions; adapters mark it for prompt caching. */
  system: string;
  messages: ChatMessage[];
  maxTokens: number;
  /** Optional JSON schema: when set, the adapter asks for structured output (tool use) and returns its JSON text. */
  jsonSchema?: { name: string; description: string; schema: Record<string, unknown> };
  /**
   * How much effort the model should spend ("low" for picking a few ids). Sent only where the server takes native
   * structured output (Claude 5+ on the Anthropic API); elsewhere the model's default applies.
   */
  effort?: "low" | "medium" | "high";
  signal?: AbortSignal;
  /** This call's request timeout in ms, over the model's own (a call not answered, or a stream silent, this long fails). */
  timeoutMs?: number;
  /**
   * Told what each reply the API billed used, as soon as it is known and whatever becomes of the reply (used, or
   * refused after: two tool calls, too large, prose for a structured reply, a stream stopped part way). The spend
   * ledger counts these; an adapter that never calls it leaves the completion's own usage to be counted.
   */
  onUsage?: (usage: TokenUsage) => void;
}

/** Tokens a call used, as the API reported them. */
export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
}

/** Adds one call's usage to a running total (all four counts). */
export function addUsage(total: TokenUsage, u: TokenUsage): void {
  total.inputTokens += u.inputTokens;
  total.outputTokens += u.outputTokens;
  total.cacheReadTokens += u.cacheReadTokens;
  total.cacheWriteTokens += u.cacheWriteTokens;
}

/** A finished completion. `stopReason` "max_tokens" means the reply was cut off. */
export interface Completion {
  text: string;
  usage: TokenUsage;
  stopReason: "end_turn" | "max_tokens" | "stop_sequence" | "tool_use" | "refusal" | "other";
  model: string;
}

/** Expected failures of a model call, each with one message a person can act on. */
export type ModelError =
  | { kind: "no-key"; message: string }
  | { kind: "auth"; message: string }
  | { kind: "rate-limited"; message: string; retryAfterSeconds?: number }
  | { kind: "overloaded"; message: string }
  | { kind: "network"; message: string }
  | { kind: "bad-request"; message: string }
  | { kind: "aborted"; message: string }
  | { kind: "server"; message: string }
  /** The model did not answer (or its stream stopped) within the request timeout. */
  | { kind: "timeout"; message: string }
  /** The reply was not what was asked for: another tool, two tool calls, too large, or not a Messages API reply. */
  | { kind: "invalid-reply"; message: string }
  /** Refused before any request: the call's worst case would take today's or this month's spend past its cap. */
  | { kind: "cap"; message: string; period: "day" | "month"; spentUsd: number; estimateUsd: number | null; capUsd: number };

/** The language model port. `AnthropicLanguageModel` is the only implementation that knows the SDK. */
export interface LanguageModel {
  complete(request: CompletionRequest): Promise<Result<Completion, ModelError>>;
  /** Streams text deltas to onText; resolves with the whole completion. Falls back to one delta when streaming is not possible. */
  stream(request: CompletionRequest, onText: (delta: string) => void): Promise<Result<Completion, ModelError>>;
  /** A quick local estimate of the tokens a text costs (no network). */
  estimateTokens(text: string): number;
}
