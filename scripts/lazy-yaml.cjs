// The command line's stand-in for the `yaml` package (esbuild.config.mjs points the CLI's imports of "yaml" here):
// the same names, each read from the real package on first use. The package is a file of its own beside the chunks
// (dist/cli-chunks/yaml.cjs, built apart) that Node's require loads only then: bundled into the chunks, it was read
// and compiled at every start of every command (~15 ms of CPU), and evaluated by none that meets no frontmatter
// beyond the simple fast path (kc prime --hook from its index cache, kc route, kc lint of most vaults).
let real = null;
const yaml = () => {
  if (real !== null) return real;
  // The code below ends up in dist/cli.mjs or in a chunk in dist/cli-chunks/, and require resolves from that file.
  for (const path of ["./yaml.cjs", "./cli-chunks/yaml.cjs"]) {
    try {
      real = require(path);
      return real;
    } catch (e) {
      if (e.code !== "MODULE_NOT_FOUND") throw e;
    }
  }
  throw new Error("kc: its yaml chunk (dist/cli-chunks/yaml.cjs) is missing; reinstall the package.");
};
const names = ["parse", "parseDocument", "isMap", "isSeq", "Document", "YAMLParseError"];
for (const name of names) Object.defineProperty(module.exports, name, { enumerable: true, get: () => yaml()[name] });
