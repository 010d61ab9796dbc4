import { estimateCompileBatch } from "../../core/spend/batch-estimate";
import type { CompilePlan } from "../../core/compile/compile-types";
import type { KcHost, PricedModel } from "../../core/ports/host";
import { prepareCompile, type CompileHost } from "../../core/workflows/compile-workflow";
import { confirmBatch } from "../batch-confirm";
import type { NodeIo } from "../../node/node-io";
import type { ParsedArgs } from "../parse-args";

/**
 * Before `kc compile --all` calls the model: the batch's total estimate at the price of the model that will run, asked
 * about above the threshold (confirmBatch). Returns the exit code to stop with, or null to go on.
 */
export async function confirmCompileBatch(
  host: Pick<KcHost, "settings"> & CompileHost,
  logs: readonly string[],
  model: Pick<PricedModel, "id" | "price">,
  args: ParsedArgs,
  io: NodeIo,
): Promise<number | null> {
  const plans: CompilePlan[] = [];
  for (const log of logs) {
    const prepared = await prepareCompile(host, log);
    if (prepared.ok) plans.push(prepared.value.plan);
  }
  const n = `${logs.length} log${logs.length === 1 ? "" : "s"}`;
  return confirmBatch(args, io, host.settings(), {
    batch: estimateCompileBatch(plans, model.price),
    modelId: model.id,
    what: `${n} to compile`,
    question: `Compile ${n}`,
    declined: "Nothing compiled.",
  });
}
