// Warm start of the router's index (`KC_BENCH=warm`): the built main.js over a generated vault of 10,000 articles,
// started cold (no snapshot), warm (the snapshot the plugin saved, no note changed) and warm with 1% of the articles
// changed while Obsidian was closed, in alternating rounds. Measured from layout-ready: when the index is complete,
// when lint is ready, and the longest main-thread task until each (the start-up benchmark's heartbeat). KC_VERBOSE says
// when each run's longest task ended; KC_WARM_KEEP=<file> keeps a copy of the snapshot; KC_WARM_ROUNDS (default 3);
// KC_WARM_PROFILE=<folder> writes each start's CPU profile there. Each
// start runs in a Node process of its own, as Obsidian starts with a fresh heap.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import process from "node:process";
import { clearInterval } from "node:timers";
import { printChildResult, runInChild } from "./child-run";
import { createStandIn } from "./obsidian-stand-in";
import {
  collectGarbage,
  generateVault,
  heartbeat,
  installDom,
  installWindow,
  loadPlugin,
  sleep,
  type PluginInstance,
  type VaultShape,
} from "./plugin-startup-bench";
import { print } from "./print";
import { median, ms } from "./stats";

const SHAPE: VaultShape = { label: "10,000 articles", articles: 10000, daily: 0, others: 0 };
const PLUGIN_DIR = ".vault-config/plugins/ckp-knowledge-compiler";
const SNAPSHOT = `${PLUGIN_DIR}/router-index.jsonl`;

type Kind = "cold" | "warm" | "warm, 1% changed";
interface Run {
  complete: number;
  /** CPU time the process used from layout-ready until the index was complete (the machine's load left out). */
  cpu: number;
  lint: number;
  /** Longest main-thread task until the index was complete, and its count over 50 ms. */
  longestIndex: number;
  over50Index: number;
  /** The same until lint was ready too (its first pass follows the warm start). */
  longest: number;
  over50: number;
}

type Plugin = PluginInstance & { router: PluginInstance["router"] & { stop(): void }; lint: PluginInstance["lint"] & { stop(): void } };

/** One start: layout-ready to a complete index and lint ready; `keep` waits for the plugin to save its snapshot. */
async function startOnce(root: string, texts: Map<string, string>, mainJs: string, keep: boolean): Promise<Run> {
  const stand = createStandIn(root, texts);
  const PluginClass = loadPlugin(mainJs, stand.obsidian);
  const plugin = new PluginClass(stand.app, { id: "ckp-knowledge-compiler", dir: PLUGIN_DIR, version: "bench" }) as Plugin;
  const marks: { complete?: number; cpu?: number; lint?: number } = {};
  let t0 = 0;
  let c0 = 0;
  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  const beat = heartbeat(() => {
    if (marks.complete === undefined && plugin.router.ready) {
      marks.complete = performance.now() - t0;
      marks.cpu = cpu() - c0;
    }
    if (marks.lint === undefined && plugin.lint.ready) marks.lint = performance.now() - t0;
  });
  await plugin.onload();
  collectGarbage();
  await sleep(20);
  beat.reset();
  t0 = performance.now();
  c0 = cpu();
  stand.fireLayoutReady();
  while (marks.complete === undefined || marks.lint === undefined) await sleep(10);
  await sleep(30);
  const longest = beat.longest();
  const longestIndex = beat.longest(marks.complete + 1);
  if (process.env.KC_VERBOSE)
    print(
      `  (longest task until the index was complete: ${ms(Math.min(longestIndex.wall, longestIndex.cpu))}, ending ${ms(longestIndex.at)} after layout-ready; complete at ${ms(marks.complete)}; until lint was ready: ${ms(Math.min(longest.wall, longest.cpu))}, ending ${ms(longest.at)}; ready at ${ms(marks.lint)}; layout-ready at ${ms(t0)} of the process)`,
    );
  const run = {
    complete: marks.complete,
    cpu: marks.cpu!,
    lint: marks.lint,
    longest: Math.min(longest.wall, longest.cpu),
    over50: beat.over50(),
    longestIndex: Math.min(longestIndex.wall, longestIndex.cpu),
    over50Index: beat.over50(marks.complete + 1),
  };
  beat.stop();
  if (keep) for (let i = 0; i < 600 && !existsSync(join(root, SNAPSHOT)); i++) await sleep(100);
  // The stand-in's register() keeps nothing, so unload's clean-up is done here: no save or slice runs on later.
  plugin.router.stop();
  plugin.lint.stop();
  plugin.onunload?.();
  for (const id of stand.intervals) clearInterval(id as unknown as ReturnType<typeof setInterval>);
  return run;
}

/** The vault's notes as they are on disk (the config folder left out): what a start's stand-in Obsidian reads. */
function readVault(root: string): Map<string, string> {
  const texts = new Map<string, string>();
  const walk = (dir: string, rel: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (rel === "" && e.name.startsWith(".")) continue;
      const path = rel === "" ? e.name : `${rel}/${e.name}`;
      if (e.isDirectory()) walk(join(dir, e.name), path);
      else texts.set(path, readFileSync(join(dir, e.name), "utf8"));
    }
  };
  walk(root, "");
  return texts;
}

