// Bundles the plugin (main.js, CommonJS, for Obsidian), the CLI (dist/cli.mjs, ESM, for Node)
// and, on demand, the benchmarks (dist/bench.mjs).
import esbuild from "esbuild";
import { pluginBuildOptions } from "./scripts/plugin-build-options.mjs";
import { chmodSync } from "node:fs";

const mode = process.argv[2] ?? "dev";
const production = mode === "production";

const plugin = { ...pluginBuildOptions(production), logLevel: "info" };

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
  // The plugin start-up benchmark loads the built main.js, so the bench builds it as a release would.
  await esbuild.build({ ...pluginBuildOptions(true), logLevel: "info" });
  await esbuild.build(nodeEntry("bench/run-bench.ts", "dist/bench.mjs"));
} else if (mode === "graph-harness") {
  await esbuild.build({ ...nodeEntry("scripts/graph-harness.ts", "dist/graph-harness.mjs"), external: ["esbuild", "playwright-core"] });
} else if (mode === "screenshots") {
  await esbuild.build({ ...nodeEntry("scripts/screenshots.ts", "dist/screenshots.mjs"), external: ["esbuild", "playwright-core"] });
} else if (production) {
  await esbuild.build(plugin);
  // The CLI: minified (it starts faster), a shebang first so `npx kc` runs it, and executable.
  const cli = nodeEntry("src/cli/main.ts", "dist/cli.mjs");
  await esbuild.build({ ...cli, minify: true, banner: { js: `#!/usr/bin/env node\n${cli.banner.js}` } });
  chmodSync("dist/cli.mjs", 0o755);
} else {
  const ctx = await esbuild.context(plugin);
  await ctx.watch();
}
