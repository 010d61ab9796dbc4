// A benchmark part that runs in a Node process of its own (as Obsidian starts with a fresh heap): the parent starts
// this bundle again with KC_BENCH naming the part, the child prints its result on one marked line.
import { spawnSync } from "node:child_process";
import process from "node:process";
import { print } from "./print";

const MARK = "KC_CHILD_RESULT ";

/** In the child: hands the parent its result. */
export function printChildResult(value: unknown): void {
  process.stdout.write(`${MARK}${JSON.stringify(value)}\n`);
}

/**
 * In the parent: runs the part `mode` in a fresh Node process (with `nodeArgs` and `env` added) and returns its result;
 * whatever else it printed (KC_VERBOSE lines, a collection trace) is printed here. Throws with the child's last
 * errors when it gave no result.
 */
export function runInChild<T>(mode: string, env: Record<string, string>, nodeArgs: string[] = []): T {
  const r = spawnSync(process.execPath, [...nodeArgs, process.argv[1]!], {
    encoding: "utf8",
    env: { ...process.env, ...env, KC_BENCH: mode },
    maxBuffer: 64 * 1024 * 1024,
  });
  let result: string | undefined;
  for (const line of r.stdout.split("\n")) {
    if (line.startsWith(MARK)) result = line.slice(MARK.length);
    else if (line !== "") print(line);
  }
  if (result === undefined) throw new Error(`the benchmark part ${mode} failed: ${r.stderr.slice(-2000)}`);
  return JSON.parse(result) as T;
}
