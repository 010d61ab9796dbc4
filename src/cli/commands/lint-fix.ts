import { diffLines } from "../../core/compile/format-compile";
import type { LintFinding } from "../../core/lint/lint-types";
import { stripControls } from "../../core/util/strip-controls";
import { applyLintFixes, planLintFixes, type LintFixHost, type LintFixPlan } from "../../core/workflows/lint-fix-workflow";
import type { LoadedVault } from "../../node/load-vault";
import { nodeRecords } from "../../node/node-compile-host";
import { EXIT, type NodeIo } from "../../node/node-io";

/** Notes longer than this (in lines) are reviewed by what each fix does, without a line diff (the diff is O(n·m)). */
const DIFF_MAX_LINES = 400;
/** How many notes that cannot be fixed are named one by one before the rest are counted. */
const SKIPPED_SHOWN = 20;

/**
 * `kc lint --fix`: every safe fix of the findings, planned by the one lint-fix workflow the plugin's Fix all uses,
 * shown as a review (each note, what each fix does, the lines it changes), then written after a yes on the terminal
 * (or with --yes) as one journalled write that `kc undo` takes back. Nothing is written without one or the other.
 */
export async function runLintFixes(vault: LoadedVault, findings: readonly LintFinding[], io: NodeIo, yes: boolean): Promise<number> {
  const host: LintFixHost = { store: vault.store, rules: () => vault.settings, ...nodeRecords(vault), now: () => new Date() };
  const fixes = findings.flatMap((f) => (f.fix ? [f.fix] : []));
  if (fixes.length === 0) {
    io.err("Nothing to fix: no finding has a safe fix.\n");
    return EXIT.ok;
  }
  const plan = await planLintFixes(host, fixes);
  printReview(io, plan);
  if (plan.changes.length === 0) {
    io.err("Nothing to fix: the notes already read as the fixes would make them.\n");
    return EXIT.ok;
  }
  const n = plan.changes.length;
  const notes = `${n} note${n === 1 ? "" : "s"}`;
  if (!yes) {
    const ok = io.confirm ? await io.confirm(`Write these fixes to ${notes}?`) : false;
    if (!ok) {
      io.err(io.confirm ? "Nothing was written.\n" : "Nothing was written: re-run with --yes to write the fixes.\n");
      return EXIT.ok;
    }
  }
  const r = await applyLintFixes(host, plan.changes);
  if (!r.ok) {
    io.err(`${r.error}\n`);
    return EXIT.findings;
  }
  io.err(`Fixed ${fixes.length} finding${fixes.length === 1 ? "" : "s"} in ${notes} as one write; \`kc undo\` puts ${n === 1 ? "it" : "them"} back.\n`);
  return EXIT.ok;
}

/** The review on the terminal: each note with what each fix does and the lines it changes; what cannot be fixed. */
function printReview(io: NodeIo, plan: LintFixPlan): void {
  for (const c of plan.changes) {
    io.out(`\n${stripControls(c.path)}\n`);
    for (const s of c.summary) io.out(`  ${stripControls(s)}\n`);
    const lines = Math.max(c.before.split("\n").length, c.after.split("\n").length);
    if (lines <= DIFF_MAX_LINES) for (const d of diffLines(c.before, c.after, 0)) io.out(`    ${stripControls(d)}\n`);
  }
  if (plan.changes.length > 0) io.out("\n");
  for (const s of plan.skipped.slice(0, SKIPPED_SHOWN)) io.err(`not fixed: ${stripControls(s)}\n`);
  if (plan.skipped.length > SKIPPED_SHOWN) io.err(`not fixed: ${plan.skipped.length - SKIPPED_SHOWN} more\n`);
}
