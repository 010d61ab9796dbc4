import { isCalendarDate } from "../../core/util/calendar-date";
import { localDate } from "../../core/util/local-date";
import { costOrUnknown, formatCostOrUnknown } from "../../core/llm/cost";
import { DEFAULT_SELECT_MODEL } from "../../core/llm/models";
import type { PricedModel } from "../../core/ports/host";
import { nodeSettings } from "../../node/node-read-host";
import { distillBatch } from "../../core/capture/distill-session";
import { CAPTURE_STATE_FILE, captureSessions, parseCaptureState, type CaptureStateStore } from "../../core/workflows/capture-workflow";
import { knowledgeFolderProblem } from "../../core/knowledge/write-rules";
import { defaultTranscriptRoots, FsTranscriptSource } from "../../desktop/fs-transcript-source";
import { SessionFileTranscriptSource } from "../../desktop/session-file-transcript-source";
import { confirmBatch } from "../batch-confirm";
import { fsPluginFiles } from "../../node/plugin-file-store";
import { EXIT, usage, type NodeIo } from "../../node/node-io";
import { nodeCappedModel } from "../../node/node-spend";
import { FileWriteLock } from "../../node/file-write-lock";
import { PluginFiles } from "../../node/plugin-files";
import { modelFlags, modelFromArgs, waitLine } from "../model-options";
import { smallModelOptions } from "../../node/node-models";
import { folderOverrides, loadVault, missingFolderProblem, printVaultWarnings, type LoadedVault } from "../../node/load-vault";
import { flagString, type ParsedArgs } from "../parse-args";
import type { Command } from "../run-cli";

/** Help text of `kc capture`. */
export const CAPTURE_HELP = `kc capture <vault> [--from <dir>] [--project <cwd>] [--since YYYY-MM-DD] [--dry-run] [--format text|json]
           [--min-prompts N] [--idle-minutes N] [--knowledge <folder>] [--daily-folder <folder>] [--daily-format <format>]
           [--distill [--model <id>] [--base-url <url>|--server <name>] [--yes] [--confirm-above <usd>]] [--session-file <transcript.jsonl> | --hook]

Turns Claude Code session transcripts into daily-log entries (seed 000's session format): each session that has
been idle for a while (default 10 minutes) and has at least --min-prompts prompts from you (default 4) is read
from where the last capture stopped, redacted (keys, tokens, private keys, credentials in URLs, secret
assignments; .env and key files dropped; your home folder shown as ~) and appended to the daily note of each
day it spans, below what is there. Headless runs (sdk-*) and warm-ups are skipped. Nothing is captured twice.
--from reads transcripts from <dir> (default: $CLAUDE_CONFIG_DIR's projects/, else ~/.claude/projects and
~/.config/claude/projects); --project <cwd> captures only sessions run in that folder (repeat it for more;
default: every project). --dry-run shows what would be appended and writes nothing. Claude Code deletes
transcripts after 30 days by default: capture before then. --distill (opt-in, costs a small call per day of a
session; default model ${DEFAULT_SELECT_MODEL}) adds Decisions Made, Lessons Learned and Action Items written by the
model from the redacted session (at most 20,000 characters); a reply that does not fit falls back to the
plain entry. The most the distillation can cost is shown first; above --confirm-above (default: the plugin's
"Ask before costly compiles", else $0.25) it asks on a terminal, and without one needs --yes (nothing is captured
until then); the spending caps hold either way. The cursor per file is kept in the plugin's
folder (${CAPTURE_STATE_FILE}).
--session-file <transcript.jsonl> captures only that session (and its subagents), whether idle or not (default
--idle-minutes 0). --hook does the same for the session a Claude Code SessionEnd hook names on stdin
(its transcript_path); \`kc hooks install\` wires it. The daily notes are found as \`kc compile\` finds them
(Obsidian's Daily notes settings, the plugin's, or Obsidian's default); --daily-folder and --daily-format override.`;

