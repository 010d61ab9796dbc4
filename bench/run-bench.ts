// `npm run bench`: every benchmark, printed as markdown tables of medians and side-by-side ratios.
import { join } from "node:path";
import { benchCompilePrompt } from "./compile-bench";
import { benchGraph } from "./graph-bench";
import { benchLint } from "./lint-bench";
import { benchPluginStartup, startupChild } from "./plugin-startup-bench";
import { benchPrimeHook } from "./prime-bench";
import { benchWarmStart, warmStartChild } from "./warm-start-bench";
import { benchProcessLint } from "./process-bench";
import { benchAnchorPairs, benchFieldWeights, benchQuestionSets, benchRouteTokens } from "./route-bench";
import { benchHeaderRecall } from "./header-recall-bench";
import process from "node:process";
import { print } from "./print";

const DATA = process.env.KC_RESEARCH_DATA ?? join(process.cwd(), "..", "shared", "research-data");

// KC_BENCH=questions,compile runs only the named parts (lint, process, anchors, weights, questions, headers, tokens, compile, graph, startup, warm, prime).
// process: whole-process ratios (lint vs byte floor, warm route vs cache check, headers vs lint; KC_PROCESS_RUNS, KC_HEADERS_RUNS).
// warm: KC_WARM_ROUNDS, KC_VERBOSE (when each start's longest task ended), KC_WARM_TRACE_GC, KC_WARM_PROFILE=<folder>.
const only = process.env.KC_BENCH?.split(",").map((s) => s.trim());
const want = (name: string): boolean => !only || only.includes(name);

// One start of the warm-start benchmark, in a process of its own (warm-start-bench.ts starts it).
if (process.env.KC_BENCH === "warm-child") {
  await warmStartChild();
  process.exit(0);
}
if (process.env.KC_BENCH === "startup-child") {
  await startupChild();
  process.exit(0);
}

print(`# Knowledge Compiler benchmarks (${new Date().toISOString().slice(0, 10)}, node ${process.version})`);
if (want("lint")) await benchLint(DATA);
if (want("process")) benchProcessLint(DATA);
if (want("anchors")) await benchAnchorPairs(DATA);
if (want("weights")) await benchFieldWeights(DATA);
if (want("questions")) await benchQuestionSets(process.cwd());
if (want("headers")) await benchHeaderRecall(DATA, process.cwd());
if (want("tokens")) benchRouteTokens();
if (want("compile")) await benchCompilePrompt();
if (want("graph")) await benchGraph();
if (want("startup")) await benchPluginStartup();
if (want("warm")) await benchWarmStart();
if (want("prime")) benchPrimeHook();
