// Whole-process lint as a person runs it, against the physical floor (the fastest plain read of the same files: a
// tight synchronous loop in its own Node process), side by side, alternating, medians of several runs.
import { spawnSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { median } from "./stats";
import process from "node:process";
import { print } from "./print";

// Paths joined by hand, as kc does (path.join costs more than reading a small note).
const FLOOR = `const { readdirSync, readFileSync } = require("node:fs");
let n = 0;
const skip = new Set([".obsidian", ".trash", ".git", "node_modules"]);
const walk = (d) => { for (const e of readdirSync(d, { withFileTypes: true })) { if (skip.has(e.name)) continue; const p = d + "/" + e.name; if (e.isDirectory()) walk(p); else if (e.name.endsWith(".md")) { readFileSync(p); n++; } } };
walk(process.argv[2]);
process.stdout.write(String(n));`;

// Loaded with --require in separate runs: at exit, the main thread's time on a CPU (Linux's schedstat, in ns). Unlike
// the wall clock it does not count time spent waiting for a CPU that other work on the machine holds.
const CPU_PROBE = `process.on("exit", () => {
  try { require("node:fs").writeSync(2, "\\nKC_MAIN_THREAD_NS " + require("node:fs").readFileSync("/proc/thread-self/schedstat", "utf8").split(" ")[0] + "\\n"); } catch {}
});`;

function seconds(cmd: string, args: string[]): number {
  const t = process.hrtime.bigint();
  spawnSync(cmd, args, { stdio: ["ignore", "ignore", "ignore"] });
  return Number(process.hrtime.bigint() - t) / 1e9;
}

/** The main thread's CPU seconds of a Node process (NaN where the system does not say). */
function mainThreadSeconds(probe: string, args: string[]): number {
  const r = spawnSync("node", ["--require", probe, ...args], { stdio: ["ignore", "ignore", "pipe"], encoding: "utf8" });
  const m = /KC_MAIN_THREAD_NS (\d+)/.exec(r.stderr);
  return m ? Number(m[1]) / 1e9 : NaN;
}

/** `kc lint <vault> --scope vault --format json` against reading the same files, for each real vault. */
export function benchProcessLint(dataDir: string, runs = 7): void {
  const cli = join(process.cwd(), "dist", "cli.mjs");
  if (!existsSync(cli)) {
    print("\n(whole-process lint skipped: run `npm run build` first)");
    return;
  }
  const floor = join(tmpdir(), "kc-read-floor.cjs");
  writeFileSync(floor, FLOOR);
  const probe = join(tmpdir(), "kc-cpu-probe.cjs");
  writeFileSync(probe, CPU_PROBE);
  const loadBefore = loadavg()[0]!;
  print("\n## Whole-process `kc lint --scope vault --format json` vs the plain-read floor\n");
  print(`Medians of ${runs} alternating runs, each a fresh Node process (startup included in both). Wall clock as a person`);
  print("waits for it; then, from separate runs, the main thread's CPU time, which other work on the machine does not inflate.\n");
  print("| vault | notes | floor (wall) | kc lint (wall) | ratio | floor (main-thread CPU) | kc lint (main-thread CPU) | ratio |");
  print("|---|---|---|---|---|---|---|---|");
  for (const name of ["vaultofknowledge", "noclocks-vault"]) {
    const vault = join(dataDir, name);
    if (!existsSync(vault)) continue;
    const notes = spawnSync("node", [floor, vault], { encoding: "utf8" }).stdout;
    const lint = [cli, "lint", vault, "--scope", "vault", "--format", "json"];
    const a: number[] = [];
    const b: number[] = [];
    const c: number[] = [];
    const d: number[] = [];
    seconds("node", lint);
    for (let i = 0; i < runs; i++) {
      a.push(seconds("node", [floor, vault]));
      b.push(seconds("node", lint));
      c.push(mainThreadSeconds(probe, [floor, vault]));
      d.push(mainThreadSeconds(probe, lint));
    }
    const [fa, fb, fc, fd] = [median(a), median(b), median(c), median(d)];
    const cpu = Number.isNaN(fc + fd) ? "– | – | –" : `${fc.toFixed(3)} s | ${fd.toFixed(3)} s | ${(fd / fc).toFixed(2)}×`;
    print(`| ${name} | ${notes} | ${fa.toFixed(3)} s | ${fb.toFixed(3)} s | ${(fb / fa).toFixed(2)}× | ${cpu} |`);
  }
  // Other work on the machine slows the heavier process more; the load says how quiet the runs were.
  print(`\nLoad average (1 min) before and after the runs: ${loadBefore.toFixed(2)}, ${loadavg()[0]!.toFixed(2)} on ${availableParallelism()} CPUs.`);
}
