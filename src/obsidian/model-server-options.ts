import type { App } from "obsidian";
import { currentModel } from "../core/llm/models";
import type { ModelServerOptions } from "../llm/anthropic-models";
import type { AskSettings } from "../core/settings/plugin-data";
import { createRequestUrlFetch } from "./request-url-fetch";

/** Where the settings' model list and connection check ask: the key from secret storage, requestUrl, the settings' base URL. */
export function modelServerOptions(app: App, ask: AskSettings, model: string = ask.model): ModelServerOptions {
  return {
    apiKey: app.secretStorage.getSecret(ask.apiKeySecret),
    baseUrl: ask.baseUrl,
    fetch: createRequestUrlFetch(),
    timers: window,
    model: currentModel(model),
    timeoutMs: Math.min(20_000, ask.timeoutSeconds * 1000),
  };
}
