import type { App } from "obsidian";
import { currentModel, DEFAULT_PRICE, priceFor, type ModelPrice } from "../core/llm/models";
import { AnthropicLanguageModel } from "../llm/anthropic-language-model";
import type { AskSettings } from "../core/settings/plugin-data";
import { createRequestUrlFetch } from "./request-url-fetch";

/**
 * The model as the settings describe it: key from secret storage, network through requestUrl (works on mobile, does
 * not stream); `streamThrough` gives a fetch that streams instead (the Ask answer's createBrowserFirstFetch).
 */
export function createModel(
  app: App,
  ask: AskSettings,
  onWait?: (seconds: number, reason: string) => void,
  streamThrough?: typeof fetch,
  onSilence?: (silentSeconds: number, stopsAfterSeconds: number) => void,
): AnthropicLanguageModel {
  return new AnthropicLanguageModel({
    apiKey: app.secretStorage.getSecret(ask.apiKeySecret),
    model: currentModel(ask.model),
    ...(ask.baseUrl ? { baseUrl: ask.baseUrl } : {}),
    fetch: streamThrough ?? createRequestUrlFetch(),
    timers: window,
    streaming: streamThrough !== undefined,
    timeoutMs: ask.timeoutSeconds * 1000,
    ...(onWait ? { onWait } : {}),
    ...(onSilence ? { onSilence } : {}),
  });
}

/** The small model of the Ask settings (`selectModel`), for the selection step and capture's distillation. */
export function createSelectModel(app: App, ask: AskSettings): AnthropicLanguageModel {
  return createModel(app, { ...ask, model: ask.selectModel });
}

/**
 * The price per million tokens of the answer model: the person's override for it, else its list price. Code that
 * still prices through this (not through host.models, whose price is null for an unknown model) gets DEFAULT_PRICE
 * for a model of unknown price, as before.
 */
export function priceOf(ask: AskSettings): ModelPrice {
  return priceFor(ask.model, ask.priceOverrides) ?? DEFAULT_PRICE;
}
