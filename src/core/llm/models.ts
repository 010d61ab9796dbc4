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

/**
 * The small, cheap model for Ask's selection step and capture's distillation (reads ~2k tokens of headers, answers
 * with a few ids): Claude Haiku 5.5, built for routing and classification at a tenth of Haiku 4.5's price, and
 * caching prompts from 512 tokens where Haiku 4.5 needs 4,096. Haiku 4.5 stays in the tables for a person who picks it.
 */
export const DEFAULT_SELECT_MODEL = "claude-haiku-5-5";

/**
 * What DEFAULT_SELECT_MODEL costs, USD per million tokens (Haiku 5.5's list price: $0.10 in, $0.50 out, cache write
 * $0.125, cache read $0.01), with its higher tier above 100K prompt tokens; the same as its MODEL_PRICES entry.
 */
export const DEFAULT_SELECT_PRICE: ModelPrice & { longPrompt?: { aboveTokens: number; price: ModelPrice } } = {
  input: 0.1,
  output: 0.5,
  cacheWrite: 0.125,
  cacheRead: 0.01,
  longPrompt: { aboveTokens: 100_000, price: { input: 0.5, output: 2.5, cacheWrite: 0.625, cacheRead: 0.05 } },
};

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
 * answers and structured replies (and cost what a reply without thinking costs). Sonnet 5.5's and Opus 5.5's pages
 * list "forced tool use returns an error" and Sonnet 5.5's `between_tools`; for Haiku 5.5 (adaptive thinking on by
 * default) the refusal of a forced tool is not stated on the pages read.
 * source: https://platform.claude.com/docs/zh-CN/models/sonnet-5-5/overview
 * source: https://platform.claude.com/docs/zh-CN/models/opus-5-5/overview
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

/** A model's list price, with the higher tier some models bill when a prompt is above a size. */
export interface ListPrice extends ModelPrice {
  /** Prompts (input + cache reads and writes) above `aboveTokens` are billed at `price` instead. */
  longPrompt?: { aboveTokens: number; price: ModelPrice };
}

/**
 * Anthropic's list prices of the models this plugin names or a person is likely to pick, USD per million tokens,
 * with a 5-minute cache write and a cache read. Checked on 2026-11-26 against Anthropic's pages:
 * Haiku 5.5 ($0.10/$0.50, write $0.125, up to 100K prompt tokens; $0.50/$2.50, write $0.625 above),
 * Opus 5.5 ($4/$20, write $5, read $0.20), Sonnet 5 ($2/$10, write $2.50, read $0.20), Opus 5 ($5/$25, write
 * $6.25, read $0.50), and Fable 5.1 ($10/$50, write $12.50, cache hits $0.25, not the $1 of Fable 5).
 * source: https://platform.claude.com/docs/en/models/haiku-5-5/overview
 * source: https://platform.claude.com/docs/zh-CN/models/opus-5-5/overview
 * source: https://platform.claude.com/docs/en/models/opus-5/overview
 * source: https://platform.claude.com/docs/en/about-claude/pricing
 * Not confirmed on Anthropic's pages, taken from secondary sources: Haiku 5.5's cache reads ($0.01, $0.05 above
 * 100K; the overview's line was cut off where it was read); Sonnet 5.5's cache read (its overview still lists $0.20;
 * a cut to $0.10 on 2026-10-07 is reported by several price trackers, and DEFAULT_PRICE has used it); Haiku 4.5's
 * cache prices and Sonnet 4.6 ($3/$15). Cache prices not published for a model are Anthropic's usual ratios
 * (write 1.25×, read 0.1× input). A person overrides any of these in settings.
 */
export const MODEL_PRICES: Readonly<Record<string, ListPrice>> = {
  "claude-sonnet-5-5": { input: 2, output: 10, cacheWrite: 2.5, cacheRead: 0.1 },
  "claude-sonnet-5": { input: 2, output: 10, cacheWrite: 2.5, cacheRead: 0.2 },
  "claude-opus-5-5": { input: 4, output: 20, cacheWrite: 5, cacheRead: 0.2 },
  "claude-opus-5": { input: 5, output: 25, cacheWrite: 6.25, cacheRead: 0.5 },
  "claude-fable-5-1": { input: 10, output: 50, cacheWrite: 12.5, cacheRead: 0.25 },
  "claude-haiku-5-5": {
    input: 0.1,
    output: 0.5,
    cacheWrite: 0.125,
    cacheRead: 0.01,
    longPrompt: { aboveTokens: 100_000, price: { input: 0.5, output: 2.5, cacheWrite: 0.625, cacheRead: 0.05 } },
  },
  "claude-haiku-4-5": { input: 1, output: 5, cacheWrite: 1.25, cacheRead: 0.1 },
  "claude-sonnet-4-6": { input: 3, output: 15, cacheWrite: 3.75, cacheRead: 0.3 },
};

/**
 * The shortest prefix, in tokens, each model caches; a cache mark on a shorter prefix is silently ignored. Haiku 4.5
 * (4,096) and Sonnet 4.6 (1,024) are as Anthropic's prompt-caching page lists them (quoted in the SDK's issue below);
 * the 512 of the 5.5 models is from the issue and third-party tables (one lists 512 for Haiku 5.5 against 4,096 for
 * Haiku 4.5; others 512 for Opus 5 and 1,024 for Sonnet 5), not confirmed in Anthropic's own pages as read on
 * 2026-11-26.
 * source: https://github.com/anthropics/anthropic-sdk-python/issues/1194
 * source: https://apidog.com/jp/blog/claude-haiku-5-5-vs-haiku-4-5/
 */
export const MIN_CACHE_TOKENS: Readonly<Record<string, number>> = {
  "claude-sonnet-5-5": 512,
  "claude-opus-5-5": 512,
  "claude-haiku-5-5": 512,
  "claude-sonnet-5": 1024,
  "claude-opus-5": 512,
  "claude-haiku-4-5": 4096,
  "claude-sonnet-4-6": 1024,
};

/** A person's own price for one model (cache prices default to 1.25× and 0.1× the input price). */
export interface PriceOverride {
  input: number;
  output: number;
  cacheWrite?: number;
  cacheRead?: number;
}

/** The table's key for a model id: trimmed, lower case, a retired id's replacement, without a date suffix. */
function priceKey(modelId: string, known: (id: string) => boolean): string {
  const id = currentModel(modelId).toLowerCase();
  if (known(id)) return id;
  return id.replace(/-\d{8}$/, "");
}

/**
 * What calls to a model cost: the person's override for that id, else the table's list price, else null (an
 * unknown model's cost is unknown; it never borrows another model's price).
 */
export function priceFor(modelId: string, overrides: Readonly<Record<string, PriceOverride>> = {}): ListPrice | null {
  const key = priceKey(modelId, (id) => id in overrides || id in MODEL_PRICES);
  const own = overrides[key] ?? overrides[modelId.trim()];
  if (own) return { input: own.input, output: own.output, cacheWrite: own.cacheWrite ?? own.input * 1.25, cacheRead: own.cacheRead ?? own.input * 0.1 };
  return MODEL_PRICES[key] ?? null;
}

/** The shortest prefix a model caches, in tokens; null for a model not in the table. */
export function minCacheTokens(modelId: string): number | null {
  return MIN_CACHE_TOKENS[priceKey(modelId, (id) => id in MIN_CACHE_TOKENS)] ?? null;
}
