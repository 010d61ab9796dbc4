import { readFile } from "node:fs/promises";
import { costOrUnknown, formatCostOrUnknown } from "../../core/llm/cost";
import { parseQuestionSet, resolveNeeds, scoreRouting, type RoutingScore } from "../../core/route/evaluate-routing";
import { routeQuestion } from "../../core/route/route-question";
import { buildSelectRequest, selectArticles, shortlistFor, SELECT_SYSTEM_PROMPT } from "../../core/route/select-articles";
import { estimateTokens } from "../../core/llm/estimate-tokens";
import { modelFlags, modelFromArgs, waitLine } from "../model-options";
import { smallModelOptions } from "../../node/node-models";
import { fsPluginFiles } from "../../node/plugin-file-store";
import { nodeCappedModel } from "../../node/node-spend";
import { EXIT, usage, type NodeIo } from "../../node/node-io";
import { loadVault, printVaultWarnings } from "../../node/load-vault";
import { flagString, type ParsedArgs } from "../parse-args";
import { buildRouterIndex } from "../../node/router-index";
import type { Command } from "../run-cli";

/** Help text of `kc eval-route`. */
export const EVAL_ROUTE_HELP = `kc eval-route <vault> <questions.json> [--select] [--model <id>] [--base-url <url>|--server <name>] [--format text|json]

Measures routing on a question set (a JSON array of {"id", "question", "needs": [article paths]}; an empty
"needs" marks an out-of-domain question): recall of the needed articles, files loaded per question and the
share of out-of-domain questions that load nothing, for the offline lexical router (article paths as vault
paths or relative to the knowledge folder; a path found in neither is named and left out); the shortlist's ceiling
(needed articles that are in the top-12 shortlist or its HIGH neighbours) and the selection prompt's size.
With --select (and ANTHROPIC_API_KEY, or --base-url) it also runs the model's selection step and scores it,
with its tokens and cost.`;

/** Runs `kc eval-route`. */
export async function runEvalRouteCommand(args: ParsedArgs, io: NodeIo): Promise<number> {
  const [, dir, file] = args.positionals;
  if (!dir || !file) {
    io.err(`Missing the vault folder or the question set.\n\n${EVAL_ROUTE_HELP}\n`);
    return EXIT.usage;
  }
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (e) {
    const code = (e as { code?: string }).code;
    return usage(
      io,
      `${file}: ${code === "ENOENT" ? "no such file" : code === "EISDIR" ? "a folder, not a question set" : `cannot be read (${code ?? "unknown error"})`}; give a JSON question set such as examples/demo-questions.json.`,
    );
  }
  const questions = parseQuestionSet(text);
  if (typeof questions === "string") {
    io.err(`${file}: ${questions}.\n`);
    return EXIT.usage;
  }
  const vault = await loadVault(dir);
  printVaultWarnings(vault, io);
  const resolved = resolveNeeds(questions, (p) => vault.texts.has(p), vault.settings.knowledgeFolder);
  if (resolved.unknown.length > 0) {
    const shown = resolved.unknown.slice(0, 10).join(", ");
    io.err(
      `${file}: ${resolved.unknown.length} article path${resolved.unknown.length === 1 ? "" : "s"} not found in ${vault.name} (as written or under ${vault.settings.knowledgeFolder}/): ${shown}${resolved.unknown.length > 10 ? ", …" : ""}. They are left out of the score.\n`,
    );
    if (resolved.questions.every((q) => q.needs.length === 0) && questions.some((q) => q.needs.length > 0))
      return usage(io, `${file}: none of its article paths is in ${vault.name}; nothing to score.`);
  }
  const parsed = resolved.questions;
  const { index, indexTokens } = buildRouterIndex(vault, "knowledge");
  const resolve = (l: string, from: string): string | null => vault.index.resolve(l, from);
  const lexical = await scoreRouting(parsed, (q) => routeQuestion(index, q.question, resolve, {}, indexTokens).loaded.map((l) => l.path));
  const ceiling = await scoreRouting(
    parsed.filter((q) => q.needs.length > 0),
    (q) => shortlistFor(index, q.question, resolve).map((s) => s.path),
  );
  const promptTokens = parsed.map(
    (q) => estimateTokens(SELECT_SYSTEM_PROMPT) + estimateTokens(buildSelectRequest(q.question, shortlistFor(index, q.question, resolve)).messages[0]!.content),
  );
  const meanPrompt = Math.round(promptTokens.reduce((a, b) => a + b, 0) / Math.max(1, promptTokens.length));
  const rows: { router: string; score: RoutingScore; note?: string }[] = [
    { router: "lexical (offline)", score: lexical },
    { router: "shortlist ceiling", score: ceiling, note: `about ${meanPrompt} prompt tokens per selection call` },
  ];
  if (args.flags.has("select")) {
    const built = await modelFromArgs(args, io, { streaming: false, ...smallModelOptions(modelFlags(args), io.env), onWait: waitLine(io) });
    if ("error" in built) {
      io.err(`--select needs a model: ${built.error}\n`);
      return EXIT.usage;
    }
    // Through the spend ledger and the caps, as every other model call of kc.
    const capped = await nodeCappedModel(built, "select", vault.root, io.env, fsPluginFiles(vault.root));
    if (!capped.ok) return usage(io, capped.error.message);
    const model = capped.value.model;
    let input = 0;
    let output = 0;
    let failed = 0;
    const selected = await scoreRouting(parsed, async (q) => {
      const r = await selectArticles(model, index, q.question, resolve);
      if (!r.ok) {
        failed++;
        return [];
      }
      input += r.value.usage.inputTokens;
      output += r.value.usage.outputTokens;
      return r.value.route.loaded.map((l) => l.path);
    });
    const usd = costOrUnknown({ inputTokens: input, outputTokens: output, cacheReadTokens: 0, cacheWriteTokens: 0 }, capped.value.price);
    rows.push({
      router: "lexical + model selection",
      score: selected,
      note: `${input} in + ${output} out tokens, ${formatCostOrUnknown(usd)} at ${capped.value.id}'s price${failed ? `; ${failed} calls failed` : ""}`,
    });
  }
  if (flagString(args, "format", "text") === "json") io.out(`${JSON.stringify(rows, null, 2)}\n`);
  else {
    io.out(`${parsed.length} questions (${lexical.inDomain} in the base's domain, ${lexical.outOfDomain} outside it) on ${vault.name}\n\n`);
    io.out("| router | recall | files per question | out-of-domain empty | note |\n|---|---|---|---|---|\n");
    for (const r of rows)
      io.out(
        `| ${r.router} | ${r.score.recall.toFixed(3)} | ${r.score.filesPerQuestion.toFixed(1)} | ${r.router === "shortlist ceiling" ? "–" : r.score.outOfDomainEmpty.toFixed(2)} | ${r.note ?? ""} |\n`,
      );
  }
  return EXIT.ok;
}

/** The command as kc's command tables hold it (main.ts, and the release bundle of this command alone). */
export const command: Command = { help: EVAL_ROUTE_HELP, run: runEvalRouteCommand };
