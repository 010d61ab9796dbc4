import { formatCost } from "../../core/llm/cost";
import { stripControls } from "../../core/util/strip-controls";
import { contradictionBatch, planContradictionCheck, runContradictionCheck } from "../../core/workflows/contradictions-workflow";
import { confirmBatch } from "../batch-confirm";
import { nodeContradictionPorts, nodeHost, nodeSettings, unavailableExit } from "../../node/node-host";
import { EXIT, usage, type NodeIo } from "../../node/node-io";
import { loadVault, missingFolderProblem, printVaultWarnings } from "../../node/load-vault";
import { waitLine, modelFlags } from "../model-options";
import { flagString, type ParsedArgs } from "../parse-args";
import { buildRouterIndex } from "../../node/router-index";
import type { Command } from "../run-cli";

/** Help text of `kc contradictions`. */
export const CONTRADICTIONS_HELP = `kc contradictions <vault> [--dry-run] [--max-pairs N] [--max-tokens N] [--yes] [--confirm-above <usd>] [--format text|json]
                  [--model <id>] [--base-url <url>|--server <name>]

Seed 000's seventh check, bounded and opt-in: asks the model whether related articles contradict each other.
Pairs come from structure, not from all pairs: articles related by SIMILAR_HIGH or SIMILAR_MID, the concepts a
connection article connects, articles built from the same daily log; only pairs where either article changed
since it was last checked, at most --max-pairs (default 20) and --max-tokens (default 60000, input and output)
per run (each default the plugin's saved setting when there is one); the rest wait for the next run. --dry-run lists the pairs and the token and cost estimate without
calling. Otherwise the total estimate at the model's price is shown first; above --confirm-above (default: the
plugin's "Ask before costly compiles", else $0.25; always for a model without a known price) the run asks on a
terminal, and without one needs --yes. The spending caps hold either way. Each conflict quotes both
places; a quote that is not in the file is dropped. Nothing is ever changed. What was checked, the conflicts found
and the pairs dismissed in Obsidian are kept in the plugin's folder (contradictions-state.json), so an unchanged
pair is not paid for twice, and \`kc lint\` reports the conflicts that still hold. Exit code 2 when the knowledge
folder does not exist.`;

/** A whole-number flag: undefined when not given (the person's setting applies), null when it is not 1 or more. */
function wholeNumber(args: ParsedArgs, name: string): number | undefined | null {
  const given = flagString(args, name);
  if (given === undefined) return undefined;
  const n = Number(given);
  return Number.isInteger(n) && n >= 1 ? n : null;
}

/** Runs `kc contradictions`. */
export async function runContradictionsCommand(args: ParsedArgs, io: NodeIo): Promise<number> {
  const dir = args.positionals[1];
  if (!dir) {
    io.err(`Missing the vault folder.\n\n${CONTRADICTIONS_HELP}\n`);
    return EXIT.usage;
  }
  const maxPairs = wholeNumber(args, "max-pairs");
  if (maxPairs === null) return usage(io, "--max-pairs must be a whole number, 1 or more.");
  const maxTokens = wholeNumber(args, "max-tokens");
  if (maxTokens === null) return usage(io, "--max-tokens must be a whole number, 1 or more.");
  const format = flagString(args, "format", "text");
  if (format !== "text" && format !== "json") return usage(io, `--format must be text or json, not "${format}".`);
  const vault = await loadVault(dir);
  printVaultWarnings(vault, io);
  // The pairs come from the knowledge articles only: without their folder, say so rather than "0 pairs".
  const missing = missingFolderProblem(vault, "knowledge");
  if (missing) return usage(io, missing);
  const { index } = buildRouterIndex(vault, "knowledge");
  const host = nodeHost(vault, index, modelFlags(args), io, nodeSettings(vault, { contradictions: { maxPairs, maxTokens } }));
  const ports = nodeContradictionPorts(vault, host);
  const planned = await planContradictionCheck(host, ports);
  const { plan } = planned;
  const later = plan.leftForLater > 0 ? `, ${plan.leftForLater} left for a later run by the caps` : "";
  io.err(
    `${plan.pairs.length} pair${plan.pairs.length === 1 ? "" : "s"} to check (${plan.unchanged} unchanged since checked, ${plan.dismissed} dismissed${later}); about ${plan.estimate.inputTokens} input tokens, about ${formatCost(plan.estimate.usd)}.\n`,
  );
  if (args.flags.has("dry-run") || plan.pairs.length === 0) {
    if (format === "json") io.out(`${JSON.stringify({ pairs: plan.pairs, estimate: plan.estimate, leftForLater: plan.leftForLater }, null, 2)}\n`);
    else for (const p of plan.pairs) io.out(`${p.a}  <->  ${p.b}  (${p.reason})\n`);
    return EXIT.ok;
  }
  // The total at the check model's own price, asked about above the threshold, as compile --all.
  const priced = await host.models.get("check", { feature: "contradictions" });
  if (!priced.ok) {
    io.err(`${priced.error.message}\n`);
    return unavailableExit(priced.error);
  }
  const n = `${plan.pairs.length} pair${plan.pairs.length === 1 ? "" : "s"}`;
  const stop = await confirmBatch(args, io, host.settings(), {
    batch: contradictionBatch(planned, priced.value.price),
    modelId: priced.value.id,
    what: `${n} to check`,
    question: `Check ${n}`,
    declined: "Not checked.",
  });
  if (stop !== null) return stop;
  const run = await runContradictionCheck(host, ports, planned, {
    onPair: (n, total, p) => io.err(`[${n + 1}/${total}] ${p.a} <-> ${p.b}\n`),
    onWait: waitLine(io),
  });
  if (!run.ok) {
    io.err(`${run.error.message}\n`);
    return unavailableExit(run.error);
  }
  const { report, usd } = run.value;
  if (report.error) io.err(`  ${stripControls(report.error.message)}\n`);
  if (report.overBudget) io.err(`Stopped at the token cap (${host.settings().contradictions.maxTokens}); the remaining pairs wait for the next run.\n`);
  const found = report.found;
  if (format === "json")
    io.out(
      `${JSON.stringify({ contradictions: found, dropped: report.dropped, unusable: report.unusable, failed: report.failed, overBudget: report.overBudget, usage: report.usage }, null, 2)}\n`,
    );
  else {
    for (const c of found) {
      io.out(`${c.a.path}:${c.a.line + 1}  "${c.a.quote}"\n${c.b.path}:${c.b.line + 1}  "${c.b.quote}"\n  ${c.explanation} (${c.confidence} confidence)\n\n`);
    }
    if (found.length === 0) io.out("No contradictions found.\n");
  }
  const spent = report.usage;
  io.err(
    `${found.length} contradiction${found.length === 1 ? "" : "s"}; ${report.dropped} reported quote${report.dropped === 1 ? "" : "s"} not found in the files and dropped; ${report.unusable} unusable repl${report.unusable === 1 ? "y" : "ies"} (those pairs stay due); ${spent.inputTokens} in + ${spent.outputTokens} out tokens, ${formatCost(usd)}.\n`,
  );
  return found.length > 0 || report.failed > 0 || report.unusable > 0 ? EXIT.findings : EXIT.ok;
}

/** The command as kc's command tables hold it (main.ts, and the release bundle of this command alone). */
export const command: Command = { help: CONTRADICTIONS_HELP, run: runContradictionsCommand };