/**
 * One start in this process, which a parent started for it (KC_BENCH=warm-child): the vault at KC_WARM_ROOT as it is
 * on disk, its result printed as one JSON line. A start in a process of its own has the heap Obsidian has at start-up,
 * not one that earlier starts' stand-ins left behind (their collections made long tasks of their own).
 */
export async function warmStartChild(): Promise<void> {
  const root = process.env.KC_WARM_ROOT!;
  installWindow();
  installDom();
  const run = await startOnce(root, readVault(root), join(process.cwd(), "main.js"), process.env.KC_WARM_SAVE === "1");
  printChildResult(run);
}

/**
 * KC_WARM_TRACE_GC=1: each start prints its collections. KC_WARM_PROFILE=<folder>: each start writes a CPU profile there
 * (with KC_VERBOSE, find what ran in its longest task: the task ended that many ms after layout-ready, itself that many
 * ms into the process).
 */
const traceGc = (): string[] => [
  ...(process.env.KC_WARM_TRACE_GC ? ["--trace-gc"] : []),
  ...(process.env.KC_WARM_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${process.env.KC_WARM_PROFILE}`, "--cpu-prof-interval=250"] : []),
];

/** Runs the three kinds of start in alternating rounds, each in a process of its own, and prints their medians. */
export async function benchWarmStart(): Promise<void> {
  print("\n## Warm start of the router's index (built main.js, stand-in Obsidian API, 10,000 generated articles)\n");
  const mainJs = join(process.cwd(), "main.js");
  if (!existsSync(mainJs)) {
    print("main.js is missing: run `npm run build` (npm run bench builds it).");
    return;
  }
  const rounds = Number(process.env.KC_WARM_ROUNDS ?? 3);
  const { texts } = generateVault(SHAPE);
  const root = mkdtempSync(join(tmpdir(), "kc-warm-"));
  const runs = new Map<Kind, Run[]>([
    ["cold", []],
    ["warm", []],
    ["warm, 1% changed", []],
  ]);
  let snapshot = "";
  try {
    for (const [p, t] of texts) {
      mkdirSync(dirname(join(root, p)), { recursive: true });
      writeFileSync(join(root, p), t);
    }
    // A first start saves the snapshot every warm run begins from.
    runInChild<Run>("warm-child", { KC_WARM_ROOT: root, KC_WARM_SAVE: "1" }, traceGc());
    snapshot = readFileSync(join(root, SNAPSHOT), "utf8");
    if (process.env.KC_WARM_KEEP) writeFileSync(process.env.KC_WARM_KEEP, snapshot);
    const articles = [...texts.keys()].filter((p) => p.startsWith("knowledge/concepts/"));
    const changed = articles.filter((_, i) => i % 100 === 7);
    for (let r = 0; r < rounds; r++) {
      for (const kind of runs.keys()) {
        rmSync(join(root, SNAPSHOT), { force: true });
        if (kind !== "cold") writeFileSync(join(root, SNAPSHOT), snapshot);
        const saved = new Map<string, Date>();
        if (kind === "warm, 1% changed") {
          for (const p of changed) {
            saved.set(p, statSync(join(root, p)).mtime);
            writeFileSync(join(root, p), `${texts.get(p)!}\nEdited while Obsidian was closed: the queue now retries twice.\n`);
          }
        }
        runs.get(kind)!.push(runInChild<Run>("warm-child", { KC_WARM_ROOT: root, KC_WARM_SAVE: "0" }, traceGc()));
        // Back as the snapshot knows them (same text, same modification time).
        for (const [p, mtime] of saved) {
          writeFileSync(join(root, p), texts.get(p)!);
          utimesSync(join(root, p), mtime, mtime);
        }
      }
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  print(`${(snapshot.length / 1e6).toFixed(1)} MB snapshot; ${rounds} alternating rounds, medians (range).\n`);
  print(
    "| start | index complete | its CPU time | longest task until then | tasks > 50 ms until then | lint ready | longest task until lint ready | tasks > 50 ms |",
  );
  print("|---|---|---|---|---|---|---|---|");
  const range = (xs: number[]) => `${ms(median(xs))} (${ms(Math.min(...xs))}–${ms(Math.max(...xs))})`;
  for (const [kind, rs] of runs) {
    print(
      `| ${kind} | ${range(rs.map((r) => r.complete))} | ${range(rs.map((r) => r.cpu))} | ${range(rs.map((r) => r.longestIndex))} | ${Math.max(...rs.map((r) => r.over50Index))} | ${range(rs.map((r) => r.lint))} | ${range(rs.map((r) => r.longest))} | ${Math.max(...rs.map((r) => r.over50))} |`,
    );
  }
}
