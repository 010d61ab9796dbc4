// The command line's stand-in for the `yaml` package (esbuild.config.mjs points the CLI's imports of "yaml" here):
// the same names, each read from the real package on first use. esbuild bundles the require below as a call made only
// then, so a command that meets no frontmatter beyond the simple fast path (kc prime --hook from its index cache, kc
// --help) never evaluates the yaml package (~20 ms of CPU at every Claude Code session start).
const names = ["parse", "parseDocument", "isMap", "isSeq", "Document", "YAMLParseError"];
for (const name of names) Object.defineProperty(module.exports, name, { enumerable: true, get: () => require("yaml")[name] });
