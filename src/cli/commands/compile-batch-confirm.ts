import { priceFor } from "../../core/llm/models";
import { estimateCompileBatch } from "../../core/spend/batch-estimate";
import type { CompilePlan } from "../../core/compile/compile-types";
import { prepareCompile, type CompileHost } from "../../core/workflows/compile-workflow";
import { confirmBatch } from "../batch-confirm";
import { usage, type NodeIo } from "../../node/node-io";
import { readNodeSpendSettings } from "../../node/node-spend";
import type { ParsedArgs } from "../parse-args";

/**
 * Before `kc compile --all` calls the model: the batch's total estimate at the model's price, asked about above the
 * threshold (confirmBatch). Returns the exit code to stop with, or null to go on.
 */
export async function confirmCompileBatch(
  host: CompileHost,
  logs: readonly string[],
  modelId: string,
  args: ParsedArgs,
  io: NodeIo,
  vaultRoot: string,
): Promise<number | null> {
  const settings = await readNodeSpendSettings(vaultRoot, io.env);
  if (typeof settings === "string") return usage(io, settings);
  const plans: CompilePlan[] = [];
  for (const log of logs) {
    const prepared = await prepareCompile(host, log);
    if (prepared.ok) plans.push(prepared.value.plan);
  }
  const n = `${logs.length} log${logs.length === 1 ? "" : "s"}`;
  return confirmBatch(args, io, vaultRoot, {
    batch: estimateCompileBatch(plans, priceFor(modelId, settings.priceOverrides)),
    modelId,
    what: `${n} to compile`,
    question: `Compile ${n}`,
    declined: "Nothing compiled.",
  });
}
