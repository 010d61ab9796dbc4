import { compilePlanJson, formatChanges, formatCompilePlan } from "../../core/compile/format-compile";
import { selectChangedLogs } from "../../core/compile/select-logs";
import { dailyNotePath, matchDailyNote } from "../../core/knowledge/daily-notes";
import { isCalendarDate } from "../../core/util/calendar-date";
import { localDate } from "../../core/util/local-date";
import { sha256Hex } from "../../core/util/sha256";
import { stripControls } from "../../core/util/strip-controls";
import { estimateCost, formatCost } from "../../core/llm/cost";
import { buildArticleDoc } from "../../core/route/article-doc";
import type { CompileOutcome } from "../../core/compile/propose-compile";
import { compileLogs, prepareCompile, spentOn, type CompileReviewer } from "../../core/workflows/compile-workflow";
import { knowledgeFolderProblem } from "../../core/workflows/write-rules";
import { baseUrlProblem, modelFromArgs, waitLine } from "../model-options";
import { cliCompileHost } from "../cli-compile-host";
import { fsPluginFiles } from "../cli-host";
import { cliCappedModel } from "../cli-spend";
import { confirmCompileBatch } from "./compile-batch-confirm";
import { EXIT, usage, type CliIo } from "../cli-io";
import { loadVault, missingFolderProblem, printVaultWarnings, type LoadedVault } from "../load-vault";
import { flagString, type ParsedArgs } from "../parse-args";
import { buildRouterIndex } from "./route-command";
/** Help text of `kc compile`. */
export const COMPILE_HELP = `kc compile <vault> [--file <note>] [--all] [--dry-run] [--yes] [--force] [--format text|json]
           [--model <id>] [--base-url <url>] [--knowledge <folder>] [--today YYYY-MM-DD] [--confirm-above <usd>]

Compiles today's daily note (or --file <note>, or with --all every daily note never compiled or changed
since) into concept and connection articles. For each log the existing articles it talks about are routed
in (a bounded number, large ones as header + relevant sections), the model proposes new articles and
updates, and the proposal is checked and shown with diffs. Files are written only after you say yes (or
with --yes); daily notes are never written. --dry-run shows what the model would be shown, the prompt's
size and the cost estimate, without calling it. A log compiled and unchanged since is skipped unless --force.
Needs ANTHROPIC_API_KEY (or --base-url) unless --dry-run.
With --all the total estimate is shown first; above --confirm-above (default: the plugin's "Ask before costly
compiles", $0.25) it asks, and without a terminal needs --yes. Every call stays within the spending caps.
\`kc undo <vault>\` puts back the files of the last compile.`;

interface LogReport {
  log: string;
  status: "planned" | "written" | "not-written" | "failed";
  written?: string[];
  skipped?: { path: string; reason: string }[];
  tokens?: { input: number; output: number };
  costUsd?: number;
  message?: string;
  plan?: Record<string, unknown>;
}

