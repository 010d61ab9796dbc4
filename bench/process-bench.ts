// Whole-process lint as a person runs it, against the physical floor (the fastest plain read of the same files: a
// tight synchronous loop in its own Node process), side by side, alternating, medians of several runs.
import { spawnSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { median } from "./stats";

// Paths joined by hand, as kc does (path.join costs more than reading a small note).
const FLOOR = `const { readdirSync, readFileSync } = require("node:fs");
let n = 0;
const skip = new Set([".obsidian", ".trash", ".git", "node_modules"]);
const walk = (d) => { for (const e of readdirSync(d, { withFileTypes: true })) { if (skip.has(e.name)) continue; const p = d + "/" + e.name; if (e.isDirectory()) walk(p); else if (e.name.endsWith(".md")) { readFileSync(p); n++; } } };
walk(process.argv[2]);
process.stdout.write(String(n));`;

function seconds(cmd: string, args: string[]): number {
  const t = process.hrtime.bigint();
  spawnSync(cmd, args, { stdio: ["ignore", "ignore", "ignore"] });
  return Number(process.hrtime.bigint() - t) / 1e9;
}

/** `kc lint <vault> --scope vault --format json` against reading the same files, for each real vault. */
export function benchProcessLint(dataDir: string, runs = 7): void {
  const cli = join(process.cwd(), "dist", "cli.mjs");
  if (!existsSync(cli)) {
    console.log("\n(whole-process lint skipped: run `npm run build` first)");
    return;
  }
  const floor = join(tmpdir(), "kc-read-floor.cjs");
  writeFileSync(floor, FLOOR);
  console.log("\n## Whole-process `kc lint --scope vault --format json` vs the plain-read floor\n");
  console.log(`Medians of ${runs} alternating runs, each a fresh Node process (startup included in both).\n`);
  console.log("| vault | notes | plain read (floor) | kc lint | ratio |");
  console.log("|---|---|---|---|---|");
  for (const name of ["vaultofknowledge", "noclocks-vault"]) {
    const vault = join(dataDir, name);
    if (!existsSync(vault)) continue;
    const notes = spawnSync("node", [floor, vault], { encoding: "utf8" }).stdout;
    const a: number[] = [];
    const b: number[] = [];
    seconds("node", [cli, "lint", vault, "--scope", "vault", "--format", "json"]);
    for (let i = 0; i < runs; i++) {
      a.push(seconds("node", [floor, vault]));
      b.push(seconds("node", [cli, "lint", vault, "--scope", "vault", "--format", "json"]));
    }
    console.log(`| ${name} | ${notes} | ${median(a).toFixed(3)} s | ${median(b).toFixed(3)} s | ${(median(b) / median(a)).toFixed(2)}× |`);
  }
  // Other work on the machine slows the heavier process more; the load says how quiet the runs were.
  console.log(`\nLoad average during the runs: ${loadavg().map((x) => x.toFixed(2)).join(", ")} (1, 5, 15 min).`);
}
