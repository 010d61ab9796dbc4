import { DEFAULT_PRICE, DEFAULT_SELECT_MODEL } from "../core/llm/models";
import { err, ok } from "../core/result";
import type { ArticleIndex } from "../core/route/article-index";
import { shortHash } from "../core/util/short-hash";
import { contradictionStateStore } from "../core/workflows/contradiction-state-store";
import type { ContradictionPorts } from "../core/workflows/contradictions-workflow";
import type { KcHost, ModelRole, ModelSource, ModelUnavailable, OperationSettings } from "../core/ports/host";
import { nodeCompileHost } from "./node-compile-host";
import { nodeSettings } from "./node-read-host";
import { nodeSpendModels } from "./node-spend";
import { EXIT, type NodeIo } from "./node-io";
import type { LoadedVault } from "./load-vault";
import { modelFromFlags, silenceLine, type ModelFlags } from "./node-models";
import { indexFileTokens } from "./router-index";
import { fsPluginFiles } from "./plugin-file-store";

export { nodeSettings };
export { fsPluginFiles, pluginFolder } from "./plugin-file-store";

/** The models of a Node host: its model flags (--model / --base-url) and the environment; the small roles default to the select model. */
export function nodeModels(flags: ModelFlags, io: NodeIo): ModelSource {
  const small = (role: ModelRole): boolean => role === "select" || role === "distill";
  return {
    get: async (role, options = {}) => {
      const built = await modelFromFlags(flags, io, {
        streaming: options.streaming ?? false,
        ...(small(role) ? { defaultModel: DEFAULT_SELECT_MODEL, envModel: "KC_SELECT_MODEL" } : {}),
        ...(options.onWait ? { onWait: options.onWait } : {}),
        onSilence: silenceLine(io),
      });
      if ("error" in built) return err({ kind: built.exitCode === EXIT.usage ? "bad-config" : "no-key", message: built.error });
      return ok({ id: built.id, model: built.model, price: DEFAULT_PRICE });
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
  return {
    ...nodeCompileHost(vault, index),
    pluginFiles: files,
    settings: () => settings,
    models: nodeSpendModels(nodeModels(flags, io), vault.root, io.env, files),
    indexTokens: () => indexTokens,
  };
}
