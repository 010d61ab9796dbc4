/** USD per million tokens for one model; the person can override these in settings. */
export interface ModelPrice {
  input: number;
  output: number;
  /** Writing the cached prefix (Anthropic bills 1.25× input). */
  cacheWrite: number;
  /** Reading the cached prefix (Anthropic bills 0.1× input on most models, 0.05× on Sonnet 5.5). */
  cacheRead: number;
}

/**
 * The model compile, revalidation, contradictions and answers use unless the person chooses another: Claude Sonnet
 * 5.5, Anthropic's current Sonnet (Sonnet 4.5, the earlier default, retires on 2026-11-30; Sonnet 4.6 and 5 are
 * legacy). Every default in the plugin and the CLI is this constant.
 */
export const DEFAULT_MODEL = "claude-sonnet-5-5";

/**
 * What DEFAULT_MODEL costs, USD per million tokens (Anthropic's list price for Sonnet 5.5: $2 in, $10 out, a 5-minute
 * cache write 1.25× input, a cache read $0.10). Only estimates and cost figures use it; the person can override it.
 */
export const DEFAULT_PRICE: ModelPrice = { input: 2, output: 10, cacheWrite: 2.5, cacheRead: 0.1 };

/** The small, cheap model for Ask's selection step (reads ~2k tokens of headers, answers with a few ids). */
export const DEFAULT_SELECT_MODEL = "claude-haiku-4-5";

/** What DEFAULT_SELECT_MODEL costs, USD per million tokens (Haiku 4.5's list price: $1 in, $5 out). */
export const DEFAULT_SELECT_PRICE: ModelPrice = { input: 1, output: 5, cacheWrite: 1.25, cacheRead: 0.1 };

/**
 * Model ids that are retired or announced for retirement, with their replacement: a setting that still names one
 * (most often because it was the default when saved) moves to the replacement instead of failing every call.
 */
export const RETIRED_MODELS: Record<string, string> = {
  "claude-sonnet-4-5": DEFAULT_MODEL,
  "claude-sonnet-4-5-20250929": DEFAULT_MODEL,
  "claude-sonnet-4-0": DEFAULT_MODEL,
  "claude-sonnet-4-20250514": DEFAULT_MODEL,
  "claude-3-7-sonnet-latest": DEFAULT_MODEL,
  "claude-3-7-sonnet-20250219": DEFAULT_MODEL,
  "claude-3-5-sonnet-latest": DEFAULT_MODEL,
};

/** The model to call for a configured id: a retired id becomes its replacement. */
export function currentModel(id: string): string {
  return RETIRED_MODELS[id.trim()] ?? id.trim();
}

/** How a request to one model must be shaped. */
export interface ModelCallShape {
  /**
   * True: structured output forces its tool (`tool_choice` names it). False: the tool is offered with
   * `tool_choice: auto` and the prompt asks for it — Claude 5 models think by default, and forcing a tool while
   * thinking (on Sonnet 5.5, at all) is refused with a 400.
   */
  forceTool: boolean;
  /** The thinking setting to send; null sends none (the model's default). */
  thinking: "between_tools" | null;
}

/**
 * The request shape for a model id. Claude 4 and earlier (and any non-Claude id behind a compatible server) get a
 * forced tool and no thinking field, as before. Claude 5 and later get the tool offered, not forced; Sonnet 5.5 also
 * gets `between_tools`, its lowest thinking setting, so up-front thinking does not eat the small token limits of
 * answers and structured replies (and cost what a reply without thinking costs).
 */
export function callShapeOf(model: string): ModelCallShape {
  const m = /^claude-(?:([a-z]+)-)?(\d+)(?:-(\d{1,2})(?=-|$))?/.exec(model.trim().toLowerCase());
  if (!m) return { forceTool: true, thinking: null };
  const family = m[1] ?? "";
  const major = Number(m[2]);
  const minor = m[3] === undefined ? 0 : Number(m[3]);
  if (major < 5) return { forceTool: true, thinking: null };
  return { forceTool: false, thinking: family === "sonnet" && major === 5 && minor === 5 ? "between_tools" : null };
}
