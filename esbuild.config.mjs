// Bundles the plugin (main.js, CommonJS, for Obsidian), the CLI (dist/cli.mjs, ESM, for Node; a copy goes into the
// Claude Code plugin, claude-plugin/dist) and, on demand, the benchmarks (dist/bench.mjs).
import esbuild from "esbuild";
import { pluginBuildOptions } from "./scripts/plugin-build-options.mjs";
import { chmodSync, cpSync, rmSync } from "node:fs";

const mode = process.argv[2] ?? "dev";
const production = mode === "production";

const plugin = { ...pluginBuildOptions(production), logLevel: "info" };

// Bundled CommonJS packages call require(); an ES module has none, so each Node bundle makes one.
const requireShim = "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);";

const nodeEntry = (entry, outfile) => ({
  entryPoints: [entry],
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node20",
  outfile,
  banner: { js: requireShim },
  sourcemap: false,
  logLevel: "info",
});

/**
 * The CLI, dist/cli.mjs: minified, with a shebang first so the installed `kc` (npm's bin link) runs it, and executable. Split: modules only some
 * commands import (the Anthropic SDK, half the bundle) are chunks in dist/cli-chunks/ loaded when a command needs them,
 * so `kc lint` compiles less before it starts.
 *
 * It also tells V8 not to inline when it optimizes: a command is one short run, and inlining made the optimizing
 * compiler's background threads spend ~250 ms of CPU on kc lint of 2,721 notes (as much as the command's own thread) for
 * no gain on that thread; without it they spend ~150 ms, and on a busy or 2-core machine the run ends ~15% sooner.
 * (Measured with each thread's schedstat; long runs such as kc route on 2,721 notes lose ~1%.)
 */
/** Points the CLI's imports of "yaml" at scripts/lazy-yaml.cjs (which requires the real package, built apart, at first use): see that file. */
const lazyYaml = {
  name: "lazy-yaml",
  setup(build) {
    build.onResolve({ filter: /^yaml$/ }, () => ({ path: new URL("./scripts/lazy-yaml.cjs", import.meta.url).pathname }));
  },
};

async function buildCli() {
  rmSync("dist/cli-chunks", { recursive: true, force: true });
  const { outfile: _single, ...cli } = nodeEntry("src/cli/main.ts");
  await esbuild.build({
    ...cli,
    entryPoints: { cli: "src/cli/main.ts" },
    outdir: "dist",
    splitting: true,
    chunkNames: "cli-chunks/[name]-[hash]",
    outExtension: { ".js": ".mjs" },
    minify: true,
    plugins: [lazyYaml],
    // In every output file (esbuild has one banner per build); setting the flag again when a chunk loads changes nothing.
    banner: { js: `#!/usr/bin/env node\nimport { setFlagsFromString as __kcV8Flags } from "node:v8"; __kcV8Flags("--no-turbo-inlining");\n${requireShim}` },
  });
  chmodSync("dist/cli.mjs", 0o755);
  // The yaml package, outside the ES module graph: required by scripts/lazy-yaml.cjs only when a command needs it.
  await esbuild.build({
    stdin: { contents: 'module.exports = require("yaml");', resolveDir: import.meta.dirname, loader: "js" },
    bundle: true,
    format: "cjs",
    platform: "node",
    target: "node20",
    outfile: "dist/cli-chunks/yaml.cjs",
    minify: true,
    logLevel: "info",
  });
  // The Claude Code plugin (claude-plugin/) runs the CLI it ships, never a registry name: the same files, inside it.
  rmSync("claude-plugin/dist", { recursive: true, force: true });
  cpSync("dist/cli.mjs", "claude-plugin/dist/cli.mjs");
  cpSync("dist/cli-chunks", "claude-plugin/dist/cli-chunks", { recursive: true });
}

if (mode === "bench") {
  // The plugin start-up benchmark loads the built main.js and the lint benchmark runs dist/cli.mjs, so the bench
  // builds both as a release would.
  await esbuild.build({ ...pluginBuildOptions(true), logLevel: "info" });
  await buildCli();
  await esbuild.build(nodeEntry("bench/run-bench.ts", "dist/bench.mjs"));
} else if (mode === "graph-harness") {
  await esbuild.build({ ...nodeEntry("scripts/graph-harness.ts", "dist/graph-harness.mjs"), external: ["esbuild", "playwright-core"] });
} else if (mode === "view-harness") {
  await esbuild.build({ ...nodeEntry("scripts/view-harness.ts", "dist/view-harness.mjs"), external: ["esbuild", "playwright-core"] });
} else if (production) {
  await esbuild.build(plugin);
  await buildCli();
} else {
  const ctx = await esbuild.context(plugin);
  await ctx.watch();
}
