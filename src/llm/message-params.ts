import Anthropic from "@anthropic-ai/sdk";
import type { Completion, CompletionRequest, ModelError } from "../core/llm/language-model";
import { estimateTokens } from "../core/llm/estimate-tokens";
import { callShapeOf, minCacheTokens } from "../core/llm/models";
import { err, ok, type Result } from "../core/result";
import type { ServerFeature } from "./server-features";

/**
 * How a structured reply is asked for: "native" sets the JSON schema as the request's output format (the model's
 * reply must match it, so it cannot answer in prose); "tool" offers (or, on Claude 4 and earlier, forces) a tool whose
 * input is the reply — the path for servers without native structured output; "text" asks for the JSON in the
 * reply's text, the schema given in the instructions — the path for servers that refuse or ignore tools.
 */
export type StructuredMode = "native" | "tool" | "text";

const NONE: ReadonlySet<ServerFeature> = new Set();

/**
 * True when the system prompt, the stable prefix of every request (the rest is the question, the log or the articles
 * of that call), is at least the model's minimum cacheable length by the local token estimate, or the model's
 * minimum is not known: later calls with the same instructions then read it from the cache at a tenth of the price
 * or less. A shorter prefix gets no cache mark, since the API ignores it.
 */
function worthCaching(model: string, system: string): boolean {
  const min = minCacheTokens(model);
  return min === null || estimateTokens(system) >= min;
}

/**
 * The Messages API parameters of a request to `model`, with a structured reply asked for in `mode`, without the
 * features `dropped` for the server. The output configuration (format and effort) is sent only in "native" mode: a
 * server without it gets neither.
 */
export function buildMessageParams(
  model: string,
  request: CompletionRequest,
  mode: StructuredMode,
  dropped: ReadonlySet<ServerFeature> = NONE,
): Anthropic.MessageCreateParamsNonStreaming {
  const shape = callShapeOf(model);
  const s = request.jsonSchema;
  const system = mode === "text" && s ? `${request.system}\n\n${jsonInTextInstructions(s)}` : request.system;
  const cache = !dropped.has("cache") && worthCaching(model, request.system);
  const base: Anthropic.MessageCreateParamsNonStreaming = {
    model,
    max_tokens: request.maxTokens,
    system: [{ type: "text", text: system, ...(cache ? { cache_control: { type: "ephemeral" } as const } : {}) }],
    messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
    ...(shape.thinking && !dropped.has("thinking") ? { thinking: { type: shape.thinking } } : {}),
  };
  if (mode === "native" && (s || request.effort)) {
    return {
      ...base,
      output_config: { ...(s ? { format: { type: "json_schema", schema: s.schema } } : {}), ...(request.effort ? { effort: request.effort } : {}) },
    };
  }
  if (!s || mode === "text") return base;
  return {
    ...base,
    tools: [{ name: s.name, description: s.description, input_schema: s.schema as Anthropic.Tool.InputSchema }],
    ...(dropped.has("tool-choice")
      ? {}
      : { tool_choice: shape.forceTool ? { type: "tool", name: s.name } : { type: "auto", disable_parallel_tool_use: true } }),
  };
}

/** What a structured reply asked for in text is told: one JSON object matching the schema, nothing around it. */
function jsonInTextInstructions(s: NonNullable<CompletionRequest["jsonSchema"]>): string {
  return [
    `Reply with exactly one JSON object and nothing else: no prose and no code fence. It is the input of "${s.name}" (${s.description}).`,
    "Wherever these instructions say to call a tool, reply with that JSON object instead. It must match this JSON schema:",
    JSON.stringify(s.schema),
  ].join("\n");
}

/** The optional features a request carries, so a refusal that names none can drop them all (and only them). */
export function carriedFeatures(params: Anthropic.MessageCreateParamsNonStreaming): Set<ServerFeature> {
  const out = new Set<ServerFeature>();
  const system = Array.isArray(params.system) ? params.system : [];
  if (system.some((b) => b.cache_control)) out.add("cache");
  if (params.output_config) out.add("native-output");
  if (params.thinking) out.add("thinking");
  if (params.tool_choice) out.add("tool-choice");
  if (params.tools) out.add("tools");
  return out;
}

/**
 * The JSON object in a reply's text, for a structured reply asked for in text or a model that answered in text
 * though offered a tool: the text itself, the inside of a code fence, or the span from the first "{" to the last "}";
 * null when none of these parses as an object (the caller's validation then refuses the text with its reasons).
 */
export function jsonObjectIn(text: string): string | null {
  const fence = /```(?:json)?\s*\n([\s\S]*?)\n?```/i.exec(text);
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  for (const candidate of [text.trim(), fence?.[1]?.trim(), start >= 0 && end > start ? text.slice(start, end + 1) : undefined])
    if (candidate !== undefined && isJsonObject(candidate)) return candidate;
  return null;
}

/**
 * True when a server refused a request because of its output configuration (a server or model without native
 * structured output or the effort setting, or a schema it cannot enforce): the request is then sent again without
 * one, with the offered tool.
 */
export function refusesNativeOutput(e: unknown): boolean {
  return e instanceof Anthropic.APIError && e.status === 400 && /output_config|output_format|structured output/i.test(e.message);
}

/**
 * A native structured reply as the caller gets it: JSON text passes; prose (a server that ignored the output format)
 * is refused as an invalid reply, not passed on to fail later. A reply cut off by max_tokens or refused by the model
 * passes unchanged: its stop reason already says why it cannot be used.
 */
export function checkNativeReply(completion: Completion): Result<Completion, ModelError> {
  if (completion.stopReason === "max_tokens" || completion.stopReason === "refusal") return ok(completion);
  if (isJsonObject(completion.text)) return ok(completion);
  return err({ kind: "invalid-reply", message: "The model answered in prose instead of the structured reply it was asked for; the reply was not used." });
}

function isJsonObject(text: string): boolean {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === "object" && v !== null;
  } catch {
    return false;
  }
}
