import type { NodeIo } from "../node/node-io";
import { runCliWith, type Command } from "./run-cli";

/**
 * Every command, each loaded only when it is run or its help is asked for: the CLI's in-process entry (tests, the
 * benchmarks and harnesses that bundle it). The release does not run this table: each command is a bundle of its own
 * (scripts/build-cli.mjs), and kc's launcher loads the one a command line names.
 */
export const COMMANDS: Record<string, () => Promise<Command>> = {
  lint: async () => (await import("./commands/lint-command")).command,
  route: async () => (await import("./commands/route-command")).command,
  ask: async () => (await import("./commands/ask-command")).command,
  compile: async () => (await import("./commands/compile-command")).command,
  revalidate: async () => (await import("./commands/revalidate-command")).command,
  undo: async () => (await import("./commands/undo-command")).command,
  headers: async () => (await import("./commands/headers-command")).command,
  graph: async () => (await import("./commands/graph-command")).command,
  capture: async () => (await import("./commands/capture-command")).command,
  prime: async () => (await import("./commands/prime-command")).command,
  "eval-route": async () => (await import("./commands/eval-route-command")).command,
  contradictions: async () => (await import("./commands/contradictions-command")).command,
  drift: async () => (await import("./commands/drift-command")).command,
  mcp: async () => (await import("./commands/mcp-command")).command,
  hooks: async () => (await import("./commands/hooks-command")).command,
  spend: async () => (await import("./commands/spend-command")).command,
};

/** Runs the CLI with arguments (without node and script) and returns the exit code; never throws. */
export function runCli(argv: readonly string[], io: NodeIo): Promise<number> {
  return runCliWith(argv, io, COMMANDS);
}
