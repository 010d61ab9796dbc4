// The Node global object, where the benchmarks install what the built plugin expects of a browser (window, document,
// Obsidian's DOM helpers). The benchmarks run in Node, which has no `window` to write them on.
import { runInThisContext } from "node:vm";

/** The global object of this Node process, as a bag of named values. */
export const nodeGlobal = runInThisContext("this") as Record<string, unknown>;
