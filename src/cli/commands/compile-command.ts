import { compilePlanJson, formatChanges, formatCompilePlan } from "../../core/compile/format-compile";
import type { CompileOutcome } from "../../core/compile/propose-compile";
import type { WriteReport } from "../../core/compile/write-compile";
import { isCalendarDate } from "../../core/util/calendar-date";
import { localDate } from "../../core/util/local-date";
import { stripControls } from "../../core/util/strip-controls";
import { formatCost } from "../../core/llm/cost";
import { buildArticleDoc } from "../../core/route/article-doc";
import type { ArticleIndex } from "../../core/route/article-index";
import { compileLogs, type CompileReviewer, type LogResult } from "../../core/workflows/compile-workflow";
import { planLogs } from "../../core/workflows/dry-run-workflow";
import { selectLogs, type LogPick } from "../../core/workflows/select-logs-workflow";
import { baseUrlProblem, waitLine, modelFlags } from "../model-options";
import { nodeHost } from "../../node/node-host";
import { confirmCompileBatch } from "./compile-batch-confirm";
import { EXIT, usage, type NodeIo } from "../../node/node-io";
import { dailyNotesLine, folderOverrides, loadVault, missingFolderProblem, printVaultWarnings, type LoadedVault } from "../../node/load-vault";
import { flagString, type ParsedArgs } from "../parse-args";
import { buildRouterIndex } from "../../node/router-index";
import type { Command } from "../run-cli";
/** Help text of `kc compile`. */
export const COMPILE_HELP = `kc compile <vault> [--file <note>] [--all] [--dry-run] [--yes] [--force] [--format text|json]
           [--model <id>] [--base-url <url>|--server <name>] [--knowledge <folder>] [--daily-folder <folder>] [--daily-format <format>]
           [--today YYYY-MM-DD] [--confirm-above <usd>]

Compiles today's daily note (or --file <note>, or with --all every daily note never compiled or changed
since) into concept and connection articles. For each log the existing articles it talks about are routed
in (a bounded number, large ones as header + relevant sections), the model proposes new articles and
updates, and the proposal is checked and shown with diffs. Files are written only after you say yes (or
with --yes); daily notes are never written. --dry-run shows what the model would be shown, the prompt's
size and the cost estimate, without calling it. A log compiled and unchanged since is skipped unless --force.
Daily notes are where Obsidian's Daily notes settings (.obsidian/daily-notes.json) put them, else the plugin's
setting, else Obsidian's default (the vault's root, YYYY-MM-DD) when they are there; the first line says which.
--daily-folder and --daily-format override it.
Needs ANTHROPIC_API_KEY (or --base-url) unless --dry-run.
With --all the total estimate is shown first; above --confirm-above (default: the plugin's "Ask before costly
compiles", $0.25) it asks, and without a terminal needs --yes. Every call stays within the spending caps.
\`kc undo <vault>\` puts back the files of the last compile.`;

interface LogReport {
  log: string;
  status: "written" | "not-written" | "failed";
  written?: string[];
  skipped?: { path: string; reason: string }[];
  tokens?: { input: number; output: number };
  costUsd?: number;
  message?: string;
}

