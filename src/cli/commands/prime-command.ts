import { basename } from "node:path";
import { matchDailyNote } from "../../core/knowledge/daily-notes";
import { buildPrimeContext, recentProjectEntries } from "../../core/workflows/prime";
import { EXIT, usage, type CliIo } from "../cli-io";
import { loadVault, printVaultWarnings } from "../load-vault";
import { flagString, type ParsedArgs } from "../parse-args";
import { buildRouterIndex } from "./route-command";

/** Help text of `kc prime`. */
export const PRIME_HELP = `kc prime <vault> [--question "…"] [--cwd <dir>] [--max-chars N] [--hook] [--knowledge <folder>]

Prints a bounded context for a new Claude Code session: the knowledge base's most relevant articles for the
question (routed as Ask routes it), or for the project the session runs in (its folder name, git branch and
recent daily-log entries of its sessions) — each article's title, path and TLDR, then the bodies the router
would load, within --max-chars (default 20000). Never the whole knowledge base. Offline.
--hook prints the JSON a SessionStart hook expects ({"hookSpecificOutput": {"hookEventName": "SessionStart",
"additionalContext": …}}). \`kc hooks install --vault <vault>\` wires it (and the capture hook and the MCP server) into
Claude Code's settings, calling this package by absolute path; by hand, in .claude/settings.json:
  "hooks": { "SessionStart": [{ "hooks": [{ "type": "command", "command": "'/usr/bin/node' '/path/to/knowledge-compiler/dist/cli.mjs' prime '/path/to/vault' --hook" }] }] }`;

/** Runs `kc prime`. */
export async function runPrimeCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  const dir = args.positionals[1];
  if (!dir) {
    io.err(`Missing the vault folder.\n\n${PRIME_HELP}\n`);
    return EXIT.usage;
  }
  const maxChars = Number(flagString(args, "max-chars", "20000"));
  if (!Number.isInteger(maxChars) || maxChars < 500) return usage(io, "--max-chars must be a whole number of characters, 500 or more.");
  const question = flagString(args, "question");
  const cwd = flagString(args, "cwd", io.env.CLAUDE_PROJECT_DIR ?? io.env.PWD ?? "")!;
  const knowledge = flagString(args, "knowledge");
  const vault = await loadVault(dir, knowledge !== undefined ? { knowledgeFolder: knowledge } : {});
  printVaultWarnings(vault, io);
  const { index } = buildRouterIndex(vault, "knowledge");
  const name = basename(cwd);
  const daily = [...vault.texts].flatMap(([p, text]) => {
    const date = matchDailyNote(p, vault.settings);
    return date ? [{ date, text }] : [];
  });
  const context = buildPrimeContext({
    index, resolve: (l, from) => vault.index.resolve(l, from), textOf: (p) => vault.texts.get(p), maxChars,
    ...(question !== undefined ? { question } : { project: { name, recent: recentProjectEntries(daily, name) } }),
  });
  if (args.flags.has("hook")) io.out(`${JSON.stringify({ hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: context.text } })}\n`);
  else io.out(context.text);
  io.err(`${context.loaded.length} article${context.loaded.length === 1 ? "" : "s"}, ${context.text.length} characters (bound ${maxChars}).\n`);
  return EXIT.ok;
}
