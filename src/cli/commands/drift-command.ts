import { checkCitations } from "../../core/drift/check-citations";
import { fsCodeRepo, isRepoFolder } from "../../desktop/fs-code-repo";
import { EXIT, usage, type NodeIo } from "../../node/node-io";
import { loadVault, missingFolderProblem, printVaultWarnings } from "../../node/load-vault";
import { flagString, type ParsedArgs } from "../parse-args";
import { runDriftModelCheck } from "./drift-model-check";
import { buildRouterIndex } from "../../node/router-index";
import type { Command } from "../run-cli";

/** Help text of `kc drift`. */
export const DRIFT_HELP = `kc drift <vault> --repo <dir> [--format text|json] [--knowledge <folder>]
         [--model-check [--older-than N] [--max-articles N] [--max-tokens N] [--dry-run] [--yes] [--confirm-above <usd>] [--today YYYY-MM-DD] [--model <id>] [--base-url <url>|--server <name>]]

Seed 003's drift check, deterministic and offline: every article that cites code (\`src/path.ts\`,
\`src/path.ts:Symbol\`, \`lib/x.py:Class.method\`, \`crate/src/a.rs:Type::method\` in backticks or as link
targets) is checked against the repository folder: the file must exist (cited-file-missing) and a cited
symbol must still be defined in it (cited-symbol-missing; a light definition scan for TypeScript/JavaScript,
Python, Go and Rust). Exit 1 when a citation no longer holds.

--model-check (optional, uses the model; instead of the check above): for articles last updated more than --older-than days ago (default
90) that cite files still in the repository, asks whether their statements still match the cited source; at most
--max-articles (10) articles and --max-tokens (60000) per run (each default the plugin's saved setting when there is one: the
cited-code check's days and articles, the contradiction check's tokens per run), the estimate shown first (--dry-run lists them
without calling); the total at the model's price is asked about above --confirm-above (default: the plugin's "Ask
before costly compiles", else $0.25), and without a terminal needs --yes; the spending caps hold either way. Statements the model reports are printed as
suggestions for review (a quote not on the article's citing lines is dropped); nothing is ever changed.`;

/** Runs `kc drift`. */
export async function runDriftCommand(args: ParsedArgs, io: NodeIo): Promise<number> {
  const dir = args.positionals[1];
  const repoDir = flagString(args, "repo");
  if (!dir || !repoDir) {
    io.err(`Missing the vault folder or --repo <dir>.\n\n${DRIFT_HELP}\n`);
    return EXIT.usage;
  }
  if (!isRepoFolder(repoDir)) return usage(io, `--repo ${repoDir} is not a folder.`);
  const format = flagString(args, "format", "text");
  if (format !== "text" && format !== "json") return usage(io, `--format must be text or json, not "${format}".`);
  const knowledge = flagString(args, "knowledge");
  const vault = await loadVault(dir, knowledge !== undefined ? { knowledgeFolder: knowledge } : {});
  printVaultWarnings(vault, io);
  const missing = missingFolderProblem(vault, "knowledge");
  if (missing) return usage(io, missing);
  const { index } = buildRouterIndex(vault, "knowledge");
  const repo = fsCodeRepo(repoDir);
  if (args.flags.has("model-check")) return runDriftModelCheck(args, io, vault, index, repo);
  // Lines and columns count from 1, as in the text output and `kc lint --format json`.
  const findings = [...index.all()].flatMap((doc) =>
    checkCitations(vault.texts.get(doc.path) ?? "", repo).map((f) => ({ path: doc.path, ...f, line: f.line + 1, col: f.col + 1 })),
  );
  if (format === "json") io.out(`${JSON.stringify({ findings }, null, 2)}\n`);
  else {
    for (const f of findings) io.out(`${f.path}:${f.line}:${f.col}  ${f.check}  ${f.message}\n`);
    io.err(`${findings.length} citation${findings.length === 1 ? "" : "s"} no longer hold${findings.length === 1 ? "s" : ""}.\n`);
  }
  return findings.length > 0 ? EXIT.findings : EXIT.ok;
}

/** The command as kc's command tables hold it (main.ts, and the release bundle of this command alone). */
export const command: Command = { help: DRIFT_HELP, run: runDriftCommand };
