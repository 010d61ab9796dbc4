// The plugin bundle's esbuild options (main.js), shared by esbuild.config.mjs and the test that checks main.js parses
// on the oldest iOS Obsidian supports.
import { builtinModules } from "node:module";
import { workerSource } from "./worker-source-plugin.mjs";

/** esbuild options for main.js (CommonJS for Obsidian, externals Obsidian provides, the layout worker inlined). */
export function pluginBuildOptions(production) {
  return {
    entryPoints: ["src/main.ts"],
    bundle: true,
    format: "cjs",
    // Obsidian's mobile app runs on iOS 15 and later: syntax newer than Safari 15 is lowered, and a regular-expression
    // literal Safari 15 cannot parse (lookbehind, in the SDK) becomes a RegExp call, so main.js always parses.
    target: ["es2021", "safari15"],
    platform: "browser",
    outfile: "main.js",
    external: [
      "obsidian",
      "electron",
      "@codemirror/autocomplete",
      "@codemirror/collab",
      "@codemirror/commands",
      "@codemirror/language",
      "@codemirror/lint",
      "@codemirror/search",
      "@codemirror/state",
      "@codemirror/view",
      "@lezer/common",
      "@lezer/highlight",
      "@lezer/lr",
      ...builtinModules,
      ...builtinModules.map((m) => `node:${m}`),
    ],
    sourcemap: production ? false : "inline",
    minify: production,
    treeShaking: true,
    plugins: [workerSource],
  };
}
