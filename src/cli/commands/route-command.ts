import { formatRouteTrace, skippedToShow } from "../../core/route/format-route-trace";
import { shortlistFor } from "../../core/route/select-articles";
import { routeIn } from "../../core/workflows/ask-workflow";
import { EXIT, usage, type NodeIo } from "../../node/node-io";
import { loadVault, missingFolderProblem, printVaultWarnings } from "../../node/load-vault";
import { flagString, type ParsedArgs } from "../parse-args";
import { indexFileTokens, scopeFlag } from "../../node/router-index";
import { warmRouterIndex } from "../../node/router-index-cache";
import { nodeSettings } from "../../node/node-read-host";
import type { Command } from "../run-cli";

/** Help text of `kc route`. */
export const ROUTE_HELP = `kc route <vault> "question" [--format text|json] [--knowledge <folder>] [--budget <tokens>] [--scope knowledge|vault] [--closest]

Routes a question through the CKP headers without calling any model: prints the files that would be
loaded (in load order, each with its reason and token estimate), the files skipped and why, and the
tokens against loading the whole knowledge base. --closest loads the best matches even when they cover
too little of the question to count as covered. No network; never writes.

  --format text|json        the trace for people (default) or as JSON
  --knowledge <folder>      the knowledge folder (default: the plugin's setting, else "knowledge")
  --budget <tokens>         most tokens of articles to load (default: the plugin's Ask budget, else 6000)
  --scope knowledge|vault   route over the knowledge articles or every note (default: the plugin's Ask scope,
                            else the knowledge articles)
  --closest                 load the best matches even when the question is not covered

Exit code 2 when the knowledge folder does not exist (with --scope knowledge).`;

/** Runs `kc route`. */
export async function runRouteCommand(args: ParsedArgs, io: NodeIo): Promise<number> {
  const [, dir, question] = args.positionals;
  if (!dir || question === undefined) {
    io.err(`Missing the vault folder or the question.\n\n${ROUTE_HELP}\n`);
    return EXIT.usage;
  }
  const format = flagString(args, "format", "text");
  if (format !== "text" && format !== "json") {
    io.err(`--format must be text or json, not "${format}".\n`);
    return EXIT.usage;
  }
  const budgetFlag = flagString(args, "budget");
  const budgetGiven = budgetFlag === undefined ? undefined : Number(budgetFlag);
  if (budgetGiven !== undefined && (!Number.isFinite(budgetGiven) || budgetGiven <= 0)) {
    io.err("--budget must be a positive number of tokens.\n");
    return EXIT.usage;
  }
  const scopeGiven = flagString(args, "scope");
  const scoped = scopeFlag(scopeGiven);
  if ("error" in scoped) return usage(io, scoped.error);
  const knowledge = flagString(args, "knowledge");
  // The vault is listed, not read: the index comes from kc's cache, with only the notes changed since read again.
  const vault = await loadVault(dir, knowledge !== undefined ? { knowledgeFolder: knowledge } : {}, undefined, { read: "none" });
  // Without a flag, Ask's own settings (data.json): its scope and its budget, as the panel routes.
  const scope = scopeGiven === undefined ? vault.data.ask.scope : scoped.scope;
  const { budget } = nodeSettings(vault, { ask: { budget: budgetGiven } }).ask;
  const missing = scope === "knowledge" ? missingFolderProblem(vault, "knowledge", "or route over every note with --scope vault") : null;
  if (missing) {
    printVaultWarnings(vault, io);
    return usage(io, missing);
  }
  const { index } = await warmRouterIndex(vault, scope, io.env);
  printVaultWarnings(vault, io);
  const indexTokens = indexFileTokens(vault);
  const route = routeIn(index, (l, from) => vault.index.resolve(l, from), question, { budget, closest: args.flags.has("closest") }, indexTokens);
  // JSON lists each skipped file once, never one that was loaded, and the shortlist the selection step would read
  // (path, header tokens, lexical rank; rank 0 for a HIGH neighbour brought in), so its ceiling can be measured offline.
  const shortlist =
    format === "json"
      ? shortlistFor(index, question, (l, from) => vault.index.resolve(l, from)).map((s) => ({ path: s.path, rank: s.rank, headerTokens: s.headerTokens }))
      : [];
  io.out(format === "json" ? `${JSON.stringify({ ...route, skipped: skippedToShow(route), shortlist }, null, 2)}\n` : `${formatRouteTrace(route)}\n`);
  return EXIT.ok;
}

/** The command as kc's command tables hold it (main.ts, and the release bundle of this command alone). */
export const command: Command = { help: ROUTE_HELP, run: runRouteCommand };