/** Runs `kc compile`: parses the flags, builds the host, calls the selection and then the dry run or the compile, and prints. */
export async function runCompileCommand(args: ParsedArgs, io: NodeIo): Promise<number> {
  const dir = args.positionals[1];
  if (!dir) {
    io.err(`Missing the vault folder.\n\n${COMPILE_HELP}\n`);
    return EXIT.usage;
  }
  const format = flagString(args, "format", "text");
  if (format !== "text" && format !== "json") return usage(io, `--format must be text or json, not "${format}".`);
  const today = flagString(args, "today", localDate())!;
  if (!isCalendarDate(today)) return usage(io, `--today must be a real date written like 2026-11-22, not "${today}".`);
  const badUrl = baseUrlProblem(args, io.env);
  if (badUrl) return usage(io, badUrl);
  const vault = await loadVault(dir, folderOverrides(args));
  printVaultWarnings(vault, io);
  io.err(dailyNotesLine(vault));
  const { index } = buildRouterIndex(vault, "knowledge");
  const fixedNow = new Date(`${today}T12:00:00`);
  const host = { ...nodeHost(vault, index, modelFlags(args), io), now: () => (flagString(args, "today") ? fixedNow : new Date()) };
  const force = args.flags.has("force");
  const selected = await selectLogs(host, pickOf(args, today), { force, stateUnknown: vault.compileStateUnknown });
  if (!selected.ok) return usage(io, (selected.error.kind === "no-daily-notes" && missingFolderProblem(vault, "daily")) || selected.error.message);
  for (const p of selected.value.unchanged) io.err(`${p} is compiled and unchanged since; skipped (--force compiles it again).\n`);
  const logs = selected.value.logs;
  if (logs.length === 0) {
    io.err("Nothing to compile: every daily log is compiled and unchanged.\n");
    if (format === "json") io.out(`${JSON.stringify({ logs: [] }, null, 2)}\n`);
    return EXIT.ok;
  }
  if (args.flags.has("dry-run")) return printDryRun(await planLogs(host, logs), format, io);
  // --all: the batch's total estimate first, asked about above the threshold; every call within the spending caps.
  const priced = await host.models.get("compile");
  if (args.flags.has("all") && priced.ok) {
    const stop = await confirmCompileBatch(host, logs, priced.value, args, io);
    if (stop !== null) return stop;
  }
  // No terminal and no --yes: nobody could accept the proposal, so the call would be paid for and nothing written.
  if (priced.ok && !args.flags.has("yes") && !io.confirm) {
    return usage(
      io,
      "There is no terminal to review the proposal on, so nothing would be written after paying for the call. Re-run with --yes to write what the model proposes (`kc undo` puts it back), or with --dry-run to see the plan without a call.",
    );
  }
  const results = await compileLogs(host, logs, cliReviewer(args, io, format), {
    onWait: waitLine(io),
    events: {
      planned: ({ plan, estimate }, n, total) =>
        io.err(
          `[${n}/${total}] compiling ${plan.logPath}: ${plan.shown.length} existing articles shown, about ${estimate.inputTokens} prompt tokens, about ${formatCost(estimate.usd)}\n`,
        ),
      proposed: (o, usd) => {
        io.err(`Tokens: ${o.usage.inputTokens} in, ${o.usage.outputTokens} out (${o.attempts} call${o.attempts > 1 ? "s" : ""}), ${formatCost(usd)}\n`);
        if (o.changes.length === 0 && format === "text")
          io.out(`${o.plan.logPath}: ${stripControls(o.proposal.summary || "(no summary)")}\nNo articles proposed: nothing durable in this log.\n`);
      },
      written: (report) => {
        noteWritten(vault, index, report);
        for (const s of report.skipped) io.err(`skipped ${s.path}: ${s.reason}\n`);
        io.err(`Wrote ${report.written.length} file${report.written.length === 1 ? "" : "s"}; index.md and log.md updated. \`kc undo\` puts them back.\n`);
      },
    },
  });
  const unavailable = results[0]?.status === "failed" ? results[0].unavailable : undefined;
  if (unavailable) {
    io.err(`${unavailable.message} (--dry-run shows the plan without calling the model.)\n`);
    return unavailable.kind === "bad-config" ? EXIT.usage : EXIT.findings;
  }
  return printResults(results, format, io);
}

