// `kc prime --hook` runs at every Claude Code session start: whole-process time on the demo vault, alternated with
// the floor (a Node process that does nothing) and `kc --help` (the CLI's own start-up), medians of several runs.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import process from "node:process";
import { formatTable, print } from "./print";
import { median } from "./stats";

function seconds(args: string[]): number {
  const t = process.hrtime.bigint();
  spawnSync(process.execPath, args, { stdio: ["ignore", "ignore", "ignore"] });
  return Number(process.hrtime.bigint() - t) / 1e9;
}

/** Prints the prime hook's whole-process time beside the floor and the CLI's start-up. */
export function benchPrimeHook(runs = 9): void {
  const cli = join(process.cwd(), "dist", "cli.mjs");
  const demo = join(process.cwd(), "examples", "demo-vault");
  const cases: [string, string[]][] = [
    ["node -e 0 (floor)", ["-e", "0"]],
    ["kc --help (CLI start-up)", [cli, "--help"]],
    ["kc prime --hook, demo vault", [cli, "prime", demo, "--hook", "--question", "How should uploads retry?"]],
  ];
  const times = cases.map(() => [] as number[]);
  for (let i = 0; i < runs; i++) cases.forEach(([, args], j) => times[j]!.push(seconds(args)));
  const floor = median(times[0]!);
  print("\n## Prime hook: whole process (a SessionStart hook runs it at every session start)\n");
  const rows = cases.map(([name], j) => ({ command: name, median: `${(median(times[j]!) * 1000).toFixed(0)} ms`, min: `${(Math.min(...times[j]!) * 1000).toFixed(0)} ms`, "× floor": (median(times[j]!) / floor).toFixed(1) }));
  for (const line of formatTable(rows)) print(line);
}
