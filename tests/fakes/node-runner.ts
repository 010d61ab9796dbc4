import { build } from "esbuild";
import { join } from "node:path";

/**
 * Bundles `contents` (TypeScript that may import the repository's sources by absolute path) into `dir`/run.cjs, a
 * script a test runs with Node in a process of its own; its path.
 */
export async function bundleNodeRunner(dir: string, contents: string): Promise<string> {
  const outfile = join(dir, "run.cjs");
  await build({
    stdin: { contents, resolveDir: dir, loader: "ts" },
    bundle: true,
    platform: "node",
    format: "cjs",
    outfile,
    logLevel: "silent",
  });
  return outfile;
}

/** The absolute path of a source file of this repository, for a runner to import. */
export const sourcePath = (...parts: string[]): string => JSON.stringify(join(import.meta.dirname, "..", "..", "src", ...parts));