/** Runs `kc capture`. */
export async function runCaptureCommand(args: ParsedArgs, io: NodeIo): Promise<number> {
  const dir = args.positionals[1];
  if (!dir) {
    io.err(`Missing the vault folder.\n\n${CAPTURE_HELP}\n`);
    return EXIT.usage;
  }
  const format = flagString(args, "format", "text");
  if (format !== "text" && format !== "json") return usage(io, `--format must be text or json, not "${format}".`);
  const since = flagString(args, "since");
  if (since !== undefined && !isCalendarDate(since)) return usage(io, `--since must be a real date written like 2026-11-01, not "${since}".`);
  const minPrompts = Number(flagString(args, "min-prompts", "4"));
  const sessionFile = await sessionFileOf(args, io);
  if (sessionFile && "error" in sessionFile) return usage(io, sessionFile.error);
  const idleMinutes = Number(flagString(args, "idle-minutes", sessionFile ? "0" : "10"));
  if (!Number.isInteger(minPrompts) || minPrompts < 1) return usage(io, "--min-prompts must be a whole number, 1 or more.");
  if (!Number.isFinite(idleMinutes) || idleMinutes < 0) return usage(io, "--idle-minutes must be a number of minutes, 0 or more.");
  // Listed, not read: capture reads only the daily notes it appends to (through the store), so a SessionEnd hook
  // fits Claude Code's 1.5 s on a vault of thousands of notes.
  const vault = await loadVault(dir, folderOverrides(args), undefined, { read: "none" });
  printVaultWarnings(vault, io);
  const problem = knowledgeFolderProblem(vault.settings);
  if (problem) return usage(io, problem);
  const from = flagString(args, "from");
  const roots = sessionFile ? [sessionFile.path] : from !== undefined ? [from] : defaultTranscriptRoots(io.env);
  const projects = args.lists?.get("project") ?? [];
  // The capture state through the guarded writer, as every file kc keeps in the plugin's folder.
  const pluginFiles = fsPluginFiles(vault.root);
  const state: CaptureStateStore = {
    load: async () => parseCaptureState(await pluginFiles.read(CAPTURE_STATE_FILE).catch(() => null)),
    save: (s) => pluginFiles.write(CAPTURE_STATE_FILE, JSON.stringify(s)),
  };
  let distill: PricedModel | undefined;
  if (args.flags.has("distill") && !args.flags.has("dry-run")) {
    const built = await modelFromArgs(args, io, { streaming: false, ...smallModelOptions(modelFlags(args), io.env), onWait: waitLine(io) });
    if ("error" in built) {
      io.err(`--distill needs a model: ${built.error}\n`);
      return EXIT.usage;
    }
    // Through the spend ledger and the caps, priced by its own id, as every other model call of kc.
    const capped = await nodeCappedModel(built, "distill", vault.root, io.env, pluginFiles);
    if (!capped.ok) return usage(io, capped.error.message);
    distill = capped.value;
  }
  const capture = (dryRun: boolean, model?: PricedModel) =>
    captureSessions(
      {
        store: vault.store,
        rules: () => vault.settings,
        source: sessionFile ? new SessionFileTranscriptSource(sessionFile.path) : new FsTranscriptSource(roots),
        state,
        localParts: (iso) => {
          const d = new Date(iso);
          return { date: localDate(d), time: `${String(d.getHours()).padStart(2, "0")}:${String(d.getMinutes()).padStart(2, "0")}` };
        },
        now: () => new Date(),
        // The same lock file compile takes; a capture waits longer for it, as a SessionEnd hook has no one waiting on it.
        lock: new FileWriteLock(new PluginFiles(vault.root).lockPath(), 30_000, vault.root),
        newDailyNoteRefusal: () => Promise.resolve(strayDailyFolder(vault)),
      },
      {
        projects: projects.length > 0 ? new Set(projects) : "all",
        minPrompts,
        idleMinutes,
        ...(since ? { since } : {}),
        dryRun,
        ...(model ? { distill: model.model } : {}),
      },
    );
  if (distill) {
    // One distillation a day of a session: counted by a dry run first, the total asked about above the threshold.
    const days = (await capture(true)).captured.length;
    const n = `${days} day${days === 1 ? "" : "s"} of sessions`;
    const stop =
      days === 0
        ? null
        : await confirmBatch(args, io, nodeSettings(vault), {
            batch: distillBatch(days, distill.price),
            modelId: distill.id,
            what: `${n} to distill`,
            question: `Distill ${n}`,
            declined: "Nothing captured.",
          });
    if (stop !== null) return stop;
  }
  const report = await capture(args.flags.has("dry-run"), distill);
  if (format === "json") io.out(`${JSON.stringify(report, null, 2)}\n`);
  else {
    for (const c of report.captured) {
      io.out(
        `${args.flags.has("dry-run") ? "would append" : "appended"} to ${c.path}: ${c.title} (${c.project}${c.redactions > 0 ? `, ${c.redactions} secret${c.redactions === 1 ? "" : "s"} redacted` : ""})\n`,
      );
      if (args.flags.has("dry-run")) io.out(`${c.text}\n`);
    }
    for (const s of report.skipped) io.err(`skipped ${s.sessionId}: ${s.reason}\n`);
    for (const f of report.failed) io.err(`not written ${f.path}: ${f.reason}\n`);
    if (report.longLines > 0) io.err(`${report.longLines} transcript line${report.longLines === 1 ? "" : "s"} over 8 MB skipped unread.\n`);
    if (report.distillStopped) io.err(`Distillation stopped: ${report.distillStopped}.\n`);
    if (report.brokenLines > 0) io.err(`${report.brokenLines} unreadable transcript line${report.brokenLines === 1 ? "" : "s"} skipped.\n`);
    if (report.usage.inputTokens > 0)
      io.err(
        `Distillation: ${report.usage.inputTokens} in + ${report.usage.outputTokens} out tokens, ${formatCostOrUnknown(costOrUnknown(report.usage, distill?.price ?? null))} (${distill?.id ?? "no model"}).\n`,
      );
    io.err(
      `${report.captured.length} session entr${report.captured.length === 1 ? "y" : "ies"} ${args.flags.has("dry-run") ? "would be appended" : "appended"}, ${report.skipped.length} skipped, ${report.redactions} secret${report.redactions === 1 ? "" : "s"} redacted (transcripts from ${roots.join(", ")}).\n`,
    );
  }
  return report.failed.length > 0 ? EXIT.findings : EXIT.ok;
}

