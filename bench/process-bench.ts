// Whole processes as a person runs them, each against its floor, side by side in one run: `kc lint` against the
// fastest plain read of the same notes, a warm `kc route` against a warm cache check (walking the vault and stat'ing
// every note), and `kc headers --all-missing` (dry run) against `kc lint`. Alternating runs, medians, each a fresh
// Node process; wall clock and the main thread's CPU time; the goal of each ratio and the machine's load beside them.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { median } from "./stats";
import process from "node:process";
import { print } from "./print";

// Paths joined by hand, as kc does (path.join costs more than reading a small note).
const walker = (each: string) => `const { readdirSync, readFileSync, statSync } = require("node:fs");
let n = 0;
const skip = new Set([".obsidian", ".trash", ".git", "node_modules"]);
const walk = (d) => { for (const e of readdirSync(d, { withFileTypes: true })) { if (skip.has(e.name)) continue; const p = d + "/" + e.name; if (e.isDirectory()) walk(p); else if (e.name.endsWith(".md")) { ${each}; n++; } } };
walk(process.argv[2]);
process.stdout.write(String(n));`;
/** The byte floor: every note read, nothing done with it. */
const READ_FLOOR = walker("readFileSync(p)");
/** The floor of a warm cache check: every note stat'ed, none read. */
const STAT_FLOOR = walker("statSync(p)");

// Loaded with --require in separate runs: at exit, the main thread's time on a CPU (Linux's schedstat, in ns). Unlike
// the wall clock it does not count time spent waiting for a CPU that other work on the machine holds.
const CPU_PROBE = `process.on("exit", () => {
  try { require("node:fs").writeSync(2, "\\nKC_MAIN_THREAD_NS " + require("node:fs").readFileSync("/proc/thread-self/schedstat", "utf8").split(" ")[0] + "\\n"); } catch {}
});`;

type Env = Record<string, string>;

function seconds(args: string[], env: Env): number {
  const t = process.hrtime.bigint();
  spawnSync("node", args, { stdio: ["ignore", "ignore", "ignore"], env: { ...process.env, ...env } });
  return Number(process.hrtime.bigint() - t) / 1e9;
}

/** The main thread's CPU seconds of a Node process (NaN where the system does not say). */
function mainThreadSeconds(probe: string, args: string[], env: Env): number {
  const r = spawnSync("node", ["--require", probe, ...args], { stdio: ["ignore", "ignore", "pipe"], encoding: "utf8", env: { ...process.env, ...env } });
  const m = /KC_MAIN_THREAD_NS (\d+)/.exec(r.stderr);
  return m ? Number(m[1]) / 1e9 : NaN;
}

/** One ratio: a kc command against its floor (another command), on one vault, with the goal it is held to. */
interface Pair {
  measure: string;
  vault: string;
  floor: { label: string; args: string[] };
  kc: { label: string; args: string[] };
  /** The issue's goal for the ratio; none for a measure shown beside it. */
  goal: number | null;
  env: Env;
  runs: number;
}

/** Alternating runs of the pair (one warm-up each first), medians of wall and main-thread CPU seconds. */
function measure(pair: Pair, probe: string): { floor: [number, number]; kc: [number, number] } {
  const out = { floor: [[], []] as number[][], kc: [[], []] as number[][] };
  seconds(pair.floor.args, pair.env);
  seconds(pair.kc.args, pair.env);
  for (let i = 0; i < pair.runs; i++) {
    for (const side of ["floor", "kc"] as const) {
      out[side][0]!.push(seconds(pair[side].args, pair.env));
      out[side][1]!.push(mainThreadSeconds(probe, pair[side].args, pair.env));
    }
  }
  return { floor: [median(out.floor[0]!), median(out.floor[1]!)], kc: [median(out.kc[0]!), median(out.kc[1]!)] };
}

