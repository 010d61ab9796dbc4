// `kc prime --hook` runs at every Claude Code session start: whole-process time on the demo vault, alternated with
// the floor (a Node process that does nothing) and `kc --help` (the CLI's own start-up), medians of several runs;
// with the router's index cache warm (the usual session start) and with no cache (the first start after an edit).
// Then the same hook on a generated 2,000-article base: valid JSON, its context within Claude Code's 10,000 characters.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import process from "node:process";
import { generateKnowledgeBase } from "./generate-knowledge-base";
import { formatTable, print } from "./print";
import { median } from "./stats";

function run(args: string[], env: Record<string, string>): { seconds: number; stdout: string } {
  const t = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { stdio: ["ignore", "pipe", "ignore"], env: { ...process.env, ...env }, encoding: "utf8" });
  return { seconds: Number(process.hrtime.bigint() - t) / 1e9, stdout: r.stdout };
}

/** Prints the prime hook's whole-process time beside the floor and the CLI's start-up, and checks it on a large base. */
export function benchPrimeHook(runs = 9): void {
  const cli = join(process.cwd(), "dist", "kc.cjs");
  const demo = join(process.cwd(), "examples", "demo-vault");
  const cache = mkdtempSync(join(tmpdir(), "kc-prime-bench-cache-"));
  const warm = { KC_CACHE_DIR: cache };
  const prime = [cli, "prime", demo, "--hook", "--question", "How should uploads retry?"];
  const cases: [string, string[], Record<string, string>][] = [
    ["node -e 0 (floor)", ["-e", "0"], {}],
    ["kc --help (CLI start-up)", [cli, "--help"], {}],
    ["kc prime --hook, demo vault, index cached", prime, warm],
    ["kc prime --hook, demo vault, no cache", prime, { KC_CACHE: "off" }],
  ];
  run(prime, warm);
  const times = cases.map(() => [] as number[]);
  for (let i = 0; i < runs; i++) cases.forEach(([, args, env], j) => times[j]!.push(run(args, env).seconds));
  const floor = median(times[0]!);
  print("\n## Prime hook: whole process (a SessionStart hook runs it at every session start)\n");
  const rows = cases.map(([name], j) => ({
    command: name,
    median: `${(median(times[j]!) * 1000).toFixed(0)} ms`,
    min: `${(Math.min(...times[j]!) * 1000).toFixed(0)} ms`,
    "× floor": (median(times[j]!) / floor).toFixed(1),
  }));
  for (const line of formatTable(rows)) print(line);

  const kb = generateKnowledgeBase(2000, 7, 3);
  const root = mkdtempSync(join(tmpdir(), "kc-prime-bench-kb-"));
  try {
    for (const [path, text] of kb.files) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    // kc reads a note changed in the last two seconds again at every run (its change time cannot be set back): the
    // runs start once the base is older than that, as a base someone works in is.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2_100);
    print("\n2,000-article generated base, kc prime --hook:\n");
    const big: Record<string, string>[] = [];
    for (const [label, env] of [
      ["cache cold", warm],
      ["cache warm", warm],
      ["no cache", { KC_CACHE: "off" }],
    ] as const) {
      const r = run([cli, "prime", root, "--hook", "--question", kb.questions[0]!.question], env);
      let context = "";
      try {
        context = (JSON.parse(r.stdout) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput.additionalContext;
      } catch {
        context = "(not valid JSON)";
      }
      big.push({
        run: label,
        time: `${(r.seconds * 1000).toFixed(0)} ms`,
        "additionalContext chars": String(context.length),
        "≤ 10,000": context.length <= 10_000 && context.startsWith("# Knowledge base context") ? "yes" : "NO",
      });
    }
    for (const line of formatTable(big)) print(line);
  } finally {
    rmSync(root, { recursive: true, force: true });
    rmSync(cache, { recursive: true, force: true });
  }
}
