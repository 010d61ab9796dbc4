import { Notice, type App } from "obsidian";
import { currentModel, DEFAULT_PRICE, type ModelPrice } from "../core/llm/models";
import { serverPriceFor, smallModelFor, timeoutSecondsFor } from "../core/llm/local-server";
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
    timeoutMs: timeoutSecondsFor(ask.model, ask.baseUrl, ask.timeoutSeconds) * 1000,
    ...(onWait ? { onWait } : {}),
    ...(onSilence ? { onSilence } : {}),
    // Said once per server and session: the features it refused or ignored, dropped from then on.
    onDegrade: (message) => new Notice(message, 9000),
  });
}

/** The small model of the Ask settings (`selectModel`), for the selection step and capture's distillation. */
export function createSelectModel(app: App, ask: AskSettings): AnthropicLanguageModel {
  return createModel(app, { ...ask, model: smallModelFor(ask.model, ask.selectModel, ask.baseUrl) });
}

/**
 * The price per million tokens of the answer model: the person's override for it, else its list price. Code that
 * still prices through this (not through host.models, whose price is null for an unknown model) gets DEFAULT_PRICE
 * for a model of unknown price, as before.
 */
export function priceOf(ask: AskSettings): ModelPrice {
  return serverPriceFor(ask.model, ask.baseUrl, ask.priceOverrides) ?? DEFAULT_PRICE;
}
