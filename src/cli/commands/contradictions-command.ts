import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { contradictionPairs, pairKey, type ContradictionState } from "../../core/contradictions/contradiction-pairs";
import { checkPair, estimateContradictions, type Contradiction } from "../../core/contradictions/check-contradictions";
import { DEFAULT_PRICE, estimateCost, formatCost } from "../../core/llm/cost";
import { addUsage, type TokenUsage } from "../../core/llm/language-model";
import { sha256Hex } from "../../core/util/sha256";
import { EXIT, usage, type CliIo } from "../cli-io";
import { loadVault, printVaultWarnings, PLUGIN_ID } from "../load-vault";
import { modelFromArgs, waitLine } from "../model-options";
import { flagString, type ParsedArgs } from "../parse-args";
import { buildRouterIndex } from "./route-command";

/** Help text of `kc contradictions`. */
export const CONTRADICTIONS_HELP = `kc contradictions <vault> [--dry-run] [--max-pairs N] [--yes] [--format text|json] [--model <id>] [--base-url <url>]

Seed 000's seventh check, bounded and opt-in: asks the model whether related articles contradict each other.
Pairs come from structure, not from all pairs: articles related by SIMILAR_HIGH or SIMILAR_MID, the concepts a
connection article connects, articles built from the same daily log; only pairs where either article changed
since it was last checked, at most --max-pairs (default 20) per run. --dry-run lists the pairs and the token and
cost estimate without calling. Otherwise the estimate is shown and the run asks first (or goes on with --yes).
Each conflict quotes both places; a quote that is not in the file is dropped. Nothing is ever changed. What was
checked is kept in the plugin's folder (contradictions-state.json), so an unchanged pair is not paid for twice.`;

const STATE_FILE = "contradictions-state.json";

/** Runs `kc contradictions`. */
export async function runContradictionsCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  const dir = args.positionals[1];
  if (!dir) {
    io.err(`Missing the vault folder.\n\n${CONTRADICTIONS_HELP}\n`);
    return EXIT.usage;
  }
  const maxPairs = Number(flagString(args, "max-pairs", "20"));
  if (!Number.isInteger(maxPairs) || maxPairs < 1) return usage(io, "--max-pairs must be a whole number, 1 or more.");
  const format = flagString(args, "format", "text");
  if (format !== "text" && format !== "json") return usage(io, `--format must be text or json, not "${format}".`);
  const vault = await loadVault(dir);
  printVaultWarnings(vault, io);
  const { index } = buildRouterIndex(vault, "knowledge");
  const statePath = join(vault.root, ".obsidian", "plugins", PLUGIN_ID, STATE_FILE);
  const state = parseState(await readFile(statePath, "utf8").catch(() => null));
  const hashOf = (p: string): string => sha256Hex(vault.texts.get(p) ?? "");
  const textOf = (p: string): string => vault.texts.get(p) ?? "";
  const { pairs, unchanged, dismissed } = contradictionPairs([...index.all()], (l, from) => vault.index.resolve(l, from), hashOf, state, maxPairs);
  const estimate = estimateContradictions(pairs, textOf, DEFAULT_PRICE);
  io.err(`${pairs.length} pair${pairs.length === 1 ? "" : "s"} to check (${unchanged} unchanged since checked, ${dismissed} dismissed); about ${estimate.inputTokens} input tokens, about ${formatCost(estimate.usd)}.\n`);
  if (args.flags.has("dry-run") || pairs.length === 0) {
    if (format === "json") io.out(`${JSON.stringify({ pairs, estimate }, null, 2)}\n`);
    else for (const p of pairs) io.out(`${p.a}  <->  ${p.b}  (${p.reason})\n`);
    return EXIT.ok;
  }
  const yes = args.flags.has("yes") || (io.confirm ? await io.confirm(`Check ${pairs.length} pairs for about ${formatCost(estimate.usd)}?`) : false);
  if (!yes) {
    io.err("Not checked. Re-run with --yes to check these pairs.\n");
    return EXIT.ok;
  }
  const built = await modelFromArgs(args, io, { streaming: false, onWait: waitLine(io) });
  if ("error" in built) {
    io.err(`${built.error}\n`);
    return built.error.startsWith("--base-url") ? EXIT.usage : EXIT.findings;
  }
  const found: Contradiction[] = [];
  const spent: TokenUsage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
  let dropped = 0;
  let failed = 0;
  for (const [n, p] of pairs.entries()) {
    io.err(`[${n + 1}/${pairs.length}] ${p.a} <-> ${p.b}\n`);
    const r = await checkPair(built.model, p, textOf(p.a), textOf(p.b));
    if (!r.ok) {
      io.err(`  ${r.error.message}\n`);
      failed++;
      if (r.error.kind === "no-key" || r.error.kind === "auth" || r.error.kind === "rate-limited") break;
      continue;
    }
    addUsage(spent, r.value.usage);
    dropped += r.value.dropped;
    found.push(...r.value.found);
    state.checked[pairKey(p.a, p.b)] = [hashOf(p.a), hashOf(p.b)];
  }
  await mkdir(dirname(statePath), { recursive: true });
  await writeFile(`${statePath}.tmp`, JSON.stringify(state));
  await rename(`${statePath}.tmp`, statePath);
  if (format === "json") io.out(`${JSON.stringify({ contradictions: found, dropped, failed, usage: spent }, null, 2)}\n`);
  else {
    for (const c of found) {
      io.out(`${c.a.path}:${c.a.line + 1}  "${c.a.quote}"\n${c.b.path}:${c.b.line + 1}  "${c.b.quote}"\n  ${c.explanation} (${c.confidence} confidence)\n\n`);
    }
    if (found.length === 0) io.out("No contradictions found.\n");
  }
  io.err(`${found.length} contradiction${found.length === 1 ? "" : "s"}; ${dropped} reported quote${dropped === 1 ? "" : "s"} not found in the files and dropped; ${spent.inputTokens} in + ${spent.outputTokens} out tokens, ${formatCost(estimateCost(spent))}.\n`);
  return found.length > 0 || failed > 0 ? EXIT.findings : EXIT.ok;
}

function parseState(text: string | null): ContradictionState {
  const empty: ContradictionState = { version: 1, checked: {}, dismissed: {} };
  if (text === null) return empty;
  try {
    const v = JSON.parse(text) as Partial<ContradictionState>;
    return v && v.version === 1 && typeof v.checked === "object" && typeof v.dismissed === "object" ? (v as ContradictionState) : empty;
  } catch {
    return empty;
  }
}
