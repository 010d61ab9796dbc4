import { formatAnswerUsage } from "../../core/ask/format-answer-usage";
import { formatRouteTrace } from "../../core/route/format-route-trace";
import { stripControls } from "../../core/util/strip-controls";
import { askQuestion, fileBackAnswer } from "../../core/workflows/ask-workflow";
import { describeSelection } from "../../core/ask/describe-selection";
import type { KcHost } from "../../core/ports/host";
import type { RouteResult } from "../../core/route/route-types";
import { knowledgeFolderProblem } from "../../core/knowledge/write-rules";
import { nodeHost, nodeSettings } from "../../node/node-host";
import { baseUrlProblem, waitLine, modelFlags } from "../model-options";
import { EXIT, usage, type NodeIo } from "../../node/node-io";
import { loadVault, missingFolderProblem, printVaultWarnings } from "../../node/load-vault";
import { flagString, type ParsedArgs } from "../parse-args";
import { scopeFlag } from "../../node/router-index";
import { warmRouterIndex } from "../../node/router-index-cache";
import type { Command } from "../run-cli";

/** Help text of `kc ask`. */
export const ASK_HELP = `kc ask <vault> "question" [--model <id>] [--base-url <url>|--server <name>] [--budget <tokens>] [--knowledge <folder>] [--scope knowledge|vault]
       [--closest] [--file-back] [--no-select]

Routes the question (as \`kc route\`), lets the small model choose from the shortlisted headers when the plugin's
"Let a model choose the articles" setting is on (as the Ask panel does), then asks the model with only the loaded
articles and streams a cited answer, followed by tokens and cost. Settings not given as flags come from the
plugin's data.json (Ask's model, server, budget, scope and prices). A question the knowledge base does not cover gets "not in the knowledge
base" without calling the model, unless --closest asks to answer from the best matches anyway.

  --model <id>              the answering model (default: KC_MODEL, else the plugin's Ask model, else the
                            current default); the choosing model is KC_SELECT_MODEL, else the plugin's
  --base-url <url>          an Anthropic-compatible server (or ANTHROPIC_BASE_URL); checked up front, and
                            enough without ANTHROPIC_API_KEY (a local server may need no key)
  --server <name>           ollama, lmstudio, llamacpp or anthropic (or KC_SERVER): that server's base URL
                            (unless --base-url gives another) and kind; a local model's calls cost $0
  --budget <tokens>         most tokens of articles to load (default: the plugin's Ask budget, else 6000)
  --knowledge <folder>      the knowledge folder (default: the plugin's setting, else "knowledge")
  --scope knowledge|vault   answer from the knowledge articles or from every note of the vault (default: the
                            plugin's Ask scope, else the knowledge articles),
                            headers or not (routed on title, aliases, headings, tags and body), with the
                            same trace and citations
  --closest                 answer from the best matches even when the question is not covered
  --no-select               skip the choosing step even when the plugin's setting turns it on (one call fewer)
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
  const budgetFlag = flagString(args, "budget");
  const budget = budgetFlag === undefined ? undefined : Number(budgetFlag);
  if (budget !== undefined && (!Number.isFinite(budget) || budget <= 0)) return usage(io, "--budget must be a positive number of tokens.");
  const scopeGiven = flagString(args, "scope");
  const scoped = scopeFlag(scopeGiven);
  if ("error" in scoped) return usage(io, scoped.error);
  const knowledge = flagString(args, "knowledge");
  // Listed, not read: the router's index comes from kc's cache (only changed notes read again), the loaded articles from disk.
  const vault = await loadVault(dir, knowledge !== undefined ? { knowledgeFolder: knowledge } : {}, undefined, { read: "none" });
  // Without a flag, Ask's own settings (data.json): its scope, budget and selection step, as the panel asks.
  const scope = scopeGiven === undefined ? vault.data.ask.scope : scoped.scope;
  const missing = scope === "knowledge" ? missingFolderProblem(vault, "knowledge", "or ask over every note with --scope vault") : null;
  const fileBack = args.flags.has("file-back");
  const folderProblem = fileBack ? knowledgeFolderProblem(vault.settings) : null;
  if (missing || folderProblem) {
    printVaultWarnings(vault, io);
    return usage(io, missing ?? `${folderProblem} (--file-back writes there.)`);
  }
  const { index } = await warmRouterIndex(vault, scope, io.env);
  printVaultWarnings(vault, io);
  const host = nodeHost(
    vault,
    index,
    modelFlags(args),
    io,
    nodeSettings(vault, { ask: { budget, ...(args.flags.has("no-select") ? { selectWithModel: false } : {}) } }),
  );
  const { route, answer: answered } = await askQuestion(host, question, {
    closest: args.flags.has("closest"),
    onRoute: (chosen) => {
      io.err(`${formatRouteTrace(chosen.route)}\n`);
      if (chosen.selection) io.err(`${describeSelection(chosen.selection)}\n`);
      io.err("\n");
    },
    // Model text reaches the terminal without escape sequences (a reply could otherwise recolour or retitle it).
    onText: (delta) => io.out(stripControls(delta)),
    onWait: waitLine(io),
  });
  if (!answered.ok) {
    const e = answered.error;
    if (e.kind === "empty-answer") {
      io.err(`${e.message}\n`);
      return EXIT.findings;
    }
    if (e.kind === "not-covered" || e.kind === "empty-question") {
      io.out(`${e.message}\n`);
      if (fileBack) io.err("Nothing was filed: there is no answer from the knowledge base to file.\n");
      return EXIT.ok;
    }
    io.err(`${e.message}\n`);
    return e.kind === "bad-config" ? EXIT.usage : EXIT.findings;
  }
  const { completion, costUsd } = answered.value;
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

/** The command as kc's command tables hold it (main.ts, and the release bundle of this command alone). */
export const command: Command = { help: ASK_HELP, run: runAskCommand };
