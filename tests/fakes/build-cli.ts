import { build } from "esbuild";
import { chmodSync } from "node:fs";
import { join } from "node:path";

/**
 * Builds the CLI as the release does (split: chunks in cli-chunks/ loaded on demand) into `dir`, and returns the path
 * of its cli.mjs, for tests that run `kc` as a child process.
 */
export async function buildCliInto(dir: string): Promise<string> {
  const requireShim = "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);";
  await build({
    entryPoints: { cli: join(import.meta.dirname, "..", "..", "src", "cli", "main.ts") },
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    outdir: dir,
    splitting: true,
    chunkNames: "cli-chunks/[name]-[hash]",
    outExtension: { ".js": ".mjs" },
    banner: { js: `#!/usr/bin/env node\n${requireShim}` },
    logLevel: "silent",
  });
  const cli = join(dir, "cli.mjs");
  chmodSync(cli, 0o755);
  return cli;
}
