import { randomId } from "./random-id";
import { dirname, join } from "node:path";
import process from "node:process";
import type { LanguageModel } from "../core/llm/language-model";
import type { ListPrice } from "../core/llm/models";
import { err, ok, type Result } from "../core/result";
import { SPEND_LEDGER_LOCK, SpendLedger, type SpendLedgerLock } from "../core/spend/spend-ledger";
import { spendModels } from "../core/spend/spend-models";
import { readSpendSettings, spendCapProblems, type SpendSettings } from "../core/spend/spend-settings";
import type { ModelSource, ModelUnavailable, PluginFileStore, PricedModel } from "../core/ports/host";
import { fsLockFiles } from "./file-write-lock";
import { DATA_FILE } from "./load-vault";
import { readGuardedFile } from "./guarded-file";

/** The plugin's data.json as parsed JSON; undefined when missing or unreadable (loadVault warns about that once). */
async function readPluginData(vaultRoot: string): Promise<unknown> {
  const text = await readGuardedFile(vaultRoot, join(vaultRoot, DATA_FILE)).catch(() => null);
  try {
    return text === null ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

/** A cap from the environment: undefined when not set, a message when it is not an amount. */
function envCap(env: Record<string, string | undefined>, name: string): number | string | undefined {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === "") return undefined;
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 ? n : `${name} must be an amount in US dollars (0 turns the cap off), not "${raw}".`;
}

/**
 * The spend settings kc uses: the plugin's own (data.json: the caps of its `spend` section, its per-model prices),
 * with KC_DAILY_CAP_USD and KC_MONTHLY_CAP_USD over the caps; a message when one of those is not an amount.
 */
export async function readNodeSpendSettings(vaultRoot: string, env: Record<string, string | undefined>): Promise<SpendSettings | string> {
  const data = await readPluginData(vaultRoot);
  const s = readSpendSettings(data);
  const daily = envCap(env, "KC_DAILY_CAP_USD");
  const monthly = envCap(env, "KC_MONTHLY_CAP_USD");
  if (typeof daily === "string") return daily;
  if (typeof monthly === "string") return monthly;
  // A cap of data.json that is not an amount would silently be off: refused, unless the environment sets that cap.
  const problems = spendCapProblems(data).filter((p) => !(p.includes("dailyCapUsd") ? daily !== undefined : monthly !== undefined));
  if (problems.length > 0) return problems.join(" ");
  return { ...s, ...(daily !== undefined ? { dailyCapUsd: daily } : {}), ...(monthly !== undefined ? { monthlyCapUsd: monthly } : {}) };
}

/** The ledger's lock file in the vault's plugin folder, on disk: the same file the plugin takes. */
export function nodeLedgerLock(vaultRoot: string): SpendLedgerLock {
  return {
    files: fsLockFiles(vaultRoot),
    path: join(vaultRoot, dirname(DATA_FILE), SPEND_LEDGER_LOCK),
    owner: { pid: process.pid, token: () => randomId() },
  };
}

/**
 * The command line's models through the spend ledger (the plugin's file, shared) and the caps, read once: one guard
 * for every call of this host, made by the first (calls at once share it, never each make their own).
 */
export function nodeSpendModels(
  inner: ModelSource,
  vaultRoot: string,
  env: Record<string, string | undefined>,
  files: PluginFileStore,
  now: () => Date = () => new Date(),
): ModelSource {
  let wrapped: Promise<ModelSource | string> | null = null;
  return {
    get: async (role, options) => {
      wrapped ??= readNodeSpendSettings(vaultRoot, env).then((settings) =>
        typeof settings === "string"
          ? settings
          : spendModels(inner, { ledger: new SpendLedger(files, nodeLedgerLock(vaultRoot)), settings: () => settings, now }),
      );
      const source = await wrapped;
      if (typeof source === "string") return err({ kind: "bad-config", message: source });
      return source.get(role, options);
    },
    // The inner source prices by the same saved overrides the ledger's settings hold.
    planned: (role) => inner.planned(role),
  };
}

/**
 * One model already built (by --model / --base-url / --server) through the ledger and the caps, filed under `feature`,
 * at the price it was built with ($0 on a local server) unless the person set one.
 */
export async function nodeCappedModel(
  built: { id: string; model: LanguageModel; price: ListPrice | null },
  feature: string,
  vaultRoot: string,
  env: Record<string, string | undefined>,
  files: PluginFileStore,
): Promise<Result<PricedModel, ModelUnavailable>> {
  const source: ModelSource = {
    get: () => Promise.resolve(ok({ id: built.id, model: built.model, price: built.price })),
    planned: () => ({ id: built.id, price: built.price }),
  };
  return nodeSpendModels(source, vaultRoot, env, files).get("compile", { feature });
}
