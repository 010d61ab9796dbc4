import Anthropic from "@anthropic-ai/sdk";
import type { Completion, CompletionRequest, LanguageModel, ModelError, TokenUsage } from "../core/llm/language-model";
import { estimateTokens } from "../core/llm/estimate-tokens";
import { err, ok, type Result } from "../core/result";
import { scrubSecrets } from "../core/util/scrub-secrets";
import { mapModelError, waitOf } from "./map-model-error";

/** How to reach the model. `fetch` is Obsidian's requestUrl bridge in the plugin and Node's fetch in the CLI. */
export interface AnthropicOptions {
  /** The key; null for a compatible server behind `baseUrl` that needs none. */
  apiKey: string | null;
  model: string;
  /** "" or absent: the Anthropic API (never an environment variable). */
  baseUrl?: string | undefined;
  fetch?: typeof fetch;
  /** Retries of a failed call whose wait is short (default 2). */
  maxRetries?: number;
  /** False where responses cannot stream (requestUrl): the answer then arrives whole. */
  streaming: boolean;
  /** A call (or a stream's silence) longer than this fails (default 120 s). */
  timeoutMs?: number;
  /** Waits longer than this are not sat out: the call fails at once saying when to try again (default 60 s). */
  maxWaitSeconds?: number;
  /** Told when a call waits before retrying, so the person sees why nothing happens. */
  onWait?: (seconds: number, reason: string) => void;
  /** Largest structured reply accepted, in characters of JSON (default 1,000,000). */
  maxReplyChars?: number;
}

const ANTHROPIC_API = "https://api.anthropic.com";

/**
 * The LanguageModel port over the Anthropic Messages API; the only code that knows the SDK. Retries are this
 * class's, not the SDK's, so waits are capped: a short wait (retry-after ≤ 60 s, or a brief backoff) is announced and
 * sat out; a long one fails at once with when to try again. A call that does not answer, or a stream that goes
 * silent, fails after the request timeout. Every message is scrubbed of anything that looks like a secret.
 */
export class AnthropicLanguageModel implements LanguageModel {
  private readonly client: Anthropic | null;
  private readonly timeoutMs: number;

  constructor(private readonly options: AnthropicOptions) {
    this.timeoutMs = options.timeoutMs ?? 120_000;
    this.client = options.apiKey || options.baseUrl
      ? new Anthropic({
          // Explicit values: the SDK would otherwise read ANTHROPIC_API_KEY / ANTHROPIC_BASE_URL from the process.
          apiKey: options.apiKey ?? "no-key-needed",
          baseURL: options.baseUrl || ANTHROPIC_API,
          ...(options.fetch ? { fetch: options.fetch } : {}),
          maxRetries: 0,
          timeout: this.timeoutMs + 5000,
          dangerouslyAllowBrowser: true,
        })
      : null;
  }

  estimateTokens(text: string): number {
    return estimateTokens(text);
  }

  complete(request: CompletionRequest): Promise<Result<Completion, ModelError>> {
    return this.withRetries(request, async (signal) => {
      const msg = await this.client!.messages.create(this.params(request), { signal });
      return toCompletion(msg, request.jsonSchema?.name ?? null, this.options.maxReplyChars ?? 1_000_000);
    });
  }

  async stream(request: CompletionRequest, onText: (delta: string) => void): Promise<Result<Completion, ModelError>> {
    if (!this.options.streaming || request.jsonSchema) {
      const r = await this.complete(request);
      if (r.ok && r.value.text) onText(r.value.text);
      return r;
    }
    let sent = false;
    return this.withRetries(request, async (signal, stalled) => {
      const stream = this.client!.messages.stream(this.params(request), { signal });
      stream.on("streamEvent", () => stalled());
      stream.on("text", (delta) => {
        sent = true;
        onText(delta);
      });
      const msg = await stream.finalMessage();
      return toCompletion(msg, null, Number.MAX_SAFE_INTEGER);
    }, () => !sent);
  }

