import { DEFAULT_MODEL, DEFAULT_SELECT_MODEL } from "../core/llm/models";
import { serverPriceFor, smallModelFor, timeoutSecondsFor } from "../core/llm/local-server";
import { err, ok } from "../core/result";
import type { ArticleIndex } from "../core/route/article-index";
import { shortHash } from "../core/util/short-hash";
import { contradictionStateStore } from "../core/workflows/contradiction-state-store";
import type { ContradictionPorts } from "../core/workflows/contradictions-workflow";
import type { KcHost, ModelRole, ModelSource, ModelUnavailable, OperationSettings, PlannedModel } from "../core/ports/host";
import { nodeCompileHost } from "./node-compile-host";
import { nodeSettings } from "./node-read-host";
import { nodeSpendModels } from "./node-spend";
import { EXIT, type NodeIo } from "./node-io";
import type { LoadedVault } from "./load-vault";
import { effectiveBaseUrl, namedServer, modelFromFlags, modelIdFor, silenceLine, type ModelFlags } from "./node-models";
import { DEFAULT_ASK_SETTINGS, type AskSettings } from "../core/settings/plugin-data";
import { indexFileTokens } from "./router-index";
import { fsPluginFiles } from "./plugin-file-store";

export { nodeSettings };
export { fsPluginFiles, pluginFolder } from "./plugin-file-store";

/** What a Node host takes from the person's saved Ask settings (data.json) where no flag or environment variable says otherwise. */
export type SavedModels = Pick<AskSettings, "model" | "selectModel" | "baseUrl" | "timeoutSeconds" | "priceOverrides">;

/**
 * The models of a Node host: its model flags (--model / --base-url), else the environment, else the person's saved
 * Ask settings, else the defaults. The small roles (selection, distillation) call the select model (KC_SELECT_MODEL,
 * else the saved one); --model names the model of the other roles. Each is priced by its own id.
 */
export function nodeModels(flags: ModelFlags, io: NodeIo, saved: SavedModels = DEFAULT_ASK_SETTINGS): ModelSource {
  const small = (role: ModelRole): boolean => role === "select" || role === "distill";
  const savedUrl = effectiveBaseUrl(flags, io.env) === undefined && saved.baseUrl.trim() !== "" ? saved.baseUrl.trim() : undefined;
  const named = namedServer(flags, io.env);
  const flagsFor = (role: ModelRole): ModelFlags => {
    const baseUrl = flags.baseUrl ?? savedUrl;
    return {
      ...(small(role) || flags.model === undefined ? {} : { model: flags.model }),
      ...(baseUrl !== undefined ? { baseUrl } : {}),
      ...(flags.server !== undefined ? { server: flags.server } : {}),
    };
  };
  const mainOptions = { defaultModel: saved.model || DEFAULT_MODEL };
  const baseUrlOf = (role: ModelRole): string | undefined => effectiveBaseUrl(flagsFor(role), io.env);
  // On a local server, the small roles call the main model unless a select model of that server is named.
  const idOptions = (role: ModelRole) => {
    if (!small(role)) return mainOptions;
    const mainId = modelIdFor(flagsFor("answer"), io.env, mainOptions);
    return { defaultModel: smallModelFor(mainId, saved.selectModel || DEFAULT_SELECT_MODEL, baseUrlOf(role), named), envModel: "KC_SELECT_MODEL" };
  };
  const priced = (id: string, role: ModelRole) => serverPriceFor(id, baseUrlOf(role), saved.priceOverrides, named);
  return {
    get: async (role, options = {}) => {
      const id = modelIdFor(flagsFor(role), io.env, idOptions(role));
      const built = await modelFromFlags(flagsFor(role), io, {
        streaming: options.streaming ?? false,
        ...idOptions(role),
        timeoutSeconds: timeoutSecondsFor(id, baseUrlOf(role), saved.timeoutSeconds, named),
        ...(options.onWait ? { onWait: options.onWait } : {}),
        onSilence: silenceLine(io),
      });
      if ("error" in built) return err({ kind: built.exitCode === EXIT.usage ? "bad-config" : "no-key", message: built.error });
      return ok({ id: built.id, model: built.model, price: priced(built.id, role) });
    },
    planned: (role): PlannedModel => {
      const id = modelIdFor(flagsFor(role), io.env, idOptions(role));
      return { id, price: priced(id, role) };
    },
  };
}

/** The exit code of a model that cannot be called: a setting that cannot work is a usage error, no key exit 1. */
export function unavailableExit(e: ModelUnavailable): number {
  return e.kind === "bad-config" ? EXIT.usage : EXIT.findings;
}

/** The ports of the model-backed lint workflows on the command line: the state file in the plugin's folder, the hashes of the texts loaded. */
export function nodeContradictionPorts(vault: LoadedVault, host: KcHost): ContradictionPorts {
  return {
    state: contradictionStateStore(host.pluginFiles),
    articleHash: (p) => {
      const t = vault.texts.get(p);
      return t === undefined ? undefined : shortHash(t);
    },
  };
}

/**
 * The command line as a host of core's workflows: the vault on disk, the plugin's files in its folder (the same the
 * plugin uses), the lock file, the router's index and the CLI's link resolution, models from flags and environment.
 */
export function nodeHost(vault: LoadedVault, index: ArticleIndex, flags: ModelFlags, io: NodeIo, settings: OperationSettings = nodeSettings(vault)): KcHost {
  const indexTokens = indexFileTokens(vault);
  const files = fsPluginFiles(vault.root);
  const models = nodeSpendModels(nodeModels(flags, io, vault.data.ask), vault.root, io.env, files);
  return {
    ...nodeCompileHost(vault, index, models),
    pluginFiles: files,
    settings: () => settings,
    models,
    indexTokens: () => indexTokens,
  };
}
