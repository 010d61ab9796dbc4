// Builds kc's command line into a folder (dist/ for a release; a temporary folder for the tests that run it):
//
//   kc.cjs              the entry (the package's bin): picks a command's bundle and runs it from V8's code cache
//   cli.mjs             the same entry for paths written before kc.cjs existed (hooks, scripts): loads kc.cjs
//   cli-chunks/<command>-<hash>.cjs   one bundle per command, holding everything that command runs (the commands
//                                     that call a model share one, model-<hash>.cjs)
//   cli-chunks/kc-<hash>.cjs          help, --version and unknown commands
//   cli-chunks/yaml.cjs, anthropic-sdk.cjs   packages some commands need, loaded by require when first used
//
// CommonJS throughout: Node 20 keeps no compiled code for ES modules and spends ~15 ms starting its ES module loader.
// One bundle per command rather than shared chunks: a command compiles and caches only its own code (a bundle of every
// command's code, even with each command's part loaded late, made `kc lint` no faster than the ES modules had).
import esbuild from "esbuild";
import { chmodSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";

const root = join(import.meta.dirname, "..");
const cliSrc = join(root, "src", "cli");

/** The commands: one per src/cli/commands/<name>-command.ts, each exporting `command` (its help and run). */
export function commandNames() {
  return readdirSync(join(cliSrc, "commands"))
    .filter((f) => f.endsWith("-command.ts"))
    .map((f) => f.slice(0, -"-command.ts".length))
    .sort();
}

/**
 * Commands that share one bundle: those that call a model. Their start-up hides behind the model's seconds, and one
 * bundle of their common code is ~0.75 MB less of the package than seven copies of it.
 */
const GROUPS = { model: ["ask", "compile", "contradictions", "drift", "eval-route", "revalidate", "undo"] };

/** Each bundle by name (a command's, or a group's) with the commands it holds. */
function bundles(names) {
  const grouped = new Set(Object.values(GROUPS).flat());
  const out = { ...GROUPS };
  for (const n of names) if (!grouped.has(n)) out[n] = [n];
  return out;
}

/** Each bundle's entry, made here: the CLI with a table of its commands (none, for the main bundle). */
function entries(table) {
  return {
    name: "kc-entries",
    setup(build) {
      build.onResolve({ filter: /^kc-entry:/ }, (a) => ({ path: a.path.slice("kc-entry:".length) || "(main)", namespace: "kc-entry" }));
      build.onLoad({ filter: /.*/, namespace: "kc-entry" }, (a) => {
        const held = a.path === "(main)" ? [] : table[a.path];
        const imports = held.map((c, i) => `import { command as c${i} } from "./commands/${c}-command";\n`).join("");
        const rows = held.map((c, i) => `${JSON.stringify(c)}: async () => c${i}`).join(", ");
        return { contents: `import { startCli } from "./run-cli";\n${imports}startCli({ ${rows} });\n`, resolveDir: cliSrc, loader: "ts" };
      });
    },
  };
}

/**
 * Packages kept out of the bundles, each a file of its own beside them: the yaml package behind a lazy stand-in (see
 * scripts/lazy-yaml.cjs) and the Anthropic SDK, required where a model is called.
 */
const shared = {
  name: "kc-shared",
  setup(build) {
    build.onResolve({ filter: /^yaml$/ }, () => ({ path: join(root, "scripts", "lazy-yaml.cjs") }));
    build.onResolve({ filter: /^@anthropic-ai\/sdk$/ }, () => ({ path: "./anthropic-sdk.cjs", external: true }));
  },
};

/** A package as one CommonJS file. */
async function packageFile(name, outfile, logLevel) {
  await esbuild.build({
    stdin: { contents: `module.exports = require(${JSON.stringify(name)});`, resolveDir: root, loader: "js" },
    bundle: true,
    format: "cjs",
    platform: "node",
    target: "node20",
    outfile,
    minify: true,
    logLevel,
  });
}

/** Builds the CLI into `outdir` and returns the path of its entry, kc.cjs. */
export async function buildCli({ outdir = "dist", minify = true, logLevel = "info" } = {}) {
  const chunks = join(outdir, "cli-chunks");
  rmSync(chunks, { recursive: true, force: true });
  const table = bundles(commandNames());
  const result = await esbuild.build({
    entryPoints: Object.fromEntries([["kc", "kc-entry:"], ...Object.keys(table).map((n) => [n, `kc-entry:${n}`])]),
    bundle: true,
    format: "cjs",
    platform: "node",
    target: "node20",
    outdir: chunks,
    entryNames: "[name]-[hash]",
    outExtension: { ".js": ".cjs" },
    // KC_PROFILE=1 keeps names readable for a CPU profile.
    minify: minify && !process.env.KC_PROFILE,
    metafile: true,
    // import() of a package or built-in becomes require: a bundle runs in vm.Script, where import() has no loader.
    supported: { "dynamic-import": false },
    plugins: [entries(table), shared],
    // Code that finds its own file (hooks-command.ts) reads import.meta.url, which CommonJS has not.
    define: { "import.meta.url": "__kcModuleUrl" },
    banner: { js: 'var __kcModuleUrl = require("node:url").pathToFileURL(__filename).href;' },
    logLevel,
  });
  const commands = {};
  let main = "";
  for (const [out, meta] of Object.entries(result.metafile.outputs)) {
    if (!meta.entryPoint) continue;
    const name = meta.entryPoint.slice("kc-entry:".length);
    if (name === "(main)") main = basename(out);
    else for (const c of table[name]) commands[c] = basename(out);
  }
  await esbuild.build({
    entryPoints: [join(cliSrc, "launch.ts")],
    bundle: true,
    format: "cjs",
    platform: "node",
    target: "node20",
    outfile: join(outdir, "kc.cjs"),
    minify,
    define: { KC_BUNDLES: JSON.stringify({ main, commands }) },
    banner: { js: "#!/usr/bin/env node" },
    logLevel,
  });
  writeFileSync(
    join(outdir, "cli.mjs"),
    '#!/usr/bin/env node\n// kc\'s entry is kc.cjs; this path stays for hooks and scripts written before it (an ES module: slower to start).\nimport { createRequire } from "node:module";\ncreateRequire(import.meta.url)("./kc.cjs");\n',
  );
  chmodSync(join(outdir, "kc.cjs"), 0o755);
  chmodSync(join(outdir, "cli.mjs"), 0o755);
  await packageFile("yaml", join(chunks, "yaml.cjs"), logLevel);
  await packageFile("@anthropic-ai/sdk", join(chunks, "anthropic-sdk.cjs"), logLevel);
  return join(outdir, "kc.cjs");
}
