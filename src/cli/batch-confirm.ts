import { formatCost, formatCostOrUnknown } from "../core/llm/cost";
import type { BatchEstimate } from "../core/spend/batch-estimate";
import { decideSpend } from "../core/spend/decide-spend";
import { EXIT, usage, type NodeIo } from "../node/node-io";
import type { OperationSettings } from "../core/ports/host";
import { flagString, type ParsedArgs } from "./parse-args";

/** Where the threshold is set, as the refusal names it. */
const THRESHOLD_WHERE = `--confirm-above, or the plugin's "Ask before costly compiles"`;

/** A batch of model calls about to be made, in the words the command line shows and asks with. */
export interface BatchToConfirm {
  batch: BatchEstimate;
  modelId: string;
  /** What the batch does, to start the estimate's line ("3 pairs to check"). */
  what: string;
  /** The question asked on a terminal, without the cost ("Check 3 pairs"). */
  question: string;
  /** What is said when the person answers no ("Nothing checked."). */
  declined: string;
}

/**
 * Before a batch of model calls (compile --all, contradictions, claim drift, distillation, header proposals): prints
 * the total estimate at the model's price, then renders core's rule (decideSpend) with the threshold of --confirm-above,
 * else the plugin's "Ask before costly compiles": a y/N question on a terminal, a refusal without one unless --yes.
 * The spending caps hold either way (each call is checked before it is made). Returns the exit code to stop with, or
 * null to go on.
 */
export async function confirmBatch(args: ParsedArgs, io: NodeIo, saved: Pick<OperationSettings, "compile">, b: BatchToConfirm): Promise<number | null> {
  const flag = flagString(args, "confirm-above");
  const given = flag === undefined ? null : Number(flag);
  if (given !== null && (!Number.isFinite(given) || given < 0 || flag!.trim() === ""))
    return usage(io, `--confirm-above must be an amount in US dollars (0 asks every time), not "${flag}".`);
  const threshold = given ?? saved.compile.confirmAboveUsd;
  const { batch } = b;
  const costs =
    batch.usd === null
      ? `cost unknown (no price for ${b.modelId}; set one in the plugin's settings)`
      : `about ${formatCost(batch.usd)}, at most ${formatCostOrUnknown(batch.maxUsd)}`;
  io.err(`${b.what} with ${b.modelId}: about ${batch.inputTokens} prompt tokens, ${costs}.\n`);
  const decision = decideSpend(
    batch,
    { thresholdUsd: threshold, thresholdWhere: THRESHOLD_WHERE, asker: io.confirm ? "terminal" : null, approved: args.flags.has("yes") },
    { what: b.question, modelId: b.modelId },
  );
  if (decision.kind === "go") return null;
  if (decision.kind === "refuse" || !io.confirm) {
    io.err(`${decision.sentence}\n`);
    return EXIT.usage;
  }
  if (await io.confirm(decision.sentence)) return null;
  io.err(`${b.declined}\n`);
  return EXIT.ok;
}
