import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { basename } from "node:path";
import { z } from "zod";
import manifest from "../../manifest.json";
import { scrubSecrets } from "../core/util/scrub-secrets";
import { stripControls } from "../core/util/strip-controls";
import { describeError } from "../core/workflows/commit-writes";
import { FsTranscriptSource } from "../desktop/fs-transcript-source";
import type { NodeIo } from "../node/node-io";
import { droppedRequestId, LineLimitStream } from "./line-limit-stream";
import { CONFIG_DIR } from "../node/config-dir";
import { PLUGIN_ID } from "../node/load-vault";
import { SPEND_LEDGER_FILE } from "../core/spend/spend-ledger";
import { McpToolError, openMcpVault, type McpScope, type McpVaultView } from "./mcp-vault";
import { askTool, boundText, lintSummaryTool, readArticleTool, recentSessionsTool, routeTool } from "./mcp-tools";
import process from "node:process";

/** How `kc mcp` was started. */
export interface McpServerOptions {
  vault: string;
  scope: McpScope;
  knowledgeFolder?: string;
  /** The project the session runs in (CLAUDE_PROJECT_DIR, else the server's working folder), for recent_sessions. */
  projectDir: string;
}

const DEFAULT_CHARS = 8000;
const maxChars = z
  .number()
  .int()
  .min(200)
  .max(100_000)
  .optional()
  .describe(`Most characters to return (default ${DEFAULT_CHARS}); longer output is cut with a note saying how to get the rest.`);
const budget = z
  .number()
  .int()
  .min(200)
  .max(50_000)
  .optional()
  .describe("Most tokens of articles to load (default: the Ask budget in the plugin's settings, 6000 unless changed).");
const closest = z.boolean().optional().describe("Use the best matches even when they cover too little of the question to count as covered (default false).");
/** Where ask records its spend, vault-relative: the plugin's own ledger, shared with the plugin and every kc command. */
const LEDGER = `${CONFIG_DIR}/plugins/${PLUGIN_ID}/${SPEND_LEDGER_FILE}`;
const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

/**
 * The MCP server over one vault (stdio): route, read_article, ask, lint_summary and recent_sessions. None changes a
 * note; ask records each model call in the spend ledger in the vault's plugin folder, as every model call of kc does.
 * Each tool's output is bounded by max_chars; an expected failure (no such vault, no key, a path it may not read) is
 * a tool error in words a person can act on, and anything unexpected is one too: the server never stops on a call.
 */