  /** Runs a call with the timeout (reset by `stalled()` for streams) and capped, announced retries. */
  private async withRetries(
    request: CompletionRequest,
    call: (signal: AbortSignal, stalled: () => void) => Promise<Result<Completion, ModelError>>,
    mayRetry: () => boolean = () => true,
  ): Promise<Result<Completion, ModelError>> {
    if (!this.client) return err(noKey());
    const maxRetries = this.options.maxRetries ?? 2;
    for (let attempt = 0; ; attempt++) {
      if (request.signal?.aborted) return err({ kind: "aborted", message: "Stopped." });
      const controller = new AbortController();
      let timedOut = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const arm = (): void => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, this.timeoutMs);
      };
      const onAbort = (): void => controller.abort();
      request.signal?.addEventListener("abort", onAbort);
      arm();
      try {
        return await call(controller.signal, arm);
      } catch (e) {
        if (request.signal?.aborted) return err({ kind: "aborted", message: "Stopped." });
        if (timedOut) return err({ kind: "timeout", message: `The model did not answer within ${Math.ceil(this.timeoutMs / 1000)} s, so the request was stopped. Try again, or raise the request timeout.` });
        const error = scrub(mapModelError(e), this.options.apiKey);
        const wait = waitOf(e, attempt);
        const retryable = wait !== null && attempt < maxRetries && mayRetry();
        if (!retryable) return err(error);
        const cap = this.options.maxWaitSeconds ?? 60;
        if (wait > cap) return err({ ...error, message: `${error.kind === "rate-limited" ? "Rate limited" : "The API asked to wait"}; try again in ${wait >= 120 ? `${Math.ceil(wait / 60)} minutes` : `${Math.ceil(wait)} s`}.` });
        this.options.onWait?.(wait, error.kind === "rate-limited" ? "rate limited" : error.kind === "overloaded" ? "the API is overloaded" : "the API failed");
        if (!(await sleep(wait * 1000, request.signal))) return err({ kind: "aborted", message: "Stopped." });
      } finally {
        clearTimeout(timer);
        request.signal?.removeEventListener("abort", onAbort);
      }
    }
  }

  private params(request: CompletionRequest): Anthropic.MessageCreateParamsNonStreaming {
    const base: Anthropic.MessageCreateParamsNonStreaming = {
      model: this.options.model,
      max_tokens: request.maxTokens,
      // The stable prefix is cached: later calls with the same instructions read it at a tenth of the price.
      system: [{ type: "text", text: request.system, cache_control: { type: "ephemeral" } }],
      messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
    };
    if (!request.jsonSchema) return base;
    const s = request.jsonSchema;
    return {
      ...base,
      tools: [{ name: s.name, description: s.description, input_schema: s.schema as Anthropic.Tool.InputSchema }],
      tool_choice: { type: "tool", name: s.name },
    };
  }
}

function noKey(): ModelError {
  return { kind: "no-key", message: "No Anthropic API key: add one in the plugin's settings (kept in Obsidian's secret storage), or set ANTHROPIC_API_KEY for the command line." };
}

function scrub(e: ModelError, key: string | null): ModelError {
  return { ...e, message: scrubSecrets(e.message, [key]) };
}

/** Sleeps unless aborted; false when aborted. */
function sleep(ms: number, signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false);
    const t = setTimeout(() => {
      signal?.removeEventListener("abort", stop);
      resolve(true);
    }, ms);
    const stop = (): void => {
      clearTimeout(t);
      resolve(false);
    };
    signal?.addEventListener("abort", stop, { once: true });
  });
}

function toCompletion(msg: Anthropic.Message, toolName: string | null, maxReplyChars: number): Result<Completion, ModelError> {
  let text = "";
  const tools = msg.content.filter((b): b is Anthropic.ToolUseBlock => b.type === "tool_use");
  for (const block of msg.content) if (block.type === "text") text += block.text;
  if (toolName !== null && tools.length > 0) {
    if (tools.length > 1) return err({ kind: "invalid-reply", message: `The model replied with ${tools.length} tool calls instead of one; the reply was not used.` });
    if (tools[0]!.name !== toolName) return err({ kind: "invalid-reply", message: `The model replied with an unexpected tool ("${scrubSecrets(tools[0]!.name).slice(0, 60)}" instead of "${toolName}"); the reply was not used.` });
    // Structured output comes as the tool's input; a model that answered in text instead is passed on for validation.
    text = JSON.stringify(tools[0]!.input);
  }
  if (text.length > maxReplyChars) return err({ kind: "invalid-reply", message: `The model's reply is ${Math.round(text.length / 1000)} kB, over the ${Math.round(maxReplyChars / 1000)} kB accepted; it was not used.` });
  const u = msg.usage;
  const usage: TokenUsage = {
    inputTokens: u.input_tokens,
    outputTokens: u.output_tokens,
    cacheReadTokens: u.cache_read_input_tokens ?? 0,
    cacheWriteTokens: u.cache_creation_input_tokens ?? 0,
  };
  const known = ["end_turn", "max_tokens", "stop_sequence", "tool_use", "refusal"] as const;
  const stop = known.find((k) => k === msg.stop_reason) ?? "other";
  return ok({ text, usage, stopReason: stop, model: msg.model });
}
