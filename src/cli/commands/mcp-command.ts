import { EXIT, usage, type NodeIo } from "../../node/node-io";
import { resolveScope, scopeChoiceFlag } from "../../node/vault-scope";
import { CONFIG_DIR } from "../../node/config-dir";
import { loadVault, PLUGIN_ID } from "../../node/load-vault";
import { SPEND_LEDGER_FILE } from "../../core/spend/spend-ledger";
import { flagString, type ParsedArgs } from "../parse-args";
import process from "node:process";
import type { Command } from "../run-cli";

/** Help text of `kc mcp`. */
export const MCP_HELP = `kc mcp <vault> [--scope knowledge|vault|auto] [--knowledge <folder>]

Runs an MCP server on stdin/stdout (for Claude Code and other MCP clients) that answers from the knowledge base.
It changes no note; only ask writes: one line per model call in the spend ledger in the vault's plugin folder
(${CONFIG_DIR}/plugins/${PLUGIN_ID}/${SPEND_LEDGER_FILE}), as every model call of kc and the plugin does.
Tools: route (the articles a question would load, with title, path, TLDR and why; no network),
read_article (one article by path or title; never a file outside the knowledge folder, a hidden or a config file),
ask (a routed, cited answer with tokens and cost; needs ANTHROPIC_API_KEY or ANTHROPIC_BASE_URL in the server's
environment), lint_summary (counts and top findings) and recent_sessions (what capture recorded for the project).
Every result is bounded (max_chars). \`kc hooks install\` adds it to Claude Code's MCP servers; by hand, in the
project's .mcp.json (the paths are where node and this package are installed):
  { "mcpServers": { "knowledge-compiler": { "command": "/usr/bin/node", "args": ["/path/to/knowledge-compiler/dist/kc.cjs", "mcp", "/path/to/vault"] } } }

  --scope knowledge|vault|auto
                            route and read the knowledge articles (default) or every note of the vault; auto: the
                            articles when the knowledge folder exists when the server starts, else every note
  --knowledge <folder>      the knowledge folder (default: the plugin's setting, else "knowledge")`;

/** Runs `kc mcp`: checks its flags, then loads the server (and the MCP SDK) only now, so other commands never load it. */
export async function runMcpCommand(args: ParsedArgs, io: NodeIo): Promise<number> {
  const vault = args.positionals[1];
  if (!vault) {
    io.err(`Missing the vault folder.\n\n${MCP_HELP}\n`);
    return EXIT.usage;
  }
  const chosen = scopeChoiceFlag(flagString(args, "scope"));
  if ("error" in chosen) return usage(io, chosen.error);
  const knowledge = flagString(args, "knowledge");
  const overrides = knowledge !== undefined ? { knowledgeFolder: knowledge } : {};
  // auto is decided once, from a listing: a vault that cannot be listed is the tools' error to explain (the server stays up).
  const scope =
    chosen.choice === "auto"
      ? await loadVault(vault, overrides, undefined, { read: "none" }).then(
          (listed) => {
            const resolved = resolveScope("auto", listed);
            if (resolved.why) io.err(`kc mcp: ${resolved.why}\n`);
            return resolved.scope;
          },
          () => "knowledge" as const,
        )
      : chosen.choice;
  const { runMcpServer } = await import("../../mcp/mcp-server");
  await runMcpServer(
    { vault, scope, projectDir: io.env.CLAUDE_PROJECT_DIR || process.cwd(), ...(knowledge !== undefined ? { knowledgeFolder: knowledge } : {}) },
    io,
  );
  return EXIT.ok;
}

/** The command as kc's command tables hold it (main.ts, and the release bundle of this command alone). */
export const command: Command = { help: MCP_HELP, run: runMcpCommand };
