import Anthropic from "@anthropic-ai/sdk";
import type { Completion, CompletionRequest, LanguageModel, ModelError, TokenUsage } from "../core/llm/language-model";
import { estimateTokens } from "../core/llm/estimate-tokens";
import { callShapeOf } from "../core/llm/models";
import { err, ok, type Result } from "../core/result";
import { scrubSecrets } from "../core/util/scrub-secrets";
import { createAnthropicClient, type SdkEnvironment } from "./anthropic-client";
import { limitReplySize } from "./limit-reply-size";
import { replyTooLarge, reportUsage, toCompletion, usageOf } from "./to-completion";
import { formatWait, mapModelError, serviceOf, waitOf, type ErrorContext } from "./map-model-error";
import { buildMessageParams, carriedFeatures, checkNativeReply, jsonObjectIn, refusesNativeOutput, type StructuredMode } from "./message-params";
import { announceDropped, dropFeatures, droppedFeatures, featuresRefused, type ServerFeature } from "./server-features";
import { accumulateStream, emptyStream, type StreamedReply, type StreamSoFar } from "./accumulate-stream";

/** A call (or a stream's silence) longer than this fails, unless the options or the request say otherwise. */
export const DEFAULT_TIMEOUT_MS = 120_000;
/** A call silent this long is announced (onSilence) as still waiting. */
export const DEFAULT_SILENCE_NOTICE_MS = 10_000;
/** Waits the API asks for up to this long are sat out (and announced); longer ones fail at once. */
export const DEFAULT_MAX_WAIT_SECONDS = 60;
/** The largest reply accepted: characters of text, or of a tool call's input as JSON. */
export const DEFAULT_MAX_REPLY_CHARS = 1_000_000;

/** The timers a call is timed with: `window`'s in the plugin (so popout windows are safe), Node's in the command line. */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** How to reach the model. `fetch` is Obsidian's requestUrl bridge in the plugin and Node's fetch in the CLI. */
export interface AnthropicOptions {
  /** The key; null for a compatible server behind `baseUrl` that needs none. */
  apiKey: string | null;
  model: string;
  /** "" or absent: the Anthropic API (never an environment variable). */
  baseUrl?: string | undefined;
  fetch: typeof fetch;
  timers: Timers;
  /** The process environment the SDK reads, hidden from it where it would add headers (default: the desktop app's). */
  env?: SdkEnvironment;
  /** Retries of a failed call whose wait is short (default 2). The SDK's own retries are off: these replace them. */
  maxRetries?: number;
  /** False where responses cannot stream (requestUrl): the answer then arrives whole. */
  streaming: boolean;
  /** A call that has not answered, or a stream silent for this long, is stopped (default 120,000 ms). */
  timeoutMs?: number;
  /** Waits longer than this are not sat out: the call fails at once saying when to try again (default 60 s). */
  maxWaitSeconds?: number;
  /** Told before a call waits to try again (seconds, and why in a few words), so a person sees why nothing happens. */
  onWait?: (seconds: number, reason: string) => void;
  /**
   * Told when a call (or a stream) has been silent for `silenceNoticeMs`, and again after each further such stretch:
   * how long it has been silent and when it will be stopped (seconds), so a person sees it is still waiting and may cancel.
   */
  onSilence?: (silentSeconds: number, stopsAfterSeconds: number) => void;
  /** How long a silence lasts before `onSilence` is told (default 10,000 ms). */
  silenceNoticeMs?: number;
  /** Largest reply accepted, in characters of text or of a tool's input JSON (default 1,000,000); bodies are cut off near it. */
  maxReplyChars?: number;
  /**
   * How structured replies are asked for (see StructuredMode). Default: "native" for Claude 5 and later on the
   * Anthropic API, "tool" for earlier models and for any server behind `baseUrl` (which may not know the output
   * format). A server that refuses the output format gets the tool from then on; one that refuses or ignores the
   * tool gets "text" (the JSON asked for in the reply's text).
   */
  structuredOutput?: StructuredMode;
  /**
   * Told once per server, in a sentence, when a compatible server behind `baseUrl` refuses or ignores an optional
   * feature (prompt caching, native structured output, thinking, a forced tool, tools, usage in the stream) and it is
   * dropped for that server from then on.
   */
  onDegrade?: (message: string) => void;
  /** How a wait is sat out (default: a timer an abort ends early; false when aborted). Tests pass one that returns at once. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<boolean>;
}

const STOPPED: ModelError = { kind: "aborted", message: "Stopped." };

/** One attempt of a call: its abort signal, a callback that marks the stream alive (resets the timeout), the SDK timeout. */
type Attempt = (signal: AbortSignal, alive: () => void, sdkTimeoutMs: number) => Promise<Result<Completion, ModelError>>;

/**
 * The LanguageModel port over the Anthropic Messages API; the only code that knows the SDK. Retries are this
 * class's, not the SDK's (which would sleep through any retry-after), so waits are capped: a short wait is announced
 * through `onWait` and sat out; a long one fails at once with when to try again. A call that does not answer, or a
 * stream that goes silent, fails after the request timeout. Replies are bounded in size, a structured reply is asked
 * for natively (its JSON schema as the output format; prose is refused) or, where the server has no native structured
 * output, must be one call of the tool offered; every message is scrubbed of anything that looks like a secret.
 * A compatible server (Ollama, LM Studio, llama.cpp) that refuses or ignores an optional feature has it dropped for
 * its base URL, said once through `onDegrade` (see server-features.ts); structured replies then come as JSON in text.
 */
export class AnthropicLanguageModel implements LanguageModel {
  private readonly client: Anthropic | null;
  private readonly timeoutMs: number;
  private readonly maxReplyChars: number;
  private readonly ctx: ErrorContext;
  private readonly reply: { maxReplyChars: number; model: string; baseUrl: string | undefined };
  private structured: StructuredMode;
  /** The base URL of a compatible server, whose refused features are dropped; null for the Anthropic API. */
  private readonly server: string | null;

