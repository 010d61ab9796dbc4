import { EXIT, usage, type NodeIo } from "../../node/node-io";
import { flagString, type ParsedArgs } from "../parse-args";
import process from "node:process";

/** Help text of `kc mcp`. */
export const MCP_HELP = `kc mcp <vault> [--scope knowledge|vault] [--knowledge <folder>]

Runs an MCP server on stdin/stdout (for Claude Code and other MCP clients) that answers from the knowledge base,
read-only. Tools: route (the articles a question would load, with title, path, TLDR and why; no network),
read_article (one article by path or title; never a file outside the knowledge folder, a hidden or a config file),
ask (a routed, cited answer with tokens and cost; needs ANTHROPIC_API_KEY or ANTHROPIC_BASE_URL in the server's
environment), lint_summary (counts and top findings) and recent_sessions (what capture recorded for the project).
Every result is bounded (max_chars). \`kc hooks install\` adds it to Claude Code's MCP servers; by hand, in the
project's .mcp.json (the paths are where node and this package are installed):
  { "mcpServers": { "knowledge-compiler": { "command": "/usr/bin/node", "args": ["/path/to/knowledge-compiler/dist/cli.mjs", "mcp", "/path/to/vault"] } } }

  --scope knowledge|vault   route and read the knowledge articles (default) or every note of the vault
  --knowledge <folder>      the knowledge folder (default: the plugin's setting, else "knowledge")`;

/** Runs `kc mcp`: checks its flags, then loads the server (and the MCP SDK) only now, so other commands never load it. */
export async function runMcpCommand(args: ParsedArgs, io: NodeIo): Promise<number> {
  const vault = args.positionals[1];
  if (!vault) {
    io.err(`Missing the vault folder.\n\n${MCP_HELP}\n`);
    return EXIT.usage;
  }
  const scope = flagString(args, "scope", "knowledge");
  if (scope !== "knowledge" && scope !== "vault") return usage(io, `--scope must be knowledge or vault, not "${scope}".`);
  const knowledge = flagString(args, "knowledge");
  const { runMcpServer } = await import("../../mcp/mcp-server");
  await runMcpServer(
    { vault, scope, projectDir: io.env.CLAUDE_PROJECT_DIR || process.cwd(), ...(knowledge !== undefined ? { knowledgeFolder: knowledge } : {}) },
    io,
  );
  return EXIT.ok;
}
