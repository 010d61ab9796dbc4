// The command line's stand-in for the `yaml` package (scripts/build-cli.mjs points the CLI's imports of "yaml" here):
// the same names, each read from the real package on first use. The package is a file of its own beside the chunks
// (dist/cli-chunks/yaml.cjs, built apart) that Node's require loads only then: bundled into the chunks, it was read
// and compiled at every start of every command (~15 ms of CPU), and evaluated by none that meets no frontmatter
// beyond the simple fast path (kc prime --hook from its index cache, kc route, kc lint of most vaults).
let real = null;
const yaml = () => {
  if (real !== null) return real;
  // The code below ends up in a bundle in dist/cli-chunks/, and require resolves from that file; the
  // package itself last, for this file loaded from the source tree (its test).
  for (const path of ["./yaml.cjs", "./cli-chunks/yaml.cjs", "yaml"]) {
    try {
      real = require(path);
      return real;
    } catch (e) {
      if (e.code !== "MODULE_NOT_FOUND") throw e;
    }
  }
  throw new Error("kc: its yaml chunk (dist/cli-chunks/yaml.cjs) is missing; reinstall the package.");
};
// Every name the package exports (tests/release/lazy-yaml.test.ts holds this list to the installed package): a name
// left out is undefined in the command line only, where the source's tests do not look.
const names = [
  "Alias",
  "CST",
  "Composer",
  "Document",
  "Lexer",
  "LineCounter",
  "Pair",
  "Parser",
  "Scalar",
  "Schema",
  "YAMLError",
  "YAMLMap",
  "YAMLParseError",
  "YAMLSeq",
  "YAMLWarning",
  "isAlias",
  "isCollection",
  "isDocument",
  "isMap",
  "isNode",
  "isPair",
  "isScalar",
  "isSeq",
  "parse",
  "parseAllDocuments",
  "parseDocument",
  "stringify",
  "visit",
  "visitAsync",
];
for (const name of names) Object.defineProperty(module.exports, name, { enumerable: true, get: () => yaml()[name] });
