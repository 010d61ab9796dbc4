// What the command line takes from Node where the plugin takes it from Obsidian: Node's fetch (not requestUrl),
// Node's timers (not window's), and the process (arguments, streams, environment).
import process from "node:process";
import { clearTimeout, setTimeout } from "node:timers";
import { runInThisContext } from "node:vm";
import type { Timers } from "../llm/anthropic-language-model";

/** Node's fetch: a global of Node 18 and later that no module exports, read from this process's global scope. */
export const nodeFetch = runInThisContext("fetch") as typeof fetch;

/** Node's timers, for model calls' time limits and waits. */
export const nodeTimers: Timers = { setTimeout, clearTimeout };

/** This Node process. */
export { process };
