import { Notice, Platform, type App } from "obsidian";
import { classifyPath, reportFolderOf } from "../core/knowledge/knowledge-layout";
import { formatLintMarkdown } from "../core/lint/format-lint-report";
import { localDate } from "../core/util/local-date";
import { writeLintReport } from "../core/workflows/write-lint-report";
import type { LintService } from "../obsidian/lint-service";
import { ObsidianNoteStore } from "../obsidian/obsidian-note-store";

/**
 * "Write lint report": today's markdown report of the current findings as `<report folder>/lint-YYYY-MM-DD.md`,
 * through the write rules (core/workflows/write-lint-report); says in a notice where it went or why it was not written.
 */
export async function writeLintReportFlow(app: App, lint: LintService): Promise<void> {
  if (!lint.ready) {
    new Notice("The first lint is still running; write the report when it has finished.");
    return;
  }
  const settings = lint.settings;
  const reports = reportFolderOf(settings);
  const notes = app.vault.getMarkdownFiles().filter((f) => {
    const kind = classifyPath(f.path, settings.knowledgeFolder, reports);
    return kind !== "report" && (settings.lintScope === "vault" || kind !== null);
  }).length;
  const date = localDate();
  const markdown = formatLintMarkdown(lint.findings(), { vaultName: app.vault.getName(), noteCount: notes, scope: settings.lintScope, date });
  const linked = await reportFolderLeavesVault(app, reports);
  if (linked) {
    new Notice(linked, 12000);
    return;
  }
  const r = await writeLintReport(new ObsidianNoteStore(app), settings, date, markdown);
  const kept = r.ok && r.value.keptEdited ? ` (your edits to ${r.value.keptEdited} were kept; the new report went beside it)` : "";
  new Notice(r.ok ? `Lint report ${r.value.replaced ? "updated" : "written"}: ${r.value.path}${kept}` : r.error, r.ok && !kept ? 5000 : 12000);
}

/**
 * Why the report folder leads outside the vault through a symbolic link, or null. Desktop only, through the lazily
 * loaded Node check (src/desktop, ADR 0002), as the command line refuses it. Not checked on mobile: its adapter has no
 * base path or real-path call, and a mobile vault lives in the app's own storage, where no symbolic link can be made.
 */
async function reportFolderLeavesVault(app: App, folder: string): Promise<string | null> {
  const adapter = app.vault.adapter as { getBasePath?: () => string };
  if (!Platform.isDesktopApp || typeof adapter.getBasePath !== "function") return null;
  const { reportFolderLinkProblem } = await import("../desktop/report-folder-link");
  return reportFolderLinkProblem(adapter.getBasePath(), folder);
}
