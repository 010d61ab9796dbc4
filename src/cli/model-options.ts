import type { NodeIo } from "../node/node-io";
import { baseUrlProblem as urlProblem, modelFromFlags, type ModelFlags } from "../node/node-models";
import { flagString, type ParsedArgs } from "./parse-args";

export { NO_KEY_MESSAGE, silenceLine, waitLine } from "../node/node-models";

/** The model flags a command was given (--model, --base-url, --server); absent flags fall back to the environment later. */
export function modelFlags(args: ParsedArgs): ModelFlags {
  const model = flagString(args, "model");
  const baseUrl = flagString(args, "base-url");
  const server = flagString(args, "server");
  return { ...(model !== undefined ? { model } : {}), ...(baseUrl !== undefined ? { baseUrl } : {}), ...(server !== undefined ? { server } : {}) };
}

/** What is wrong with --base-url (or ANTHROPIC_BASE_URL) in a sentence, or null (exit 2 before the vault is read). */
export function baseUrlProblem(args: ParsedArgs, env: Record<string, string | undefined>): string | null {
  return urlProblem(modelFlags(args), env);
}

/** The model a command calls, from --model / --base-url and the environment, or what is wrong with its exit code. */
export function modelFromArgs(args: ParsedArgs, io: NodeIo, options: Parameters<typeof modelFromFlags>[2]): ReturnType<typeof modelFromFlags> {
  return modelFromFlags(modelFlags(args), io, options);
}
