import type { CodeRepoView } from "../../core/drift/code-repo-view";
import { formatCost } from "../../core/llm/cost";
import type { ArticleIndex } from "../../core/route/article-index";
import { stripControls } from "../../core/util/strip-controls";
import { claimDriftBatch, planClaimDriftCheck, runClaimDriftCheck } from "../../core/workflows/claim-drift-workflow";
import { confirmBatch } from "../batch-confirm";
import { nodeHost, nodeSettings, unavailableExit } from "../../node/node-host";
import { EXIT, usage, type NodeIo } from "../../node/node-io";
import type { LoadedVault } from "../../node/load-vault";
import { waitLine, modelFlags } from "../model-options";
import { flagString, type ParsedArgs } from "../parse-args";

/** A whole-number flag: undefined when not given (the person's setting applies), null when it is not 1 or more. */
function whole(args: ParsedArgs, name: string): number | undefined | null {
  const given = flagString(args, name);
  if (given === undefined) return undefined;
  const n = Number(given);
  return Number.isInteger(n) && n >= 1 ? n : null;
}

/**
 * `kc drift --model-check`: for articles last updated more than --older-than days ago that cite files still in the
 * repository, asks the model whether their statements still match the code (bounded by --max-articles and
 * --max-tokens, estimate first, --dry-run or a yes). Prints suggestions for review; never changes a note.
 */
export async function runDriftModelCheck(args: ParsedArgs, io: NodeIo, vault: LoadedVault, index: ArticleIndex, repo: CodeRepoView): Promise<number> {
  const olderThan = whole(args, "older-than");
  const maxArticles = whole(args, "max-articles");
  const maxTokens = whole(args, "max-tokens");
  if (olderThan === null || maxArticles === null || maxTokens === null)
    return usage(io, "--older-than, --max-articles and --max-tokens must be whole numbers, 1 or more.");
  const host = nodeHost(vault, index, modelFlags(args), io, nodeSettings(vault, { drift: { olderThanDays: olderThan, maxArticles, maxTokens } }));
  const drift = host.settings().drift;
  const planned = await planClaimDriftCheck(host, repo, flagString(args, "today"));
  const { candidates, inputTokens, usd } = planned;
  io.err(
    `Model check: ${candidates.length} article${candidates.length === 1 ? "" : "s"} older than ${drift.olderThanDays} days cite code; about ${inputTokens} input tokens, about ${formatCost(usd)}.\n`,
  );
  if (args.flags.has("dry-run") || candidates.length === 0) {
    for (const c of candidates) io.out(`${c.path}  (${c.sources.map((s) => s.path).join(", ")})\n`);
    return EXIT.ok;
  }
  // The total at the check model's own price, asked about above the threshold, as compile --all.
  const priced = await host.models.get("check", { feature: "drift" });
  if (!priced.ok) {
    io.err(`${priced.error.message}\n`);
    return unavailableExit(priced.error);
  }
  const n = `${candidates.length} article${candidates.length === 1 ? "" : "s"}`;
  const stop = await confirmBatch(args, io, host.settings(), {
    batch: claimDriftBatch(planned, priced.value.price),
    modelId: priced.value.id,
    what: `${n} to ask the model about`,
    question: `Ask the model about ${n}`,
    declined: "Not checked.",
  });
  if (stop !== null) return stop;
  // No state store: the command line prints the suggestions and keeps nothing.
  const run = await runClaimDriftCheck(host, planned, { onWait: waitLine(io) });
  if (!run.ok) {
    io.err(`${run.error.message}\n`);
    return unavailableExit(run.error);
  }
  const r = run.value.report;
  for (const f of r.found) io.out(`${f.path}:${f.line + 1}  cited-claim-drift  "${f.quote}": ${f.explanation} (suggestion, for review)\n`);
  if (r.error) io.err(`${stripControls(r.error.message)}\n`);
  if (r.overBudget) io.err(`Stopped at the token cap (${drift.maxTokens}).\n`);
  io.err(
    `${r.found.length} statement${r.found.length === 1 ? "" : "s"} may no longer match the code (nothing was changed); ${r.dropped} reported quote${r.dropped === 1 ? "" : "s"} not in the article dropped; ${r.usage.inputTokens} in + ${r.usage.outputTokens} out tokens, ${formatCost(run.value.usd)}.\n`,
  );
  return r.error ? EXIT.findings : EXIT.ok;
}
