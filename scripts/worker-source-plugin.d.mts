import type { Plugin } from "esbuild";
/** The esbuild plugin that serves the graph layout worker's bundle as the string module "kc:graph-layout-worker". */
export declare const workerSource: Plugin;