/** Runs `kc compile`. */
export async function runCompileCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  const dir = args.positionals[1];
  if (!dir) {
    io.err(`Missing the vault folder.\n\n${COMPILE_HELP}\n`);
    return EXIT.usage;
  }
  const format = flagString(args, "format", "text");
  if (format !== "text" && format !== "json") return usage(io, `--format must be text or json, not "${format}".`);
  const today = flagString(args, "today", localDate())!;
  if (!isCalendarDate(today)) return usage(io, `--today must be a real date written like 2026-11-22, not "${today}".`);
  const dryRun = args.flags.has("dry-run");
  const badUrl = baseUrlProblem(args, io.env);
  if (badUrl) return usage(io, badUrl);
  const knowledge = flagString(args, "knowledge");
  const vault = await loadVault(dir, knowledge !== undefined ? { knowledgeFolder: knowledge } : {});
  printVaultWarnings(vault, io);
  const folderProblem = knowledgeFolderProblem(vault.settings);
  if (folderProblem) return usage(io, folderProblem);
  // Never claim a state that was not read: with data.json unreadable, "changed since compiled" cannot be known.
  if (vault.compileStateUnknown && args.flags.has("all") && !args.flags.has("force")) {
    return usage(io, "Which daily logs were compiled is not known (the plugin's data.json could not be read, see above), so --all cannot tell the changed ones. Fix data.json, or compile one log with --file, or every log with --all --force.");
  }
  const chosen = chooseLogs(vault, args, today);
  if (typeof chosen === "string") return usage(io, chosen);
  // An unchanged log is not compiled twice (it would cost the same and propose the same); --force does it anyway.
  const logs = args.flags.has("force") ? chosen : chosen.filter((p) => {
    const same = vault.compileState.logs[p]?.hash === sha256Hex(vault.texts.get(p) ?? "");
    if (same) io.err(`${p} is compiled and unchanged since; skipped (--force compiles it again).\n`);
    return !same;
  });
  if (logs.length === 0) {
    io.err("Nothing to compile: every daily log is compiled and unchanged.\n");
    if (format === "json") io.out(`${JSON.stringify({ logs: [] }, null, 2)}\n`);
    return EXIT.ok;
  }
  const built = dryRun ? null : await modelFromArgs(args, io, { streaming: false, onWait: waitLine(io) });
  if (built && "error" in built) {
    io.err(`${built.error} (--dry-run shows the plan without calling the model.)\n`);
    return built.exitCode;
  }
  const { index } = buildRouterIndex(vault, "knowledge");
  const fixedNow = new Date(`${today}T12:00:00`);
  const host = { ...cliCompileHost(vault, index), now: () => (flagString(args, "today") ? fixedNow : new Date()) };
  const reports: LogReport[] = [];
  if (dryRun) {
    let code: number = EXIT.ok;
    for (const logPath of logs) {
      const prepared = await prepareCompile(host, logPath);
      if (!prepared.ok) {
        io.err(`${prepared.error}\n`);
        reports.push({ log: logPath, status: "failed", message: prepared.error });
        code = EXIT.findings;
        continue;
      }
      const { plan, estimate } = prepared.value;
      if (format === "text") io.out(`${formatCompilePlan(plan, estimate)}\n\n`);
      reports.push({ log: logPath, status: "planned", plan: compilePlanJson(plan, estimate) });
    }
    if (format === "json") io.out(`${JSON.stringify({ logs: reports.map((r) => (r.plan ? { ...r.plan, status: r.status } : r)) }, null, 2)}\n`);
    return code;
  }
  const tokens = (o: CompileOutcome) => ({ input: o.usage.inputTokens, output: o.usage.outputTokens });
  const reviewer: CompileReviewer = {
    review: async (o) => {
      if (format === "text") {
        io.out(stripControls(`${o.plan.logPath}: ${o.proposal.summary || "(no summary)"}\n${formatChanges(o.changes, o.proposal.notes)}\n`));
        for (const p of o.problems) io.out(`dropped: ${stripControls(p)}\n`);
      }
      const yes = args.flags.has("yes") || (io.confirm ? await io.confirm(`Write ${o.changes.length} file${o.changes.length === 1 ? "" : "s"}?`) : false);
      if (!yes) io.err("Not written. Re-run with --yes to write these files.\n");
      return yes ? new Set(o.changes.map((c) => c.path)) : null;
    },
  };
  // --all: the batch's total estimate first, asked about above the threshold; every call within the spending caps.
  if (args.flags.has("all")) {
    const stop = await confirmCompileBatch(host, logs, built!.id, args, io, vault.root);
    if (stop !== null) return stop;
  }
  const capped = await cliCappedModel(built!, "compile", vault.root, io.env, fsPluginFiles(vault.root));
  if (!capped.ok) return usage(io, capped.error.message);
  const results = await compileLogs(host, capped.value, logs, reviewer, {
    events: {
      planned: ({ plan, estimate }, n, total) => io.err(`[${n}/${total}] compiling ${plan.logPath}: ${plan.shown.length} existing articles shown, about ${estimate.inputTokens} prompt tokens, about ${formatCost(estimate.usd)}\n`),
      proposed: (o) => {
        io.err(`Tokens: ${o.usage.inputTokens} in, ${o.usage.outputTokens} out (${o.attempts} call${o.attempts > 1 ? "s" : ""}), ${formatCost(spentOn(host, o))}\n`);
        if (o.changes.length > 0) return;
        if (format === "text") io.out(`${o.plan.logPath}: ${stripControls(o.proposal.summary || "(no summary)")}\nNo articles proposed: nothing durable in this log.\n`);
      },
      written: (report) => {
        for (const f of report.undo.files) {
          vault.texts.set(f.path, f.after);
          const parsed = vault.index.setNote(f.path, f.after);
          if (report.written.some((w) => w.path === f.path)) index.upsert(buildArticleDoc(f.path, f.after, parsed));
        }
        for (const s of report.skipped) io.err(`skipped ${s.path}: ${s.reason}\n`);
        io.err(`Wrote ${report.written.length} file${report.written.length === 1 ? "" : "s"}; index.md and log.md updated. \`kc undo\` puts them back.\n`);
      },
    },
  });
  let code: number = EXIT.ok;
  for (const r of results) {
    if (r.status === "failed") {
      code = EXIT.findings;
      io.err(`${r.log}: ${stripControls(r.message)}\n`);
      if (r.error?.kind === "invalid") for (const p of r.error.problems) io.err(`  - ${stripControls(p)}\n`);
      const usage = r.error?.usage ?? r.outcome?.usage;
      if (usage && r.error) io.err(`  (spent ${usage.inputTokens} input + ${usage.outputTokens} output tokens, ${formatCost(estimateCost(usage, host.price))})\n`);
      reports.push({ log: r.log, status: "failed", message: r.message, ...(usage ? { tokens: { input: usage.inputTokens, output: usage.outputTokens }, costUsd: estimateCost(usage, host.price) } : {}) });
    } else if (r.status === "not-written") reports.push({ log: r.log, status: "not-written", tokens: tokens(r.outcome), costUsd: spentOn(host, r.outcome) });
    else reports.push({ log: r.log, status: "written", written: r.report.written.map((w) => w.path), skipped: r.report.skipped, tokens: tokens(r.outcome), costUsd: spentOn(host, r.outcome) });
  }
  if (format === "json") io.out(`${JSON.stringify({ logs: reports }, null, 2)}\n`);
  return code;
}

