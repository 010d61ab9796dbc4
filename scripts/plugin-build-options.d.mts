import type { BuildOptions } from "esbuild";
/** esbuild options for main.js. */
export declare function pluginBuildOptions(production: boolean): BuildOptions;