  constructor(private readonly options: AnthropicOptions) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.maxReplyChars = options.maxReplyChars ?? DEFAULT_MAX_REPLY_CHARS;
    this.ctx = { model: options.model, baseUrl: options.baseUrl, maxReplyChars: this.maxReplyChars };
    this.reply = { maxReplyChars: this.maxReplyChars, model: options.model, baseUrl: options.baseUrl };
    this.structured = options.structuredOutput ?? (!options.baseUrl && !callShapeOf(options.model).forceTool ? "native" : "tool");
    this.server = options.baseUrl ? options.baseUrl.replace(/\/+$/, "") : null;
    // Bytes, not characters: a character can take 3 bytes of UTF-8 or 6 of a JSON escape, and an event stream wraps
    // every few characters in an event.
    const limitFor = (type: string): number => (type.includes("event-stream") ? 16 : 4) * this.maxReplyChars + 65_536;
    this.client =
      options.apiKey || options.baseUrl
        ? createAnthropicClient({
            apiKey: options.apiKey,
            baseUrl: options.baseUrl,
            fetch: limitReplySize(() => options.fetch, limitFor),
            timeoutMs: this.timeoutMs + 5000,
            env: options.env,
          })
        : null;
  }

  estimateTokens(text: string): number {
    return estimateTokens(text);
  }

  complete(request: CompletionRequest): Promise<Result<Completion, ModelError>> {
    return this.run(request, (signal, _alive, timeout) =>
      this.degrading(request, async (params, used) => {
        const msg = await this.client!.messages.create(params, { signal, timeout });
        // Billed once it is answered, whatever becomes of the reply after.
        reportUsage(msg, request.onUsage);
        return this.structuredReply(msg, request, used);
      }),
    );
  }

  async stream(request: CompletionRequest, onText: (delta: string) => void): Promise<Result<Completion, ModelError>> {
    if (!this.options.streaming || request.jsonSchema) {
      const r = await this.complete(request);
      if (r.ok && r.value.text) onText(r.value.text);
      return r;
    }
    let sent = 0;
    return this.run(
      request,
      (signal, alive, timeout) =>
        this.degrading(request, async (params) => {
          const events = await this.client!.messages.create({ ...params, stream: true }, { signal, timeout });
          // The reply so far: once the server has started it, it is billed, even if the stream then stops.
          const soFar = emptyStream();
          let streamed: StreamedReply;
          try {
            streamed = await accumulateStream(
              events,
              alive,
              (delta) => {
                if (sent + delta.length > this.maxReplyChars) return false;
                sent += delta.length;
                onText(delta);
                return true;
              },
              soFar,
            );
          } catch (e) {
            if (soFar.started) request.onUsage?.(streamedUsage(request, soFar));
            throw e;
          }
          if (streamed.tooLong) {
            request.onUsage?.(streamedUsage(request, soFar));
            return err(replyTooLarge(sent + 1, this.maxReplyChars));
          }
          const { message } = streamed;
          if (!message.usage) {
            // A server that reports no usage in the stream: its tokens by the local estimate, said once.
            if (this.server) dropFeatures(this.server, ["stream-usage"], this.options.onDegrade);
            const u = streamedUsage(request, soFar);
            message.usage = { input_tokens: u.inputTokens, output_tokens: u.outputTokens } as Anthropic.Usage;
          }
          reportUsage(message, request.onUsage);
          return toCompletion(message as Anthropic.Message, { toolName: null, ...this.reply });
        }),
      () => sent === 0,
    );
  }

