/** The model compile, revalidation and answers use unless the person chooses another (current in 2026-11). */
export const DEFAULT_MODEL = "claude-sonnet-4-6";

/** The small, cheap model for Ask's selection step (reads ~2k tokens of headers, answers with a few ids). */
export const DEFAULT_SELECT_MODEL = "claude-haiku-4-5";

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
  "claude-3-5-sonnet-latest": DEFAULT_MODEL,
};

/** The model to call for a configured id: a retired id becomes its replacement. */
export function currentModel(id: string): string {
  return RETIRED_MODELS[id.trim()] ?? id.trim();
}
