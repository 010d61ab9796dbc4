import { runCli } from "../../src/cli/main";

/** What one in-process `kc` run printed and returned. */
export interface KcRun {
  code: number;
  out: string;
  err: string;
}

/** Runs the CLI in process as a pipe would (no terminal), collecting stdout and stderr. */
export async function runKc(args: string[], env: Record<string, string | undefined> = {}, confirm?: (question: string) => Promise<boolean>): Promise<KcRun> {
  let out = "";
  let err = "";
  const code = await runCli(args, { out: (t) => (out += t), err: (t) => (err += t), isTTY: false, env, ...(confirm ? { confirm } : {}) });
  return { code, out, err };
}