  /** How a structured reply is asked for now: natively, with the offered tool, or as JSON in the text. */
  private modeFor(request: CompletionRequest): StructuredMode {
    const dropped = this.dropped();
    if (this.structured === "native" && (request.jsonSchema || request.effort) && !dropped.has("native-output")) return "native";
    return this.structured === "text" || dropped.has("tools") ? "text" : "tool";
  }

  private dropped(): ReadonlySet<ServerFeature> {
    return this.server ? droppedFeatures(this.server) : new Set();
  }

  /**
   * Sends the request, built afresh after each refusal of a compatible server that drops an optional feature it
   * carried (or, on the Anthropic API, of native structured output, asked with the tool instead): each resend carries
   * less, so the same refused request is never sent twice, and a refusal that drops nothing is thrown as it came. A
   * refusal is not billed; `send` reports the usage of the reply that answers.
   */
  private async degrading<T>(
    request: CompletionRequest,
    send: (params: Anthropic.MessageCreateParamsNonStreaming, mode: StructuredMode) => Promise<T>,
  ): Promise<T> {
    const dropped: ServerFeature[] = [];
    try {
      for (;;) {
        const mode = this.modeFor(request);
        const params = buildMessageParams(this.options.model, request, mode, this.dropped());
        try {
          return await send(params, mode);
        } catch (e) {
          const refused = this.server ? featuresRefused(e, carriedFeatures(params)) : [];
          if (this.server && refused.length > 0) dropped.push(...dropFeatures(this.server, refused));
          // This model has no native structured output: ask with the offered tool, now and from now on.
          else if (mode === "native" && refusesNativeOutput(e)) this.structured = "tool";
          else throw e;
        }
      }
    } finally {
      // One sentence for everything this call dropped, however many refusals it took.
      if (this.server && this.options.onDegrade) announceDropped(this.server, dropped, this.options.onDegrade);
    }
  }

  /**
   * A reply as the caller gets it. A native structured reply must be JSON; a structured reply asked for in text, or
   * one a model gave in text though offered the tool, is its JSON object (the caller's validation refuses anything
   * else, with its one repair retry). A server whose model ignored the tool is asked in text from then on.
   */
  private structuredReply(msg: Anthropic.Message, request: CompletionRequest, mode: StructuredMode): Result<Completion, ModelError> {
    const calledTool = Array.isArray(msg.content) && msg.content.some((b) => b.type === "tool_use");
    // Asked in text, a model may still call the tool it once knew: its input is the reply all the same.
    const toolName = mode === "tool" || (mode === "text" && calledTool) ? (request.jsonSchema?.name ?? null) : null;
    const completion = toCompletion(msg, { toolName, ...this.reply });
    if (!completion.ok || !request.jsonSchema) return completion;
    if (mode === "native") return checkNativeReply(completion.value);
    if (calledTool) return completion;
    const json = jsonObjectIn(completion.value.text);
    if (json === null) return completion;
    // Offered the tool, the model answered with the JSON in its text: this server's models ignore tools, so ask in
    // text from now on (the instructions then carry the schema).
    if (mode === "tool" && this.server) dropFeatures(this.server, ["tools"], this.options.onDegrade);
    return ok({ ...completion.value, text: json });
  }

  /** Runs the attempts and scrubs the message of any failure: no path out of the adapter shows a key. */
  private async run(request: CompletionRequest, attempt: Attempt, mayRetry: () => boolean = () => true): Promise<Result<Completion, ModelError>> {
    if (!this.client) return err(noKey());
    const r = await this.attempts(request, attempt, mayRetry);
    return r.ok ? r : err({ ...r.error, message: scrubSecrets(r.error.message, [this.options.apiKey]) });
  }

