import { EMPTY_MODEL_ANSWER, formatAnswerUsage } from "../../core/ask/format-answer-usage";
import { formatRouteTrace } from "../../core/route/format-route-trace";
import { stripControls } from "../../core/util/strip-controls";
import { answerQuestion, fileBackAnswer, routeFor } from "../../core/workflows/ask-workflow";
import type { KcHost } from "../../core/ports/host";
import type { RouteResult } from "../../core/route/route-types";
import { knowledgeFolderProblem } from "../../core/knowledge/write-rules";
import { nodeHost, nodeSettings } from "../../node/node-host";
import { baseUrlProblem, waitLine, modelFlags } from "../model-options";
import { EXIT, usage, type NodeIo } from "../../node/node-io";
import { loadVault, missingFolderProblem, printVaultWarnings } from "../../node/load-vault";
import { flagString, type ParsedArgs } from "../parse-args";
import { buildRouterIndex, scopeFlag } from "../../node/router-index";

/** Help text of `kc ask`. */
export const ASK_HELP = `kc ask <vault> "question" [--model <id>] [--base-url <url>] [--budget <tokens>] [--knowledge <folder>] [--scope knowledge|vault]
       [--closest] [--file-back]

Routes the question (as \`kc route\`), then asks the model with only the loaded articles and streams a cited
answer, followed by tokens and cost. A question the knowledge base does not cover gets "not in the knowledge
base" without calling the model, unless --closest asks to answer from the best matches anyway.

  --model <id>              the model (default: KC_MODEL, else the current default)
  --base-url <url>          an Anthropic-compatible server (or ANTHROPIC_BASE_URL); checked up front, and
                            enough without ANTHROPIC_API_KEY (a local server may need no key)
  --budget <tokens>         most tokens of articles to load (default 6000)
  --knowledge <folder>      the knowledge folder (default: the plugin's setting, else "knowledge")
  --scope knowledge|vault   answer from the knowledge articles (default) or from every note of the vault,
                            headers or not (routed on title, aliases, headings, tags and body), with the
                            same trace and citations
  --closest                 answer from the best matches even when the question is not covered
  --file-back               file the answer as a qa/ article in the knowledge folder, with its index.md row
                            and a log.md entry (as the Ask panel's "File back" does); \`kc undo\` removes it

Needs ANTHROPIC_API_KEY unless --base-url names a server that needs none.`;

/** Runs `kc ask`. */
export async function runAskCommand(args: ParsedArgs, io: NodeIo): Promise<number> {
  const [, dir, question] = args.positionals;
  if (!dir || question === undefined) {
    io.err(`Missing the vault folder or the question.\n\n${ASK_HELP}\n`);
    return EXIT.usage;
  }
  const badUrl = baseUrlProblem(args, io.env);
  if (badUrl) return usage(io, badUrl);
  const budget = Number(flagString(args, "budget", "6000"));
  if (!Number.isFinite(budget) || budget <= 0) return usage(io, "--budget must be a positive number of tokens.");
  const scoped = scopeFlag(flagString(args, "scope"));
  if ("error" in scoped) return usage(io, scoped.error);
  const knowledge = flagString(args, "knowledge");
  const vault = await loadVault(dir, knowledge !== undefined ? { knowledgeFolder: knowledge } : {});
  printVaultWarnings(vault, io);
  const missing = scoped.scope === "knowledge" ? missingFolderProblem(vault, "knowledge", "or ask over every note with --scope vault") : null;
  if (missing) return usage(io, missing);
  const fileBack = args.flags.has("file-back");
  const folderProblem = fileBack ? knowledgeFolderProblem(vault.settings) : null;
  if (folderProblem) return usage(io, `${folderProblem} (--file-back writes there.)`);
  const host = nodeHost(
    vault,
    buildRouterIndex(vault, scoped.scope).index,
    modelFlags(args),
    io,
    nodeSettings(vault, { ask: { budget, selectWithModel: false } }),
  );
  const route = routeFor(host, question, { closest: args.flags.has("closest") });
  io.err(`${formatRouteTrace(route)}\n\n`);
  // Model text reaches the terminal without escape sequences (a reply could otherwise recolour or retitle it).
  const answered = await answerQuestion(host, route, [], (delta) => io.out(stripControls(delta)), { streaming: true, onWait: waitLine(io) });
  if (!answered.ok) {
    const e = answered.error;
    if (e.kind === "not-covered" || e.kind === "empty-question") {
      io.out(`${e.message}\n`);
      if (fileBack) io.err("Nothing was filed: there is no answer from the knowledge base to file.\n");
      return EXIT.ok;
    }
    io.err(`${e.message}\n`);
    return e.kind === "bad-config" ? EXIT.usage : EXIT.findings;
  }
  const { completion, costUsd } = answered.value;
  if (completion.text.trim() === "") {
    io.err(`${EMPTY_MODEL_ANSWER}\n`);
    return EXIT.findings;
  }
  io.out("\n");
  io.err(`\n${formatAnswerUsage(completion, costUsd)}\n`);
  return fileBack ? fileAnswerBack(host, route, stripControls(completion.text), io) : EXIT.ok;
}

/**
 * Files an answer back as a qa/ article with its index.md row and log.md entry, as the Ask panel does: one undoable
 * write through core's write gate (knowledge folder only, journalled, under the lock the plugin shares).
 */
async function fileAnswerBack(host: KcHost, route: RouteResult, answer: string, io: NodeIo): Promise<number> {
  const written = await fileBackAnswer(host, route, answer);
  if (!written.ok) {
    io.err(`${written.error}\n`);
    return EXIT.findings;
  }
  io.err(`Filed to ${written.value} (with its row in index.md and an entry in log.md); \`kc undo\` removes it again.\n`);
  return EXIT.ok;
}
