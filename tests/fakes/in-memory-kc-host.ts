import { DEFAULT_KNOWLEDGE_SETTINGS } from "../../src/core/knowledge/knowledge-settings";
import type { ModelPrice } from "../../src/core/llm/models";
import { DEFAULT_PRICE } from "../../src/core/llm/models";
import type { LanguageModel } from "../../src/core/llm/language-model";
import { err, ok } from "../../src/core/result";
import type { KcHost, ModelOptions, ModelRole, ModelUnavailable } from "../../src/core/ports/host";
import type { InMemoryNoteStore } from "./in-memory-note-store";
import { inMemoryCompileHost, type InMemoryCompileRecords } from "./in-memory-compile-host";
import { articleIndexOf, resolverOf } from "../core/compile/compile-fixture";

/**
 * A whole KcHost over an in-memory store, for tests of core workflows: the compile host of the fixtures (index and
 * links resolved from the store's files as they are now), plugin files in a map, default settings, and one model for
 * every role (or none: the host then says why, as a host without a key does). Model requests are recorded.
 */
export function inMemoryKcHost(
  store: InMemoryNoteStore,
  model: LanguageModel | ModelUnavailable,
  options: { nowIso?: string; price?: ModelPrice; records?: InMemoryCompileRecords } = {},
): KcHost & { records: InMemoryCompileRecords; asked: { role: ModelRole; options: ModelOptions }[]; pluginFileTexts: Map<string, string> } {
  const files = Object.fromEntries(store.files);
  const compile = inMemoryCompileHost(store, { index: articleIndexOf(files), resolve: resolverOf(files), ...options });
  const pluginFileTexts = new Map<string, string>();
  const asked: { role: ModelRole; options: ModelOptions }[] = [];
  return {
    ...compile,
    asked,
    pluginFileTexts,
    pluginFiles: {
      read: (name) => Promise.resolve(pluginFileTexts.get(name) ?? null),
      write: (name, text) => Promise.resolve(void pluginFileTexts.set(name, text)),
    },
    settings: () => ({
      knowledge: { ...DEFAULT_KNOWLEDGE_SETTINGS, ...compile.rules() },
      ask: { budget: 6000, selectWithModel: false },
      compile: { confirmAboveUsd: 0.25 },
      contradictions: { maxPairs: 20, maxTokens: 60_000 },
      drift: { olderThanDays: 90, maxArticles: 10, maxTokens: 40_000 },
    }),
    models: {
      get: (role, opts = {}) => {
        asked.push({ role, options: opts });
        return Promise.resolve("kind" in model ? err(model) : ok({ id: "scripted", model, price: options.price ?? DEFAULT_PRICE }));
      },
      planned: () => ({ id: "scripted", price: options.price ?? DEFAULT_PRICE }),
    },
  };
}
