// `npm run bench`: every benchmark, printed as markdown tables of medians and side-by-side ratios.
import { join } from "node:path";
import { benchCompilePrompt } from "./compile-bench";
import { benchLint } from "./lint-bench";
import { benchAnchorPairs, benchFieldWeights, benchQuestionSets, benchRouteTokens } from "./route-bench";

const DATA = process.env.KC_RESEARCH_DATA ?? join(process.cwd(), "..", "shared", "research-data");

console.log(`# Knowledge Compiler benchmarks (${new Date().toISOString().slice(0, 10)}, node ${process.version})`);
await benchLint(DATA);
await benchAnchorPairs(DATA);
await benchFieldWeights(DATA);
await benchQuestionSets(process.cwd());
benchRouteTokens();
await benchCompilePrompt();
