// kc's entry (dist/kc.cjs, the package's bin): picks the bundle that holds the command a command line names and runs
// it from V8's code cache (node/code-cache.ts). CommonJS, not an ES module: Node 20's ES module loader costs ~15 ms of
// start-up before the first line of a command runs, and compiles with no cache.
import { setFlagsFromString } from "node:v8";
import { join } from "node:path";
import process from "node:process";
import { setTimeout } from "node:timers";
import { runBundle } from "../node/code-cache";
import { readCommandLine } from "./command-line";

/* global __dirname -- this file is bundled as CommonJS (dist/kc.cjs): its own folder, links resolved, as Node loaded it. */

/** Written by the build (scripts/build-cli.mjs): each command's bundle in cli-chunks/, and the one for everything else. */
declare const KC_BUNDLES: { readonly main: string; readonly commands: Readonly<Record<string, string>> };

// No inlining when V8 optimizes: a command is one short run, and inlining made the optimizing compiler's background
// threads spend ~250 ms of CPU on `kc lint` of 2,721 notes for no gain on the command's own thread. Set before any
// bundle is compiled, so the code cache is made and read under the same flags.
setFlagsFromString("--no-turbo-inlining");

/** How long a command runs before its code cache is saved without waiting for its exit. */
const LONG_RUN_MS = 5_000;

const { name, topic, wantsHelp } = readCommandLine(process.argv.slice(2));
const known = topic !== undefined && Object.hasOwn(KC_BUNDLES.commands, topic);
const file = known ? KC_BUNDLES.commands[topic]! : KC_BUNDLES.main;
const bundle = join(__dirname, "cli-chunks", file);
// A bundle several commands share (those that call a model) keeps a code cache for each.
const shared = known && Object.values(KC_BUNDLES.commands).filter((f) => f === file).length > 1;
let run: ReturnType<typeof runBundle>;
try {
  run = runBundle(bundle, process.env, shared ? topic : undefined);
} catch (e) {
  // A copy of kc with files missing (a partial copy, a cleaned folder): a sentence, not a stack trace.
  if ((e as { code?: string; path?: string }).code !== "ENOENT" || (e as { path?: string }).path !== bundle) throw e;
  process.stderr.write(`kc: ${bundle} is missing; install the package again.\n`);
  process.exit(2);
}
// Only a command that ran leaves a code cache: help, --version, a mistyped command or a usage error (exit code 2)
// compile too little of it, and a cache V8 takes is never made again.
if (known && name !== "help" && !wantsHelp) {
  let saved = false;
  const save = (): void => {
    if (saved) return;
    saved = true;
    run.save();
  };
  process.once("exit", (code) => {
    if (code === 0 || code === 1) save();
  });
  // A command still running after a few seconds has started (kc mcp, a server Claude Code stops with a signal, never
  // reaches "exit"): its cache is saved then. The timer never keeps a finished command alive.
  setTimeout(save, LONG_RUN_MS).unref();
}
