import { formatCost, formatCostOrUnknown } from "../../core/llm/cost";
import { priceFor } from "../../core/llm/models";
import { batchNeedsConfirmation, estimateCompileBatch } from "../../core/spend/batch-estimate";
import type { CompilePlan } from "../../core/compile/compile-types";
import { prepareCompile, type CompileHost } from "../../core/workflows/compile-workflow";
import { EXIT, usage, type CliIo } from "../cli-io";
import { readCliSpendSettings, readConfirmAboveUsd } from "../cli-spend";
import { flagString, type ParsedArgs } from "../parse-args";

/** The default of the plugin's "Ask before costly compiles" (USD). */
const DEFAULT_CONFIRM_ABOVE = 0.25;

/**
 * Before `kc compile --all` calls the model: prints the batch's total estimate at the model's price, and above the
 * threshold (--confirm-above, else the plugin's "Ask before costly compiles") asks on a terminal; without one it
 * needs --yes. Returns the exit code to stop with, or null to go on.
 */
export async function confirmCompileBatch(host: CompileHost, logs: readonly string[], modelId: string, args: ParsedArgs, io: CliIo, vaultRoot: string): Promise<number | null> {
  const flag = flagString(args, "confirm-above");
  const given = flag === undefined ? null : Number(flag);
  if (given !== null && (!Number.isFinite(given) || given < 0 || flag!.trim() === "")) return usage(io, `--confirm-above must be an amount in US dollars (0 asks every time), not "${flag}".`);
  const settings = await readCliSpendSettings(vaultRoot, io.env);
  if (typeof settings === "string") return usage(io, settings);
  const threshold = given ?? (await readConfirmAboveUsd(vaultRoot)) ?? DEFAULT_CONFIRM_ABOVE;
  const plans: CompilePlan[] = [];
  for (const log of logs) {
    const prepared = await prepareCompile(host, log);
    if (prepared.ok) plans.push(prepared.value.plan);
  }
  const batch = estimateCompileBatch(plans, priceFor(modelId, settings.priceOverrides));
  const costs = batch.usd === null ? `cost unknown (no price for ${modelId}; set one in the plugin's settings)` : `about ${formatCost(batch.usd)}, at most ${formatCostOrUnknown(batch.maxUsd)}`;
  io.err(`${logs.length} log${logs.length === 1 ? "" : "s"} to compile with ${modelId}: about ${batch.inputTokens} prompt tokens, ${costs}.\n`);
  if (!batchNeedsConfirmation(batch, threshold) || args.flags.has("yes")) return null;
  if (io.confirm) {
    if (await io.confirm(`Compile ${logs.length} log${logs.length === 1 ? "" : "s"} (${batch.usd === null ? "cost unknown" : `about ${formatCost(batch.usd)}`})?`)) return null;
    io.err("Nothing compiled.\n");
    return EXIT.ok;
  }
  io.err(`That is above ${formatCost(threshold)}, the amount asked about first (--confirm-above, or the plugin's "Ask before costly compiles"), and there is no terminal to ask: re-run with --yes to compile them (the spending caps still hold).\n`);
  return EXIT.usage;
}