/** Every whole-process ratio of the issue, for each real vault there is. */
export function benchProcessLint(dataDir: string, runs = Number(process.env.KC_PROCESS_RUNS ?? 7)): void {
  const cli = join(process.cwd(), "dist", "kc.cjs");
  if (!existsSync(cli)) {
    print("\n(whole-process benchmarks skipped: run `npm run build` first)");
    return;
  }
  const scratch = mkdtempSync(join(tmpdir(), "kc-process-bench-"));
  const readFloor = join(scratch, "read-floor.cjs");
  const statFloor = join(scratch, "stat-floor.cjs");
  const probe = join(scratch, "cpu-probe.cjs");
  writeFileSync(readFloor, READ_FLOOR);
  writeFileSync(statFloor, STAT_FLOOR);
  writeFileSync(probe, CPU_PROBE);
  // kc's index cache, private to this run, warmed by each pair's warm-up run: route and headers read it as they would
  // on a person's machine after the first run.
  const env = { KC_CACHE_DIR: join(scratch, "cache") };
  const pairs: Pair[] = [];
  for (const name of ["vaultofknowledge", "noclocks-vault"]) {
    const vault = join(dataDir, name);
    if (!existsSync(vault)) continue;
    const lint = { label: "kc lint --scope vault --format json", args: [cli, "lint", vault, "--scope", "vault", "--format", "json"] };
    pairs.push({ measure: "lint vs byte floor", vault: name, floor: { label: "read every note", args: [readFloor, vault] }, kc: lint, goal: 2.5, env, runs });
    if (name !== "vaultofknowledge") continue;
    pairs.push({
      measure: "warm route vs cache-check floor",
      vault: name,
      floor: { label: "stat every note", args: [statFloor, vault] },
      kc: { label: 'kc route --scope vault "…" (index cache warm)', args: [cli, "route", vault, "What did the stoics teach about fate?", "--scope", "vault"] },
      goal: 3,
      env,
      runs,
    });
    pairs.push({
      measure: "headers (dry run) vs lint",
      vault: name,
      floor: lint,
      kc: { label: "kc headers --all-missing 100000 --dry-run", args: [cli, "headers", vault, "--all-missing", "100000", "--dry-run"] },
      goal: 5,
      env,
      // As many runs as the others: with 3, a header run's median moved by ±5% between runs of the benchmark.
      runs: Math.min(runs, Number(process.env.KC_HEADERS_RUNS ?? runs)),
    });
    // The same with no cache at all (a first run, or KC_CACHE=off): the router's index built and every note's term
    // counts worked out again. Shown beside the goal's warm run, which reads both from the cache.
    pairs.push({
      measure: "headers (dry run, no cache) vs lint",
      vault: name,
      floor: lint,
      kc: { label: "KC_CACHE=off kc headers --all-missing 100000 --dry-run", args: [cli, "headers", vault, "--all-missing", "100000", "--dry-run"] },
      goal: null,
      env: { KC_CACHE: "off" },
      runs: Math.min(runs, Number(process.env.KC_HEADERS_RUNS ?? runs)),
    });
  }
  const loadBefore = loadavg()[0]!;
  print("\n## Whole processes against their floors\n");
  print("Alternating runs, medians, each a fresh Node process (start-up included on both sides). Wall clock as a person waits");
  print("for it; then, from separate runs, the main thread's CPU time, which other work on the machine does not inflate.\n");
  print(
    "| measure | vault | notes | floor | kc | floor (wall) | kc (wall) | ratio (wall) | floor (main-thread CPU) | kc (main-thread CPU) | ratio (CPU) | goal | runs |",
  );
  print("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
  try {
    for (const pair of pairs) {
      const vault = join(dataDir, pair.vault);
      const notes = spawnSync("node", [readFloor, vault], { encoding: "utf8" }).stdout;
      const m = measure(pair, probe);
      const cpu = Number.isNaN(m.floor[1] + m.kc[1])
        ? "– | – | –"
        : `${m.floor[1].toFixed(3)} s | ${m.kc[1].toFixed(3)} s | ${(m.kc[1] / m.floor[1]).toFixed(2)}×`;
      print(
        `| ${pair.measure} | ${pair.vault} | ${notes} | ${pair.floor.label} | ${pair.kc.label} | ${m.floor[0].toFixed(3)} s | ${m.kc[0].toFixed(3)} s | ${(m.kc[0] / m.floor[0]).toFixed(2)}× | ${cpu} | ${pair.goal === null ? "–" : `≤ ${pair.goal}×`} | ${pair.runs} |`,
      );
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  // Other work on the machine slows the heavier process more; the load says how quiet the runs were.
  print(`\nLoad average (1 min) before and after the runs: ${loadBefore.toFixed(2)}, ${loadavg()[0]!.toFixed(2)} on ${availableParallelism()} CPUs.`);
}
