import type { CompileHost } from "../ports/compile-host";
import { prepareCompile, type PreparedCompile } from "./compile-workflow";

/** One log of a dry run: its plan with the estimate, or why it cannot be compiled. */
export type PlannedLog = { log: string; status: "planned"; prepared: PreparedCompile } | { log: string; status: "failed"; message: string };

/**
 * A compile without the model (the dry run): every log planned as a compile would plan it, with the articles the
 * model would be shown and the estimate at the host's prices. A log that cannot be compiled says why; the others are
 * still planned. Nothing is sent and nothing is written.
 */
export async function planLogs(host: CompileHost, logs: readonly string[]): Promise<PlannedLog[]> {
  const out: PlannedLog[] = [];
  for (const log of logs) {
    const prepared = await prepareCompile(host, log);
    out.push(prepared.ok ? { log, status: "planned", prepared: prepared.value } : { log, status: "failed", message: prepared.error });
  }
  return out;
}
