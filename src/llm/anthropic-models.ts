import Anthropic from "@anthropic-ai/sdk";
import type { ModelError } from "../core/llm/language-model";
import { err, ok, type Result } from "../core/result";
import { scrubSecrets } from "../core/util/scrub-secrets";
import { createAnthropicClient } from "./anthropic-client";
import { AnthropicLanguageModel, type Timers } from "./anthropic-language-model";
import { limitReplySize } from "./limit-reply-size";
import { mapModelError, serviceOf } from "./map-model-error";

/** One model a server offers: its id (what the settings keep) and its display name. */
export interface ModelListing {
  id: string;
  name: string;
}

/** Where to ask: the same values a model call uses, and the model the settings name. */
export interface ModelServerOptions {
  apiKey: string | null;
  /** "" or absent: the Anthropic API. */
  baseUrl?: string | undefined;
  fetch: typeof fetch;
  timers: Timers;
  /** The configured model, named in the connection check's sentence. */
  model: string;
  /** How long the check may take (default 20 s). */
  timeoutMs?: number;
}

/** At most this many models are read from a listing, however many pages a server offers. */
const MAX_MODELS = 500;
/** At most this many pages are asked for, and none after a page that adds no new model. */
const MAX_PAGES = 5;
const MAX_BYTES = 2_000_000;

/** Why a listing was not read: a failure with its sentence, or "none" for a server without a Models API. */
export type ListingError = ModelError | { kind: "no-listing"; message: string };

/**
 * The models the server lists (GET /v1/models, at most 5 pages and 500 models, stopping at a page with nothing new), or why not. A server that answers
 * 404 has no Models API (many compatible servers); that is "no-listing", not an error about the key.
 */
export async function listModels(o: ModelServerOptions): Promise<Result<ModelListing[], ListingError>> {
  if (!o.apiKey && !o.baseUrl) return err({ kind: "no-key", message: "No API key is set, so the models cannot be listed." });
  const client = createAnthropicClient({
    apiKey: o.apiKey,
    baseUrl: o.baseUrl,
    fetch: limitReplySize(
      () => o.fetch,
      () => MAX_BYTES,
    ),
    timeoutMs: o.timeoutMs ?? 20_000,
  });
  const found: ModelListing[] = [];
  const seen = new Set<string>();
  try {
    // Page by page, not `for await`: a server that ignores after_id and always says has_more would be asked forever.
    let page = await client.models.list({ limit: 100 });
    for (let pages = 1; ; pages++) {
      const before = found.length;
      for (const m of page.data) {
        const id = typeof m.id === "string" ? m.id.trim() : "";
        if (!id || id.length > 200 || seen.has(id)) continue;
        seen.add(id);
        const name = typeof m.display_name === "string" && m.display_name.trim() ? m.display_name.trim().slice(0, 200) : id;
        found.push({ id, name });
        if (found.length >= MAX_MODELS) break;
      }
      if (found.length === before || found.length >= MAX_MODELS || pages >= MAX_PAGES || !page.hasNextPage()) break;
      page = await page.getNextPage();
    }
  } catch (e) {
    if (e instanceof Anthropic.NotFoundError) return err({ kind: "no-listing", message: `${serviceOf(o.baseUrl)} has no model list (404).` });
    const mapped = mapModelError(e, { model: o.model, baseUrl: o.baseUrl });
    return err({ ...mapped, message: scrubSecrets(mapped.message, [o.apiKey]) });
  }
  return ok(found);
}

/**
 * The cheapest real check of the settings, in one sentence: list the models (no tokens spent); where the server has
 * no Models API, a 1-token message to the configured model. Says what worked, or what failed and what to do.
 */
export async function testConnection(o: ModelServerOptions): Promise<{ ok: boolean; message: string }> {
  const service = serviceOf(o.baseUrl);
  const Service = service.charAt(0).toUpperCase() + service.slice(1);
  const listed = await listModels(o);
  if (listed.ok) {
    const n = listed.value.length;
    if (listed.value.some((m) => m.id === o.model))
      return { ok: true, message: `Connected: ${service} accepted the key and lists ${n} model${n === 1 ? "" : "s"}, including ${o.model}.` };
    return { ok: false, message: `${Service} accepted the key, but does not list the model "${o.model}" among its ${n}: choose one from the list.` };
  }
  if (listed.error.kind !== "no-listing") return { ok: false, message: listed.error.message };
  const model = new AnthropicLanguageModel({
    apiKey: o.apiKey,
    model: o.model,
    baseUrl: o.baseUrl,
    fetch: o.fetch,
    timers: o.timers,
    streaming: false,
    timeoutMs: o.timeoutMs ?? 20_000,
    maxRetries: 0,
  });
  const r = await model.complete({ system: "Reply with one word.", messages: [{ role: "user", content: "ping" }], maxTokens: 1 });
  if (r.ok) return { ok: true, message: `Connected: ${service} has no model list, but ${o.model} answered a 1-token message.` };
  return { ok: false, message: r.error.message };
}
