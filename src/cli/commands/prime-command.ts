import { basename } from "node:path";
import { primeSession } from "../../core/workflows/prime-workflow";
import { nodeReadHost } from "../../node/node-read-host";
import { EXIT, usage, type NodeIo } from "../../node/node-io";
import { loadVault, missingFolderProblem, printVaultWarnings } from "../../node/load-vault";
import { flagString, type ParsedArgs } from "../parse-args";
import { resolveScope, scopeChoiceFlag } from "../../node/vault-scope";
import { warmRouterIndex } from "../../node/router-index-cache";
import type { Command } from "../run-cli";

/** Help text of `kc prime`. */
export const PRIME_HELP = `kc prime <vault> [--question "…"] [--cwd <dir>] [--max-chars N] [--hook] [--knowledge <folder>]
         [--scope knowledge|vault|auto]

Prints a bounded context for a new Claude Code session: the knowledge base's most relevant articles for the
question (routed as Ask routes it), or for the project the session runs in (its folder name, git branch and
recent daily-log entries of its sessions) — each article's title, path and TLDR, then the bodies the router
would load, within --max-chars (default 20000; with --hook 9500, and never more than 10000, the most
Claude Code puts into a session from a hook). Never the whole knowledge base. Offline.
--scope vault routes over every note of the vault (headers or not) instead of the knowledge articles, so a vault
without a knowledge folder primes too; with the default scope a missing knowledge folder is exit 2. --scope auto
uses the knowledge articles when the knowledge folder exists, else every note (and says so on stderr).
It keeps the router's index in a private cache ($KC_CACHE_DIR, else $XDG_CACHE_HOME/knowledge-compiler, else
~/.cache/knowledge-compiler; KC_CACHE=off for none), shared with route, ask, graph, headers and the MCP server;
only the notes changed since it was written are read again.
--hook prints the JSON a SessionStart hook expects ({"hookSpecificOutput": {"hookEventName": "SessionStart",
"additionalContext": …}}). \`kc hooks install --vault <vault>\` wires it (and the capture hook and the MCP server) into
Claude Code's settings, calling this package by absolute path; by hand, in .claude/settings.local.json:
  "hooks": { "SessionStart": [{ "hooks": [{ "type": "command", "command": "'/usr/bin/node' '/path/to/knowledge-compiler/dist/kc.cjs' prime '/path/to/vault' --hook" }] }] }`;

/** What a SessionStart hook may inject (Claude Code's cap on `additionalContext`), and prime's default under it. */
const HOOK_MAX_CHARS = 10_000;
const HOOK_DEFAULT_CHARS = 9_500;

/** Runs `kc prime`. */
export async function runPrimeCommand(args: ParsedArgs, io: NodeIo): Promise<number> {
  const dir = args.positionals[1];
  if (!dir) {
    io.err(`Missing the vault folder.\n\n${PRIME_HELP}\n`);
    return EXIT.usage;
  }
  const hook = args.flags.has("hook");
  const asked = Number(flagString(args, "max-chars", String(hook ? HOOK_DEFAULT_CHARS : 20_000)));
  if (!Number.isInteger(asked) || asked < 500) return usage(io, "--max-chars must be a whole number of characters, 500 or more.");
  // Claude Code replaces a hook's context over 10,000 characters with a preview and a file path.
  const maxChars = hook ? Math.min(asked, HOOK_MAX_CHARS) : asked;
  if (maxChars < asked) io.err(`--max-chars ${asked} is more than a hook may inject; ${HOOK_MAX_CHARS} is used.\n`);
  const question = flagString(args, "question");
  const cwd = flagString(args, "cwd", io.env.CLAUDE_PROJECT_DIR ?? io.env.PWD ?? "")!;
  const chosen = scopeChoiceFlag(flagString(args, "scope"));
  if ("error" in chosen) return usage(io, chosen.error);
  const knowledge = flagString(args, "knowledge");
  // Prime runs at every session start: the router's index comes from kc's cache, and only the notes of the scope that
  // changed since are read (daily notes are read on demand, newest first).
  const overrides = knowledge !== undefined ? { knowledgeFolder: knowledge } : {};
  const listed = await loadVault(dir, overrides, undefined, { read: "none" });
  const scoped = resolveScope(chosen.choice, listed);
  if (scoped.why) io.err(`${scoped.why}\n`);
  const missing = scoped.scope === "knowledge" ? missingFolderProblem(listed, "knowledge", "or prime from every note with --scope vault") : null;
  if (missing) {
    printVaultWarnings(listed, io);
    return usage(io, missing);
  }
  const { index } = await warmRouterIndex(listed, scoped.scope, io.env);
  printVaultWarnings(listed, io);
  const context = await primeSession(nodeReadHost(listed, index), {
    maxChars,
    scope: scoped.scope,
    ...(question !== undefined ? { question } : { project: { name: basename(cwd) } }),
  });
  if (hook) io.out(`${JSON.stringify({ hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: context.text } })}\n`);
  else io.out(context.text);
  const noun = scoped.scope === "vault" ? "note" : "article";
  io.err(`${context.loaded.length} ${noun}${context.loaded.length === 1 ? "" : "s"}, ${context.text.length} characters (bound ${maxChars}).\n`);
  return EXIT.ok;
}

/** The command as kc's command tables hold it (main.ts, and the release bundle of this command alone). */
export const command: Command = { help: PRIME_HELP, run: runPrimeCommand };