export function buildMcpServer(options: McpServerOptions, io: NodeIo): McpServer {
  const vault = openMcpVault(options.vault, options.scope, io, options.knowledgeFolder);
  const where = options.scope === "knowledge" ? "the knowledge base's articles" : "every note of the vault";
  const server = new McpServer(
    { name: "knowledge-compiler", version: manifest.version },
    {
      instructions: `The person's compiled knowledge base (an Obsidian vault of linked, reviewed articles about their own projects), over ${where}. Before answering a question about how their projects, decisions or conventions work, call route; read the articles it names with read_article and cite them as [[path]]. When route says nothing covers the question, do not cite the knowledge base. No tool changes a note; ask records its spend in the vault's plugin folder.`,
    },
  );
  const run = (name: string, body: (view: McpVaultView) => Promise<string> | string, limit: number) => async (): Promise<CallToolResult> => {
    try {
      const text = await body(await vault.view());
      return { content: [{ type: "text", text: boundText(text, limit) }] };
    } catch (e) {
      const message =
        e instanceof McpToolError
          ? e.message
          : `${name} failed: ${stripControls(scrubSecrets(describeError(e)))}. Nothing was changed; try again, and report it if it persists.`;
      if (!(e instanceof McpToolError)) io.err(`kc mcp: ${name}: ${describeError(e)}\n`);
      return { isError: true, content: [{ type: "text", text: message }] };
    }
  };

  server.registerTool(
    "route",
    {
      title: "Route a question through the knowledge base",
      description:
        "Use first, before answering any question about the person's projects, past decisions, conventions or how something works here: lists the articles the question would load (title, path, TLDR, why each matched), within a token budget, without calling any model. An out-of-domain question returns 'No article … covers this' — then answer without citing the knowledge base.",
      inputSchema: { question: z.string().min(1).max(2000).describe("The question, in words."), budget, closest, max_chars: maxChars },
      annotations: READ_ONLY,
    },
    (a) => run("route", (v) => routeTool(v, { question: a.question, budget: a.budget, closest: a.closest ?? false }), a.max_chars ?? DEFAULT_CHARS)(),
  );

  server.registerTool(
    "read_article",
    {
      title: "Read one knowledge article",
      description: `Use after route to read an article it named, or when you know an article's path or title: returns its text (frontmatter included). Reads only ${options.scope === "knowledge" ? "notes in the knowledge folder" : "notes of the vault"}; never hidden, configuration or outside files. Long articles come in pieces: pass the offset the cut note gives.`,
      inputSchema: {
        path: z
          .string()
          .max(500)
          .optional()
          .describe("The vault-relative path as route returns it (e.g. knowledge/concepts/retry-with-backoff.md; .md optional)."),
        title: z.string().max(300).optional().describe("Or the article's title or alias."),
        offset: z.number().int().min(0).optional().describe("Character offset to start from (default 0), to read the rest of a long article."),
        max_chars: maxChars,
      },
      annotations: READ_ONLY,
    },
    (a) => {
      const limit = a.max_chars ?? DEFAULT_CHARS;
      return run("read_article", (v) => readArticleTool(v, { path: a.path, title: a.title, offset: a.offset ?? 0, maxChars: limit }), limit)();
    },
  );

  server.registerTool(
    "ask",
    {
      title: "Answer from the knowledge base (calls the model)",
      description: `Use only when the person wants an answer written from their knowledge base with citations and you cannot compose it yourself from route and read_article: routes the question, then one Anthropic model call with only the routed articles (costs tokens; the result states tokens and cost, and the call is recorded in the spend ledger in the vault's plugin folder, ${LEDGER}, under the spending caps). Needs ANTHROPIC_API_KEY (or ANTHROPIC_BASE_URL) in the server's environment. Out-of-domain questions are answered 'Not in the knowledge base' without a model call.`,
      inputSchema: { question: z.string().min(1).max(2000).describe("The question, in words."), budget, closest, max_chars: maxChars },
      annotations: { ...READ_ONLY, idempotentHint: false, openWorldHint: true },
    },
    (a) => run("ask", (v) => askTool(v, { question: a.question, budget: a.budget, closest: a.closest ?? false }), a.max_chars ?? DEFAULT_CHARS)(),
  );

  server.registerTool(
    "lint_summary",
    {
      title: "Knowledge base health",
      description:
        "Use when the person asks about the knowledge base's health, or before relying on an article that might be broken or stale: counts of lint findings (broken links, orphans, missing backlinks, CKP header problems, stale stamps, uncompiled daily logs, stored contradictions) by severity and check, and the top findings; optionally for one note.",
      inputSchema: {
        note: z.string().max(500).optional().describe("Only this note's findings (a vault-relative path)."),
        top: z.number().int().min(1).max(100).optional().describe("How many findings to list, errors first (default 10)."),
        max_chars: maxChars,
      },
      annotations: READ_ONLY,
    },
    (a) => run("lint_summary", (v) => lintSummaryTool(v, { note: a.note, top: a.top ?? 10 }), a.max_chars ?? DEFAULT_CHARS)(),
  );

  server.registerTool(
    "recent_sessions",
    {
      title: "Recent captured sessions of this project",
      description:
        "Use at the start of work, or when the person refers to something done in an earlier session ('like yesterday', 'where were we'): the newest session entries that capture wrote into the daily notes for this project (prompts, steering, errors, commands; already redacted), newest first.",
      inputSchema: {
        project: z
          .string()
          .max(200)
          .optional()
          .describe(
            `The project's name as capture records it (default: this project, ${JSON.stringify(basename(options.projectDir) || options.projectDir)} or its git root's folder name).`,
          ),
        max_entries: z.number().int().min(1).max(20).optional().describe("How many entries (default 3)."),
        max_chars: maxChars,
      },
      annotations: READ_ONLY,
    },
    (a) =>
      run(
        "recent_sessions",
        async (v) =>
          recentSessionsTool(v, { project: a.project ?? (await new FsTranscriptSource([]).projectName(options.projectDir)), max: a.max_entries ?? 3 }),
        a.max_chars ?? DEFAULT_CHARS,
      )(),
  );

  return server;
}

/** The largest message the server reads (the MCP SDK's own stdio limit); a longer line is answered with an error and dropped. */
export const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/** Runs the server on stdin/stdout until the client closes it; logs go to stderr only (stdout is the protocol). */
export async function runMcpServer(options: McpServerOptions, io: NodeIo): Promise<void> {
  process.on("unhandledRejection", (e) => io.err(`kc mcp: ${describeError(e)}\n`));
  const server = buildMcpServer(options, io);
  // Lines are cut to the limit before the SDK's transport sees them: its own check closes the transport, and the
  // server with it. A request that is too long gets a JSON-RPC error (when its id can be read) and the server goes on.
  const input = process.stdin.pipe(
    new LineLimitStream(MAX_MESSAGE_BYTES, (line) => {
      const id = droppedRequestId(line);
      io.err(
        `kc mcp: a message of ${line.bytes} bytes is over the ${MAX_MESSAGE_BYTES / 1024 / 1024} MB limit; it was not read${id === undefined ? "" : ` (request ${JSON.stringify(id)} answered with an error)`}.\n`,
      );
      if (id !== undefined)
        void transport
          .send({
            jsonrpc: "2.0",
            id,
            error: { code: -32600, message: `The message is ${line.bytes} bytes, over the server's limit of ${MAX_MESSAGE_BYTES} bytes; it was not read.` },
          })
          .catch((e: unknown) => io.err(`kc mcp: ${describeError(e)}\n`));
    }),
  );
  const transport = new StdioServerTransport(input, process.stdout, { maxBufferSize: Number.MAX_SAFE_INTEGER });
  server.server.onerror = (e) => io.err(`kc mcp: ${describeError(e)}\n`);
  await server.connect(transport);
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = () => resolve();
    process.stdin.on("end", () => resolve());
  });
  io.err(`kc mcp: serving ${options.vault} (${options.scope} scope; notes read only, ask records its spend in the vault's plugin folder) on stdio.\n`);
  await closed;
}
