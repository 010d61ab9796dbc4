import { buildAnswerRequest, NOT_COVERED_ANSWER, type LoadedText } from "../../core/ask/build-answer-prompt";
import { planFileBack } from "../../core/ask/file-back";
import { estimateCost, formatCost } from "../../core/llm/cost";
import type { ArticleIndex } from "../../core/route/article-index";
import { formatRouteTrace } from "../../core/route/format-route-trace";
import { routeQuestion } from "../../core/route/route-question";
import type { RouteResult } from "../../core/route/route-types";
import { stripControls } from "../../core/util/strip-controls";
import { writeFileBack } from "../../core/workflows/reviewed-writes";
import { knowledgeFolderProblem } from "../../core/workflows/write-rules";
import { cliCompileHost } from "../cli-compile-host";
import { baseUrlProblem, modelFromArgs, waitLine } from "../model-options";
import { EXIT, usage, type CliIo } from "../cli-io";
import { loadVault, missingFolderProblem, printVaultWarnings, type LoadedVault } from "../load-vault";
import type { CommandSpec } from "../command-spec";
import { flagString, type ParsedArgs } from "../parse-args";
import { buildRouterIndex } from "../router-index";

/** Help text of `kc ask`. */
export const ASK_HELP = `kc ask <vault> "question" [--model <id>] [--base-url <url>] [--budget <tokens>] [--knowledge <folder>] [--closest] [--file-back]

Routes the question (as \`kc route\`), then asks the model with only the loaded articles and streams a cited
answer, followed by tokens and cost. A question the knowledge base does not cover gets "not in the knowledge
base" without calling the model, unless --closest asks to answer from the best matches anyway.

  --model <id>              the model (default: KC_MODEL, else the current default)
  --base-url <url>          an Anthropic-compatible server (or ANTHROPIC_BASE_URL); checked up front, and
                            enough without ANTHROPIC_API_KEY (a local server may need no key)
  --budget <tokens>         most tokens of articles to load (default 6000)
  --knowledge <folder>      the knowledge folder (default: the plugin's setting, else "knowledge")
  --closest                 answer from the best matches even when the question is not covered
  --file-back               file the answer as a qa/ article in the knowledge folder, with its index.md row
                            and a log.md entry (as the Ask panel's "File back" does); \`kc undo\` removes it

Needs ANTHROPIC_API_KEY unless --base-url names a server that needs none.`;

/** What `kc ask` accepts (parsed strictly: anything else is exit 2 with a suggestion). */
export const ASK_SPEC: CommandSpec = { positionals: ["vault", "question"], values: ["model", "base-url", "budget", "knowledge"], switches: ["closest", "file-back"] };

/** Runs `kc ask`. */
export async function runAskCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  const [, dir, question] = args.positionals;
  if (!dir || question === undefined) {
    io.err(`Missing the vault folder or the question.\n\n${ASK_HELP}\n`);
    return EXIT.usage;
  }
  const badUrl = baseUrlProblem(args, io.env);
  if (badUrl) return usage(io, badUrl);
  const budget = Number(flagString(args, "budget", "6000"));
  if (!Number.isFinite(budget) || budget <= 0) return usage(io, "--budget must be a positive number of tokens.");
  const knowledge = flagString(args, "knowledge");
  const vault = await loadVault(dir, knowledge !== undefined ? { knowledgeFolder: knowledge } : {});
  printVaultWarnings(vault, io);
  const missing = missingFolderProblem(vault, "knowledge");
  if (missing) return usage(io, missing);
  const fileBack = args.flags.has("file-back");
  const folderProblem = fileBack ? knowledgeFolderProblem(vault.settings) : null;
  if (folderProblem) return usage(io, `${folderProblem} (--file-back writes there.)`);
  const { index, indexTokens } = buildRouterIndex(vault, "knowledge");
  const options = { budget, ...(args.flags.has("closest") ? { minCoverage: 0 } : {}) };
  const route = routeQuestion(index, question, (l, from) => vault.index.resolve(l, from), options, indexTokens);
  io.err(`${formatRouteTrace(route)}\n\n`);
  if (route.status !== "routed") {
    io.out(`${route.status === "empty-question" ? "The question has no words to search for." : NOT_COVERED_ANSWER}\n`);
    if (fileBack) io.err("Nothing was filed: there is no answer from the knowledge base to file.\n");
    return EXIT.ok;
  }
  const texts: LoadedText[] = route.loaded.map((l) => {
    const doc = index.get(l.path)!;
    return { path: l.path, part: l.part, text: l.part === "tldr" ? `${doc.header.title ?? l.path}: ${doc.tldr}` : vault.texts.get(l.path) ?? "" };
  });
  const built = await modelFromArgs(args, io, { streaming: true, onWait: waitLine(io) });
  if ("error" in built) {
    io.err(`${built.error}\n`);
    return built.exitCode;
  }
  // Model text reaches the terminal without escape sequences (a reply could otherwise recolour or retitle it).
  const result = await built.model.stream(buildAnswerRequest(route, texts), (delta) => io.out(stripControls(delta)));
  if (!result.ok) {
    io.err(`${result.error.message}\n`);
    return EXIT.findings;
  }
  if (result.value.text.trim() === "") {
    io.err("The model returned an empty answer. Try again or rephrase the question.\n");
    return EXIT.findings;
  }
  const u = result.value.usage;
  const cut = result.value.stopReason === "max_tokens" ? " (the answer was cut off at the token limit)" : "";
  io.out("\n");
  io.err(`\n${u.inputTokens} input + ${u.outputTokens} output tokens (${u.cacheReadTokens} read from cache), ${formatCost(estimateCost(u))}${cut}\n`);
  return fileBack ? fileAnswerBack(vault, index, route, stripControls(result.value.text), io) : EXIT.ok;
}

/**
 * Files an answer back as a qa/ article with its index.md row and log.md entry, as the Ask panel does: one undoable
 * write through core's write gate (knowledge folder only, journalled, under the lock the plugin shares).
 */
async function fileAnswerBack(vault: LoadedVault, index: ArticleIndex, route: RouteResult, answer: string, io: CliIo): Promise<number> {
  const plan = planFileBack(vault.settings.knowledgeFolder, route, answer, new Date().toISOString(), (p) => vault.index.hasFile(p));
  const written = await writeFileBack(cliCompileHost(vault, index), plan);
  if (!written.ok) {
    io.err(`${written.error}\n`);
    return EXIT.findings;
  }
  io.err(`Filed to ${plan.path} (with its row in index.md and an entry in log.md); \`kc undo\` removes it again.\n`);
  return EXIT.ok;
}