/** The logs to compile, or a message saying why the arguments name none. */
function chooseLogs(vault: LoadedVault, args: ParsedArgs, today: string): string[] | string {
  const file = flagString(args, "file");
  if (file !== undefined) {
    const path = file.replace(/\\/g, "/").replace(/^\.\//, "");
    const withMd = path.toLowerCase().endsWith(".md") ? path : `${path}.md`;
    if (!vault.texts.has(withMd)) return `No note ${withMd} in the vault (give its path relative to the vault folder).`;
    return [withMd];
  }
  if (args.flags.has("all")) {
    const daily = [...vault.texts.keys()].filter((p) => matchDailyNote(p, vault.settings) !== null);
    const noFolder = daily.length === 0 ? missingFolderProblem(vault, "daily") : null;
    if (noFolder) return noFolder;
    if (daily.length === 0) {
      const where = `${vault.settings.dailyFolder ? `${vault.settings.dailyFolder}/` : ""}${vault.settings.dailyFormat}.md`;
      return `No daily notes in this vault: none matches ${where} (set by .obsidian/daily-notes.json or the plugin's settings).`;
    }
    // --force takes every daily note; otherwise only those never compiled or changed since.
    const state = args.flags.has("force") ? { logs: {} } : vault.compileState;
    return selectChangedLogs(daily, vault.settings, state, (p) => sha256Hex(vault.texts.get(p)!)).map((l) => l.path);
  }
  const path = dailyNotePath(today, vault.settings);
  if (!vault.texts.has(path)) return `Today's daily note ${path} does not exist; give --file <note> or --all.`;
  return [path];
}