/** The logs the flags name: --file, --all, or today's daily note (the path normalised to `/` here, at the edge). */
function pickOf(args: ParsedArgs, today: string): LogPick {
  const file = flagString(args, "file");
  if (file !== undefined) return { file: file.replace(/\\/g, "/").replace(/^\.\//, "") };
  return args.flags.has("all") ? { all: true } : { today };
}

/** The person at the terminal: the proposal printed with diffs, then --yes or a question. */
function cliReviewer(args: ParsedArgs, io: NodeIo, format: string): CompileReviewer {
  return {
    review: async (o) => {
      if (format === "text")
        io.out(stripControls(`${o.plan.logPath}: ${o.proposal.summary || "(no summary)"}\n${formatChanges(o.changes, o.proposal.notes)}\n`));
      // An article left out (edited during the call, gone) is named on stderr in every format, beside the write's skips.
      for (const p of o.problems) io.err(`skipped ${stripControls(p)}\n`);
      const yes = args.flags.has("yes") || (io.confirm ? await io.confirm(`Write ${o.changes.length} file${o.changes.length === 1 ? "" : "s"}?`) : false);
      if (!yes) io.err("Not written. Re-run with --yes to write these files.\n");
      return yes ? new Set(o.changes.map((c) => c.path)) : null;
    },
  };
}

/** The CLI has no live indexing: after a write, its vault texts and router index learn the written files. */
function noteWritten(vault: LoadedVault, index: ArticleIndex, report: WriteReport): void {
  for (const f of report.undo.files) {
    vault.texts.set(f.path, f.after);
    const parsed = vault.index.setNote(f.path, f.after);
    if (report.written.some((w) => w.path === f.path)) index.upsert(buildArticleDoc(f.path, f.after, parsed));
  }
}

/** Prints a dry run (each plan, or why a log cannot be compiled); findings when any log cannot be. */
function printDryRun(planned: Awaited<ReturnType<typeof planLogs>>, format: string, io: NodeIo): number {
  const reports: Record<string, unknown>[] = [];
  for (const p of planned) {
    if (p.status === "failed") {
      io.err(`${p.message}\n`);
      reports.push({ log: p.log, status: "failed", message: p.message });
      continue;
    }
    const { plan, estimate } = p.prepared;
    if (format === "text") io.out(`${formatCompilePlan(plan, estimate)}\n\n`);
    reports.push({ ...compilePlanJson(plan, estimate), status: "planned" });
  }
  if (format === "json") io.out(`${JSON.stringify({ logs: reports }, null, 2)}\n`);
  return planned.some((p) => p.status === "failed") ? EXIT.findings : EXIT.ok;
}

/** Prints what each log's compile did (failures with their reasons and cost); findings when one failed. */
function printResults(results: LogResult[], format: string, io: NodeIo): number {
  const tokens = (o: CompileOutcome) => ({ input: o.usage.inputTokens, output: o.usage.outputTokens });
  const reports: LogReport[] = [];
  let code: number = EXIT.ok;
  for (const r of results) {
    if (r.status === "failed") {
      code = EXIT.findings;
      io.err(`${r.log}: ${stripControls(r.message)}\n`);
      if (r.error?.kind === "invalid") for (const p of r.error.problems) io.err(`  - ${stripControls(p)}\n`);
      const usage = r.error?.usage ?? r.outcome?.usage;
      if (usage && r.error) io.err(`  (spent ${usage.inputTokens} input + ${usage.outputTokens} output tokens, ${formatCost(r.spentUsd ?? 0)})\n`);
      reports.push({
        log: r.log,
        status: "failed",
        message: r.message,
        ...(usage ? { tokens: { input: usage.inputTokens, output: usage.outputTokens }, costUsd: r.spentUsd ?? 0 } : {}),
      });
    } else if (r.status === "not-written") reports.push({ log: r.log, status: "not-written", tokens: tokens(r.outcome), costUsd: r.spentUsd });
    else
      reports.push({
        log: r.log,
        status: "written",
        written: r.report.written.map((w) => w.path),
        skipped: r.report.skipped,
        tokens: tokens(r.outcome),
        costUsd: r.spentUsd,
      });
  }
  if (format === "json") io.out(`${JSON.stringify({ logs: reports }, null, 2)}\n`);
  return code;
}

/** The command as kc's command tables hold it (main.ts, and the release bundle of this command alone). */
export const command: Command = { help: COMPILE_HELP, run: runCompileCommand };
