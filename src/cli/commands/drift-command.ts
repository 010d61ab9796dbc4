import { checkCitations } from "../../core/drift/check-citations";
import { fsCodeRepo, isRepoFolder } from "../../desktop/fs-code-repo";
import { EXIT, usage, type CliIo } from "../cli-io";
import { loadVault, printVaultWarnings } from "../load-vault";
import { flagString, type ParsedArgs } from "../parse-args";
import { buildRouterIndex } from "./route-command";

/** Help text of `kc drift`. */
export const DRIFT_HELP = `kc drift <vault> --repo <dir> [--format text|json] [--knowledge <folder>]

Seed 003's drift check, deterministic and offline: every article that cites code (\`src/path.ts\`,
\`src/path.ts:Symbol\`, \`lib/x.py:Class.method\`, \`crate/src/a.rs:Type::method\` in backticks or as link
targets) is checked against the repository folder: the file must exist (cited-file-missing) and a cited
symbol must still be defined in it (cited-symbol-missing; a light definition scan for TypeScript/JavaScript,
Python, Go and Rust). Exit 1 when a citation no longer holds.`;

/** Runs `kc drift`. */
export async function runDriftCommand(args: ParsedArgs, io: CliIo): Promise<number> {
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
  const { index } = buildRouterIndex(vault, "knowledge");
  const repo = fsCodeRepo(repoDir);
  const findings = [...index.all()].flatMap((doc) => checkCitations(vault.texts.get(doc.path) ?? "", repo).map((f) => ({ path: doc.path, ...f })));
  if (format === "json") io.out(`${JSON.stringify({ findings }, null, 2)}\n`);
  else {
    for (const f of findings) io.out(`${f.path}:${f.line + 1}:${f.col + 1}  ${f.check}  ${f.message}\n`);
    io.err(`${findings.length} citation${findings.length === 1 ? "" : "s"} no longer hold${findings.length === 1 ? "s" : ""}.\n`);
  }
  return findings.length > 0 ? EXIT.findings : EXIT.ok;
}
