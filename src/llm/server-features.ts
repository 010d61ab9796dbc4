import Anthropic from "@anthropic-ai/sdk";
import { serviceOf } from "./map-model-error";

/**
 * The optional request features a compatible server may refuse or ignore: prompt caching marks, native structured
 * output (and effort, which rides in the same output configuration), thinking, a forced or configured tool choice,
 * tools altogether (structured replies are then asked for as JSON in text), and usage in the stream (nothing to drop:
 * the tokens are estimated instead).
 */
export type ServerFeature = "cache" | "native-output" | "thinking" | "tool-choice" | "tools" | "stream-usage";

/** What a person is told, once per server, when a feature is dropped. */
const DROPPED_WORDS: Record<ServerFeature, string> = {
  cache: "prompt caching",
  "native-output": "native structured output",
  thinking: "the thinking setting",
  "tool-choice": "a forced tool",
  tools: "tools (structured replies are asked for as JSON in the text)",
  "stream-usage": "token usage in the stream (tokens are estimated locally)",
};

/** The fields a refusal may name, and the feature each belongs to. */
const FIELD_FEATURES: [RegExp, ServerFeature][] = [
  [/cache_control|prompt cach/i, "cache"],
  [/output_config|output_format|json_schema|structured output|effort/i, "native-output"],
  [/thinking/i, "thinking"],
  [/tool_choice/i, "tool-choice"],
  [/\btools\b|input_schema|tool_use/i, "tools"],
];

/** How a terse server words a request field it does not implement. */
const REFUSED_FEATURE =
  /unsupported|not supported|not implemented|unknown (field|parameter|key|property)|unrecognized|extra (inputs|fields)|not permitted|additional propert|invalid request\b/i;

/** The features dropped for each server this process (or plugin session) has called, by base URL. */
const droppedByServer = new Map<string, Set<ServerFeature>>();

/** The features dropped so far for the server at `baseUrl`. */
export function droppedFeatures(baseUrl: string): ReadonlySet<ServerFeature> {
  return droppedByServer.get(baseUrl) ?? new Set();
}

/**
 * Drops `features` for the server at `baseUrl` from now on, and tells `announce` once, in one sentence, the ones
 * not dropped before. Returns the newly dropped ones (none: nothing changed, so the request must not be sent again).
 */
export function dropFeatures(baseUrl: string, features: Iterable<ServerFeature>, announce?: (message: string) => void): ServerFeature[] {
  const set = droppedByServer.get(baseUrl) ?? new Set<ServerFeature>();
  droppedByServer.set(baseUrl, set);
  const added = [...features].filter((f) => !set.has(f));
  for (const f of added) set.add(f);
  if (announce) announceDropped(baseUrl, added, announce);
  return added;
}

/** Tells `announce`, in one sentence, that the server at `baseUrl` does not take `features` (nothing when none). */
export function announceDropped(baseUrl: string, features: readonly ServerFeature[], announce: (message: string) => void): void {
  if (features.length > 0) announce(`${capitalize(serviceOf(baseUrl))} does not take ${features.map((f) => DROPPED_WORDS[f]).join(", ")}; continuing without.`);
}

/**
 * The optional features to drop after `e`, given the ones the refused request carried: those a 400 names; every one
 * carried but tools (then tools) when a 400 names none but reads as a refused field (a terse server); none else.
 */
export function featuresRefused(e: unknown, carried: ReadonlySet<ServerFeature>): ServerFeature[] {
  if (!(e instanceof Anthropic.APIError) || e.status !== 400 || carried.size === 0) return [];
  const message = e.message;
  const named = FIELD_FEATURES.filter(([re, f]) => carried.has(f) && re.test(message)).map(([, f]) => f);
  if (named.length > 0) return named;
  // A 400 that names no field drops them only when it reads as a refused feature; one for another reason (a model
  // not found, a bad key, a prompt too long, "Bad request.") is not sent again. Tools go last, on their own.
  if (!REFUSED_FEATURE.test(message)) return [];
  const rest = [...carried].filter((f) => f !== "tools");
  return rest.length > 0 ? rest : [...carried];
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
