import { normalizePath, type App } from "obsidian";
import type { KnowledgeSettings } from "../core/knowledge/knowledge-settings";
import { serverPriceFor, smallModelFor } from "../core/llm/local-server";
import { ok } from "../core/result";
import { SPEND_LEDGER_LOCK, SpendLedger, type SpendLedgerLock } from "../core/spend/spend-ledger";
import { spendModels } from "../core/spend/spend-models";
import type { CompileHost } from "../core/workflows/compile-workflow";
import type { KcHost, ModelSource, OperationSettings, PluginFileStore } from "../core/ports/host";
import { adapterLockFiles } from "./adapter-write-lock";
import { createBrowserFirstFetch } from "./browser-first-fetch";
import { createModel, createSelectModel } from "./create-model";
import type { PluginData } from "../core/settings/plugin-data";
import { operationSettings } from "../core/settings/operation-settings";
import { silenceNotice } from "./silence-notice";
import { createRequestUrlFetch } from "./request-url-fetch";

/** The plugin's files in its folder, through the vault adapter (the files `kc` reads and writes too). */
export function adapterPluginFiles(app: App, pluginDir: string): PluginFileStore {
  const adapter = app.vault.adapter;
  const path = (name: string): string => normalizePath(`${pluginDir}/${name}`);
  return {
    read: async (name) => ((await adapter.exists(path(name))) ? adapter.read(path(name)) : null),
    write: (name, text) => adapter.write(path(name), text),
    append: async (name, text) => ((await adapter.exists(path(name))) ? adapter.append(path(name), text) : adapter.write(path(name), text)),
  };
}

/**
 * The models of the Ask settings (key from secret storage, network through requestUrl); small roles use the select
 * model at its own price (the table's, or the person's). A streaming call goes through the renderer's fetch and falls back to requestUrl where that
 * fails (createBrowserFirstFetch: one for the source, so a server found without CORS is not tried again).
 */
export function settingsModels(app: App, data: () => PluginData): ModelSource {
  const streamThrough = createBrowserFirstFetch((input, init) => activeWindow.fetch(input, init), createRequestUrlFetch());
  return {
    get: (role, options = {}) => {
      const ask = data().ask;
      if (role === "select" || role === "distill") {
        const id = smallModelFor(ask.model, ask.selectModel, ask.baseUrl);
        return Promise.resolve(ok({ id, model: createSelectModel(app, ask), price: serverPriceFor(id, ask.baseUrl, ask.priceOverrides) }));
      }
      const model = createModel(app, ask, options.onWait, options.streaming ? streamThrough : undefined, silenceNotice);
      return Promise.resolve(ok({ id: ask.model, model, price: serverPriceFor(ask.model, ask.baseUrl, ask.priceOverrides) }));
    },
    planned: (role) => {
      const ask = data().ask;
      const id = role === "select" || role === "distill" ? smallModelFor(ask.model, ask.selectModel, ask.baseUrl) : ask.model;
      return { id, price: serverPriceFor(id, ask.baseUrl, ask.priceOverrides) };
    },
  };
}

/** The operation settings as the plugin holds them: data.json's sections, the knowledge settings as the writes see them. */
export function pluginSettings(data: PluginData, knowledge: KnowledgeSettings): OperationSettings {
  return operationSettings(data, knowledge);
}

/** The ledger's lock file in the plugin's folder, through the vault adapter: the same file kc takes. */
function pluginLedgerLock(app: App, pluginDir: string): SpendLedgerLock {
  const token = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return { files: adapterLockFiles(app), path: normalizePath(`${pluginDir}/${SPEND_LEDGER_LOCK}`), owner: { pid: "obsidian", token } };
}

/**
 * The plugin as a host of core's workflows, built once: the compile host (vault API, journal and lock in the plugin's
 * folder, the router's index, Obsidian's resolver), the plugin's files, the merged settings and the models.
 */
export function pluginHost(
  app: App,
  compile: Omit<CompileHost, "models"> & Pick<KcHost, "indexTokens">,
  knowledge: () => KnowledgeSettings,
  data: () => PluginData,
  pluginDir: string,
): KcHost {
  const files = adapterPluginFiles(app, pluginDir);
  // Every model call of every feature is priced by its model, checked against the caps and written to the ledger;
  // every estimate prices at the model that will run (models.planned), the one price source.
  const models = spendModels(settingsModels(app, data), {
    ledger: new SpendLedger(files, pluginLedgerLock(app, pluginDir)),
    settings: () => ({ ...data().spend, priceOverrides: data().ask.priceOverrides }),
    now: () => compile.now(),
  });
  return {
    ...compile,
    pluginFiles: files,
    settings: () => pluginSettings(data(), knowledge()),
    models,
  };
}
