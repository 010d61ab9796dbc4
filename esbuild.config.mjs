// Bundles the plugin (main.js, CommonJS, for Obsidian), the CLI (dist/kc.cjs and its bundles, for Node; a copy goes
// into the Claude Code plugin, claude-plugin/dist) and, on demand, the benchmarks (dist/bench.mjs).
import esbuild from "esbuild";
import { pluginBuildOptions } from "./scripts/plugin-build-options.mjs";
import { cpSync, rmSync } from "node:fs";
import { buildCli as buildCliInto } from "./scripts/build-cli.mjs";

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

/** The CLI (scripts/build-cli.mjs), and the same files inside the Claude Code plugin. */
async function buildCli() {
  await buildCliInto({ outdir: "dist" });
  // The Claude Code plugin (claude-plugin/) runs the CLI it ships, never a registry name: the same files, inside it.
  rmSync("claude-plugin/dist", { recursive: true, force: true });
  for (const file of ["kc.cjs", "cli.mjs"]) cpSync(`dist/${file}`, `claude-plugin/dist/${file}`);
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
