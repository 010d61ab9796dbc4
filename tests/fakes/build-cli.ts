import { buildCli } from "../../scripts/build-cli.mjs";

/**
 * Builds the CLI as the release does (scripts/build-cli.mjs: the kc.cjs launcher and a bundle per command) into `dir`,
 * unminified, and returns the path of its kc.cjs, for tests that run `kc` as a child process.
 */
export function buildCliInto(dir: string): Promise<string> {
  return buildCli({ outdir: dir, minify: false, logLevel: "silent" });
}
