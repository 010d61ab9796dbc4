/** Where the CLI writes: stdout for results, stderr for progress and messages; `isTTY` enables progress. */
export interface NodeIo {
  out(text: string): void;
  err(text: string): void;
  isTTY: boolean;
  env: Record<string, string | undefined>;
  /** Asks a yes/no question on a terminal; absent when there is no one to ask (pipes, tests). */
  confirm?: (question: string) => Promise<boolean>;
  /** What a hook's caller wrote on stdin (a Claude Code hook's JSON), read with a time limit; absent in tests and pipes not given. */
  readStdin?: () => Promise<string>;
}

/** Exit codes: 0 fine, 1 findings with errors (or a failed model call), 2 usage or path errors. */
export const EXIT = { ok: 0, findings: 1, usage: 2 } as const;

/** Says what is wrong with the arguments (one sentence on stderr) and returns the usage exit code. */
export function usage(io: NodeIo, message: string): number {
  io.err(`${message}\n`);
  return EXIT.usage;
}
