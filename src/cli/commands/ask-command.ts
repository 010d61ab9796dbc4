import { buildAnswerRequest, NOT_COVERED_ANSWER, type LoadedText } from "../../core/ask/build-answer-prompt";
import { estimateCost, formatCost } from "../../core/llm/cost";
import { formatRouteTrace } from "../../core/route/format-route-trace";
import { routeQuestion } from "../../core/route/route-question";
import { modelFromArgs, waitLine } from "../model-options";
import { EXIT, type CliIo } from "../cli-io";
import { loadVault } from "../load-vault";
import { flagString, type ParsedArgs } from "../parse-args";
import { buildRouterIndex } from "./route-command";

/** Help text of `kc ask`. */
export const ASK_HELP = `kc ask <vault> "question" [--model <id>] [--base-url <url>] [--budget <tokens>] [--knowledge <folder>] [--closest]

Routes the question (as \`kc route\`), then asks the model with only the loaded articles and streams a cited
answer, followed by tokens and cost. Needs ANTHROPIC_API_KEY. A question the knowledge base does not cover
gets "not in the knowledge base" without calling the model, unless --closest asks to answer from the best
matches anyway.`;

/** Runs `kc ask`. */
export async function runAskCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  const [, dir, question] = args.positionals;
  if (!dir || question === undefined) {
    io.err(`Missing the vault folder or the question.\n\n${ASK_HELP}\n`);
    return EXIT.usage;
  }
  const knowledge = flagString(args, "knowledge");
  const vault = await loadVault(dir, knowledge !== undefined ? { knowledgeFolder: knowledge } : {});
  const { index, indexTokens } = buildRouterIndex(vault, "knowledge");
  const budget = Number(flagString(args, "budget", "6000"));
  const options = { budget: Number.isFinite(budget) && budget > 0 ? budget : 6000, ...(args.flags.has("closest") ? { minCoverage: 0 } : {}) };
  const route = routeQuestion(index, question, (l, from) => vault.index.resolve(l, from), options, indexTokens);
  io.err(`${formatRouteTrace(route)}\n\n`);
  if (route.status !== "routed") {
    io.out(`${route.status === "empty-question" ? "The question has no words to search for." : NOT_COVERED_ANSWER}\n`);
    return EXIT.ok;
  }
  const texts: LoadedText[] = route.loaded.map((l) => {
    const doc = index.get(l.path)!;
    return { path: l.path, part: l.part, text: l.part === "tldr" ? `${doc.header.title ?? l.path}: ${doc.tldr}` : vault.texts.get(l.path) ?? "" };
  });
  const built = await modelFromArgs(args, io, { streaming: true, onWait: waitLine(io) });
  if ("error" in built) {
    io.err(`${built.error}\n`);
    return built.error.startsWith("--base-url") ? EXIT.usage : EXIT.findings;
  }
  const model = built.model;
  const result = await model.stream(buildAnswerRequest(route, texts), (delta) => io.out(delta));
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
  return EXIT.ok;
}
