import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { err } from "../core/result";
import { SpendLedger } from "../core/spend/spend-ledger";
import { spendModels } from "../core/spend/spend-models";
import { readSpendSettings, type SpendSettings } from "../core/spend/spend-settings";
import type { ModelSource, PluginFileStore } from "../core/workflows/host";
import { DATA_FILE } from "./load-vault";

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
export async function readCliSpendSettings(vaultRoot: string, env: Record<string, string | undefined>): Promise<SpendSettings | string> {
  const text = await readFile(join(vaultRoot, DATA_FILE), "utf8").catch(() => null);
  let raw: unknown;
  try {
    raw = text === null ? undefined : JSON.parse(text);
  } catch {
    raw = undefined;
  }
  const s = readSpendSettings(raw);
  const daily = envCap(env, "KC_DAILY_CAP_USD");
  const monthly = envCap(env, "KC_MONTHLY_CAP_USD");
  if (typeof daily === "string") return daily;
  if (typeof monthly === "string") return monthly;
  return { ...s, ...(daily !== undefined ? { dailyCapUsd: daily } : {}), ...(monthly !== undefined ? { monthlyCapUsd: monthly } : {}) };
}

/** The command line's models through the spend ledger (the plugin's file, shared) and the caps, read once. */
export function cliSpendModels(inner: ModelSource, vaultRoot: string, env: Record<string, string | undefined>, files: PluginFileStore, now: () => Date = () => new Date()): ModelSource {
  let settings: SpendSettings | null = null;
  let wrapped: ModelSource | null = null;
  return {
    get: async (role, options) => {
      if (!wrapped) {
        const read = await readCliSpendSettings(vaultRoot, env);
        if (typeof read === "string") return err({ kind: "bad-config", message: read });
        settings = read;
        wrapped = spendModels(inner, { ledger: new SpendLedger(files), settings: () => settings!, now });
      }
      return wrapped.get(role, options);
    },
  };
}
