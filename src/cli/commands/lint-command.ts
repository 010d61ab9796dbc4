import { isCalendarDate } from "../../core/util/calendar-date";
import { localDate } from "../../core/util/local-date";
import { formatLintJson, formatLintMarkdown } from "../../core/lint/format-lint-report";
import { formatLintSarif } from "../../core/lint/format-lint-sarif";
import manifest from "../../../manifest.json";
import { writeLintReport } from "../../core/workflows/write-lint-report";
import { runLint } from "../../core/workflows/lint-run-workflow";
import { nodeLintHost } from "../../node/node-lint-host";
import { fsCodeRepo, isRepoFolder } from "../../desktop/fs-code-repo";
import { EXIT, usage, type NodeIo } from "../../node/node-io";
import { loadVault, missingFolderProblem, printVaultWarnings } from "../../node/load-vault";
import { flagString, type ParsedArgs } from "../parse-args";
import { runLintFixes } from "./lint-fix";
import type { Command } from "../run-cli";

/** Help text of `kc lint`. */
export const LINT_HELP = `kc lint <vault> [--scope knowledge|vault] [--format md|json|sarif] [--knowledge <folder>] [--repo <dir>] [--stale-after-days N] [--today YYYY-MM-DD] [--progress] [--write-report]
        [--fix [--yes]]

Checks the knowledge base: broken links and subpaths, orphan articles, missing backlinks, sparse
articles, daily logs never compiled or changed since compile, CKP rule breaches and stale stamps, articles
no one confirmed in a long time, and the contradictions \`kc contradictions\` found that still hold.
Prints a markdown report (or JSON, or SARIF 2.1.0 for code scanning). Exit code 1 when there are errors, so CI can gate on it; exit code 2
when the knowledge folder does not exist (a typo in --knowledge never passes as "no findings").

  --scope knowledge|vault   lint the knowledge folder or every note in the vault (default: the plugin's saved
                            lint scope, else the knowledge folder)
  --format md|json|sarif    the report as markdown (default), JSON, or SARIF 2.1.0 (paths relative to <vault>)
  --knowledge <folder>      the knowledge folder (default: the plugin's setting in data.json, else "knowledge")
  --repo <dir>              the code repository articles cite: report cited files that are gone
                            (cited-file-missing) and cited symbols no longer defined (cited-symbol-missing)
  --stale-after-days N      an article nothing confirmed in N days is a suggestion (default: the plugin's
                            setting, else 180)
  --today YYYY-MM-DD        the date the checks count from (default: today), for reports that must not age
  --progress                show reading progress on stderr (on by default on a terminal)
  --write-report            also write the markdown report as <report folder>/lint-YYYY-MM-DD.md (default
                            <knowledge>/reports; replaces only today's report, never a note that is not one;
                            exit code 2 when it cannot be written)
  --fix                     apply every safe fix (missing backlinks, stale or surplus relationship stamps) to
                            the notes lint covers: prints the review instead of the report, asks, then writes
                            them as one write that \`kc undo\` puts back (never hidden or config folders)
  --yes                     with --fix: write without asking

A broken settings file (data.json, .obsidian/daily-notes.json) is named in a warning with what is used
instead; when data.json's compile state cannot be read, daily logs are not reported as uncompiled or changed.`;

