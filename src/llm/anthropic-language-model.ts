import Anthropic from "@anthropic-ai/sdk";
import type { Completion, CompletionRequest, LanguageModel, ModelError, TokenUsage } from "../core/llm/language-model";
import { estimateTokens } from "../core/llm/estimate-tokens";
import { err, ok, type Result } from "../core/result";
import { mapModelError } from "./map-model-error";

/** How to reach the model. `fetch` is Obsidian's requestUrl bridge in the plugin and Node's fetch in the CLI. */
export interface AnthropicOptions {
  apiKey: string | null;
  model: string;
  baseUrl?: string;
  fetch?: typeof fetch;
  maxRetries?: number;
  /** False where responses cannot stream (requestUrl): the answer then arrives whole. */
  streaming: boolean;
}

/** The LanguageModel port over the Anthropic Messages API; the only code that knows the SDK. */
export class AnthropicLanguageModel implements LanguageModel {
  private readonly client: Anthropic | null;

  constructor(private readonly options: AnthropicOptions) {
    this.client = options.apiKey
      ? new Anthropic({
          apiKey: options.apiKey,
          ...(options.baseUrl ? { baseURL: options.baseUrl } : {}),
          ...(options.fetch ? { fetch: options.fetch } : {}),
          maxRetries: options.maxRetries ?? 2,
          dangerouslyAllowBrowser: true,
        })
      : null;
  }

  estimateTokens(text: string): number {
    return estimateTokens(text);
  }

  async complete(request: CompletionRequest): Promise<Result<Completion, ModelError>> {
    if (!this.client) return err(noKey());
    try {
      const msg = await this.client.messages.create(this.params(request), { signal: request.signal });
      return ok(toCompletion(msg, Boolean(request.jsonSchema)));
    } catch (e) {
      return err(mapModelError(e));
    }
  }

  async stream(request: CompletionRequest, onText: (delta: string) => void): Promise<Result<Completion, ModelError>> {
    if (!this.client) return err(noKey());
    if (!this.options.streaming || request.jsonSchema) {
      const r = await this.complete(request);
      if (r.ok && r.value.text) onText(r.value.text);
      return r;
    }
    try {
      const stream = this.client.messages.stream(this.params(request), { signal: request.signal });
      stream.on("text", (delta) => onText(delta));
      const msg = await stream.finalMessage();
      return ok(toCompletion(msg, false));
    } catch (e) {
      return err(mapModelError(e));
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
  return { kind: "no-key", message: "No Anthropic API key. Add one in Settings → Knowledge Compiler (it is kept in Obsidian's secret storage), or set ANTHROPIC_API_KEY for the CLI." };
}

function toCompletion(msg: Anthropic.Message, json: boolean): Completion {
  let text = "";
  let tool: string | null = null;
  for (const block of msg.content) {
    if (block.type === "tool_use") tool = JSON.stringify(block.input);
    else if (block.type === "text") text += block.text;
  }
  // Structured output comes as the tool's input; a model that answered in text instead is passed on for validation.
  if (json && tool !== null) text = tool;
  const u = msg.usage;
  const usage: TokenUsage = {
    inputTokens: u.input_tokens,
    outputTokens: u.output_tokens,
    cacheReadTokens: u.cache_read_input_tokens ?? 0,
    cacheWriteTokens: u.cache_creation_input_tokens ?? 0,
  };
  const known = ["end_turn", "max_tokens", "stop_sequence", "tool_use", "refusal"] as const;
  const stop = known.find((k) => k === msg.stop_reason) ?? "other";
  return { text, usage, stopReason: stop, model: msg.model };
}
