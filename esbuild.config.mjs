// Bundles the plugin (main.js, CommonJS, for Obsidian), the CLI (dist/cli.mjs, ESM, for Node)
// and, on demand, the benchmarks (dist/bench.mjs).
import esbuild from "esbuild";
import { builtinModules } from "node:module";

const mode = process.argv[2] ?? "dev";

// The graph layout runs in a Web Worker started from a Blob: its bundle is built first and imported as a string
// through the virtual module "kc:graph-layout-worker".
const workerSource = {
  name: "graph-layout-worker",
  setup(build) {
    build.onResolve({ filter: /^kc:graph-layout-worker$/ }, () => ({ path: "graph-layout-worker", namespace: "kc-worker" }));
    build.onLoad({ filter: /.*/, namespace: "kc-worker" }, async () => {
      const out = await esbuild.build({
        entryPoints: ["src/ui/graph/layout-worker.ts"], bundle: true, format: "iife", target: "es2018", platform: "browser", minify: true, write: false, logLevel: "silent",
      });
      return { contents: `export default ${JSON.stringify(out.outputFiles[0].text)};`, loader: "js" };
    });
  },
};
const production = mode === "production";

const plugin = {
  entryPoints: ["src/main.ts"],
  bundle: true,
  format: "cjs",
  target: "es2022",
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
  logLevel: "info",
};

const nodeEntry = (entry, outfile) => ({
  entryPoints: [entry],
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node20",
  outfile,
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  sourcemap: false,
  logLevel: "info",
});

if (mode === "bench") {
  await esbuild.build(nodeEntry("bench/run-bench.ts", "dist/bench.mjs"));
} else if (mode === "screenshots") {
  await esbuild.build({ ...nodeEntry("scripts/screenshots.ts", "dist/screenshots.mjs"), external: ["esbuild", "playwright-core"] });
} else if (production) {
  await esbuild.build(plugin);
  await esbuild.build(nodeEntry("src/cli/main.ts", "dist/cli.mjs"));
} else {
  const ctx = await esbuild.context(plugin);
  await ctx.watch();
}