/** Runs `kc lint`. */
export async function runLintCommand(args: ParsedArgs, io: NodeIo): Promise<number> {
  const dir = args.positionals[1];
  if (!dir) {
    io.err(`Missing the vault folder.\n\n${LINT_HELP}\n`);
    return EXIT.usage;
  }
  // Without --scope, the scope saved in the plugin's settings (as Obsidian lints), else the knowledge folder.
  const scope = flagString(args, "scope");
  const format = flagString(args, "format", "md");
  if (scope !== undefined && scope !== "knowledge" && scope !== "vault") return usage(io, `--scope must be knowledge or vault, not "${scope}".`);
  if (format !== "md" && format !== "json" && format !== "sarif") return usage(io, `--format must be md, json or sarif, not "${format}".`);
  const repoDir = flagString(args, "repo");
  if (repoDir !== undefined && !isRepoFolder(repoDir)) return usage(io, `--repo ${repoDir} is not a folder.`);
  const staleFlag = flagString(args, "stale-after-days");
  const staleGiven = staleFlag === undefined ? undefined : Number(staleFlag);
  if (staleGiven !== undefined && (!Number.isInteger(staleGiven) || staleGiven < 1)) return usage(io, "--stale-after-days must be a whole number, 1 or more.");
  const today = flagString(args, "today", localDate())!;
  if (!isCalendarDate(today)) return usage(io, `--today must be a real date written like 2026-11-22, not "${today}".`);
  const knowledge = flagString(args, "knowledge");
  const fix = args.flags.has("fix");
  if (args.flags.has("yes") && !fix) return usage(io, "--yes only goes with --fix.");
  if (fix && args.flags.has("write-report")) return usage(io, "--fix and --write-report go in separate runs: fix first, then write the report.");
  const progress = io.isTTY || args.flags.has("progress");
  const vault = await loadVault(
    dir,
    { ...(scope !== undefined ? { lintScope: scope } : {}), ...(knowledge !== undefined ? { knowledgeFolder: knowledge } : {}) },
    progress ? (d, t) => io.err(`\rreading ${d}/${t} files`) : undefined,
    // Daily logs' texts are kept for their hashes; every text when the cited code is checked (--repo).
    { countWords: "up-to-sparse", keepTexts: repoDir !== undefined ? true : "daily" },
  );
  if (progress) io.err("\n");
  printVaultWarnings(vault, io);
  // Without the flag, the plugin's own "stale after" setting (data.json), as the lint pane counts.
  const staleAfterDays = staleGiven ?? vault.data.lint.staleAfterDays;
  const missing = vault.settings.lintScope === "knowledge" ? missingFolderProblem(vault, "knowledge", "or lint every note with --scope vault") : null;
  if (missing) return usage(io, missing);
  const { findings, leftOut } = await runLint(nodeLintHost(vault), {
    settings: vault.settings,
    compileState: vault.compileStateUnknown ? null : vault.compileState,
    today,
    staleAfterDays,
    codeRepo: repoDir !== undefined ? fsCodeRepo(repoDir) : null,
  });
  // A compile state that could not be read is not "never compiled": those checks are left out, and said so.
  if (leftOut.length > 0) io.err("warning: daily logs are not checked for being uncompiled or changed, because the compile state could not be read.\n");
  if (fix) return runLintFixes(vault, findings, io, args.flags.has("yes"));
  const meta = { vaultName: vault.name, noteCount: vault.noteCount, scope: vault.settings.lintScope, date: today } as const;
  io.out(
    format === "json"
      ? formatLintJson(findings, meta)
      : format === "sarif"
        ? formatLintSarif(findings, { version: manifest.version })
        : formatLintMarkdown(findings, meta),
  );
  if (args.flags.has("write-report")) {
    const written = await writeLintReport(vault.store, vault.settings, today, formatLintMarkdown(findings, { ...meta, date: today }));
    if (!written.ok) {
      io.err(`${written.error}\n`);
      return EXIT.usage;
    }
    const kept = written.value.keptEdited ? ` (${written.value.keptEdited} was edited since it was written, so it was left as it is)` : "";
    io.err(`${written.value.replaced ? "Updated" : "Wrote"} ${written.value.path}${kept}\n`);
  }
  return findings.some((f) => f.severity === "error") ? EXIT.findings : EXIT.ok;
}

/** The command as kc's command tables hold it (main.ts, and the release bundle of this command alone). */
export const command: Command = { help: LINT_HELP, run: runLintCommand };