/**
 * The one transcript to capture: --session-file, or with --hook the transcript_path of the SessionEnd JSON on stdin;
 * undefined when neither is given (every session under the transcript folders).
 */
async function sessionFileOf(args: ParsedArgs, io: NodeIo): Promise<{ path: string } | { error: string } | undefined> {
  const file = flagString(args, "session-file");
  if (file !== undefined && args.flags.has("hook")) return { error: "Give --session-file or --hook, not both." };
  if (file !== undefined) return { path: file };
  if (!args.flags.has("hook")) return undefined;
  const text = io.readStdin ? await io.readStdin() : "";
  let path: unknown;
  try {
    path = (JSON.parse(text) as { transcript_path?: unknown } | null)?.transcript_path;
  } catch {
    path = undefined;
  }
  return typeof path === "string" && path !== ""
    ? { path }
    : {
        error:
          "--hook expects Claude Code's SessionEnd JSON (with transcript_path) on stdin; give --session-file <transcript.jsonl> to capture one session by hand.",
      };
}

/**
 * Why capture may not create a daily note: the daily notes folder is only the default (neither Obsidian's Daily
 * notes settings nor the plugin's name it) and is not in the vault, so creating it would leave a stray folder.
 */
function strayDailyFolder(vault: LoadedVault): string | null {
  if (vault.sources.dailyFolder !== "the default") return null;
  return missingFolderProblem(vault, "daily", "capture creates no folder that is not configured");
}

/** The command as kc's command tables hold it (main.ts, and the release bundle of this command alone). */
export const command: Command = { help: CAPTURE_HELP, run: runCaptureCommand };