  /** Runs a call with the timeout (reset by `alive()` while a stream delivers) and capped, announced retries. */
  private async attempts(request: CompletionRequest, call: Attempt, mayRetry: () => boolean): Promise<Result<Completion, ModelError>> {
    const timeoutMs = request.timeoutMs ?? this.timeoutMs;
    const maxRetries = this.options.maxRetries ?? 2;
    const maxWait = this.options.maxWaitSeconds ?? DEFAULT_MAX_WAIT_SECONDS;
    for (let attempt = 0; ; attempt++) {
      if (request.signal?.aborted) return err(STOPPED);
      const controller = new AbortController();
      let timedOut = false;
      let active = false;
      const timers = this.options.timers;
      let timer: unknown;
      let notice: unknown;
      const noticeMs = this.options.silenceNoticeMs ?? DEFAULT_SILENCE_NOTICE_MS;
      const announce = (silentMs: number): void => {
        if (!this.options.onSilence || silentMs >= timeoutMs) return;
        notice = timers.setTimeout(() => {
          this.options.onSilence?.(silentMs / 1000, timeoutMs / 1000);
          announce(silentMs + noticeMs);
        }, noticeMs);
      };
      const arm = (): void => {
        timers.clearTimeout(timer);
        timer = timers.setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs);
        timers.clearTimeout(notice);
        announce(noticeMs);
      };
      const alive = (): void => {
        active = true;
        arm();
      };
      const onAbort = (): void => controller.abort();
      request.signal?.addEventListener("abort", onAbort, { once: true });
      arm();
      try {
        return await call(controller.signal, alive, timeoutMs + 5000);
      } catch (e) {
        if (request.signal?.aborted) return err(STOPPED);
        if (timedOut) return err(timeoutError(timeoutMs, active));
        const error = mapModelError(e, this.ctx);
        const wait = waitOf(e, attempt);
        if (wait === null || attempt >= maxRetries || !mayRetry()) return err(error);
        if (wait > maxWait) return err({ ...error, message: this.waitTooLong(error, wait) });
        this.options.onWait?.(wait, this.waitReason(error));
        if (!(await (this.options.sleep ?? ((ms, signal) => sleep(timers, ms, signal)))(wait * 1000, request.signal))) return err(STOPPED);
      } finally {
        timers.clearTimeout(timer);
        timers.clearTimeout(notice);
        request.signal?.removeEventListener("abort", onAbort);
      }
    }
  }

  private waitTooLong(error: ModelError, wait: number): string {
    if (error.kind === "rate-limited") return `Rate limited; try again in ${formatWait(wait)}.`;
    const service = serviceOf(this.options.baseUrl);
    if (error.kind === "overloaded") return `${capitalize(service)} is overloaded; try again in ${formatWait(wait)}.`;
    return `${capitalize(service)} asked to wait before another try; try again in ${formatWait(wait)}.`;
  }

  private waitReason(error: ModelError): string {
    const service = serviceOf(this.options.baseUrl);
    if (error.kind === "rate-limited") return "rate limited";
    if (error.kind === "overloaded") return `${service} is overloaded`;
    if (error.kind === "network") return `the connection to ${service} failed`;
    return `${service} failed`;
  }
}

/**
 * What a stream has used: the input the server reported at its start (else the local estimate of the prompt), and the
 * larger of the output it reported and the local estimate of what it had sent (a stopped stream's final count never
 * comes, and a compatible server may report none).
 */
function streamedUsage(request: CompletionRequest, soFar: StreamSoFar): TokenUsage {
  const u = usageOf(soFar.usage);
  const reported = soFar.usage?.input_tokens;
  const input = typeof reported === "number" ? u.inputTokens : estimateTokens([request.system, ...request.messages.map((m) => m.content)].join("\n"));
  return { ...u, inputTokens: input, outputTokens: Math.max(u.outputTokens, estimateTokens(soFar.text)) };
}

function noKey(): ModelError {
  return {
    kind: "no-key",
    message: "No Anthropic API key: add one in the plugin's settings (kept in Obsidian's secret storage), or set ANTHROPIC_API_KEY for the command line.",
  };
}

/** "0.3 s", "1.5 s", "120 s". */
function seconds(ms: number): string {
  return ms < 10_000 ? `${Number((ms / 1000).toFixed(1))} s` : `${Math.round(ms / 1000)} s`;
}

function timeoutError(ms: number, streamed: boolean): ModelError {
  return {
    kind: "timeout",
    message: streamed
      ? `The model's answer stopped arriving for ${seconds(ms)}, so the request was stopped. Try again, or raise the request timeout.`
      : `The model did not answer in ${seconds(ms)}, so the request was stopped. Try again, or raise the request timeout.`,
  };
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Sleeps unless aborted; false when aborted. */
function sleep(timers: Timers, ms: number, signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false);
    const t = timers.setTimeout(() => {
      signal?.removeEventListener("abort", stop);
      resolve(true);
    }, ms);
    const stop = (): void => {
      timers.clearTimeout(t);
      resolve(false);
    };
    signal?.addEventListener("abort", stop, { once: true });
  });
}
