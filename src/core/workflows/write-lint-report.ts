import { reportFolderOf, trimSlashes } from "../knowledge/knowledge-layout";
import type { NoteStore } from "../notes/note-store";
import { err, ok, type Result } from "../result";
import { describeError } from "./commit-writes";
import { writeRefusal, type WriteRules } from "./write-rules";

/** The frontmatter line that marks a note as a lint report this plugin wrote (the only notes it replaces). */
const MARKER = "kc: lint-report";

/** Where and what the write did. */
export interface LintReportWritten {
  path: string;
  /** True when that day's earlier report was replaced, false when the note was created. */
  replaced: boolean;
}

/**
 * Why the report folder setting cannot be used, or null: it must be a plain folder strictly inside the knowledge
 * folder (so reports are excluded from lint and routing like the plugin's other files, and never land among notes),
 * and not the concepts, connections or qa folder or inside one (their articles would be taken for reports).
 */
export function reportFolderProblem(rules: WriteRules): string | null {
  const k = trimSlashes(rules.knowledgeFolder.trim());
  const folder = reportFolderOf(rules);
  if (folder.split("/").some((s) => s === "" || s === "." || s === ".." || s.startsWith(".")) || folder.includes("\\")) return `The report folder "${folder}" is not a plain folder inside the vault (no "..", no hidden or config folders).`;
  if (!folder.startsWith(`${k}/`)) return `The report folder "${folder}" is outside the knowledge folder "${k}/"; choose a folder inside it, such as "${k}/reports".`;
  // Notes in the report folder are not articles: the articles' folders (in any case, for case-insensitive disks) would vanish.
  const top = folder.slice(k.length + 1).split("/")[0]!.toLowerCase();
  if (top === "concepts" || top === "connections" || top === "qa") {
    return `The report folder "${folder}" is or is inside the knowledge base's ${top} folder: its articles would count as reports and drop out of lint, Ask and the graph; choose a folder of its own, such as "${k}/reports".`;
  }
  return null;
}

/**
 * A finding's message as inert markdown text: backslash, `[` (links, embeds, images), `<` (HTML), backticks and a `#`
 * before a word (a tag, also after a quote mark) are escaped, so a quote from a note adds no tag, link or remote image to the vault.
 */
function inertMessage(message: string): string {
  return message.replace(/[\\[<`]/g, "\\$&").replace(/#(?=[^\s#])/g, "\\#");
}

/** The report as a note: frontmatter marking it as a lint report, then the markdown with findings' messages escaped. */
export function lintReportNote(markdown: string, date: string): string {
  // A finding line is "- `path:line:col` message"; its message quotes notes ("Broken link [[b]]", a #tag, HTML).
  const lines = markdown.split("\n").map((l) => l.replace(/^(- `[^`\n]*` )(.*)$/, (_, head: string, message: string) => head + inertMessage(message)));
  // Other link syntax (a vault name in the title) stays text too and adds no links to the vault's graph.
  const body = lines.join("\n").replace(/!?\[\[/g, (m) => m.replace("[[", "\\[\\["));
  return `---\n${MARKER}\ndate: ${date}\n---\n${body}`;
}

/** True when a note's frontmatter marks it as a lint report written by this plugin. */
export function isLintReportNote(text: string): boolean {
  const t = text.replace(/^\ufeff/, "").replace(/\r\n/g, "\n");
  if (!t.startsWith("---\n")) return false;
  const end = t.indexOf("\n---", 3);
  if (end === -1) return false;
  return t.slice(4, end + 1).split("\n").some((line) => line.trimEnd() === MARKER);
}

/**
 * Writes the day's lint report (`<report folder>/lint-YYYY-MM-DD.md`) through the write rules: the folder must be
 * inside the knowledge folder; an existing note of that name is replaced only when its frontmatter marks it as a lint
 * report (re-checked inside the read-modify-write), else nothing is written and the reason is returned. Earlier days'
 * reports are never touched. Not journalled for undo: a report is regenerated, and undo stays with the last compile.
 */
export async function writeLintReport(store: NoteStore, rules: WriteRules, date: string, markdown: string): Promise<Result<LintReportWritten, string>> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return err(`"${date}" is not a date (YYYY-MM-DD).`);
  const problem = reportFolderProblem(rules);
  if (problem) return err(`No report written: ${problem}`);
  const path = `${reportFolderOf(rules)}/lint-${date}.md`;
  const refused = writeRefusal(path, rules);
  if (refused) return err(`No report written: ${refused}.`);
  const text = lintReportNote(markdown, date);
  const notReport = `${path} exists and is not a lint report written by Knowledge Compiler (its frontmatter has no "${MARKER}"), so it was left as it is; move or rename it, or choose another report folder.`;
  try {
    if (!(await store.exists(path))) {
      await store.create(path, text);
      return ok({ path, replaced: false });
    }
    if (!isLintReportNote(await store.read(path))) return err(notReport);
    let foreign = false;
    await store.process(path, (current) => {
      if (isLintReportNote(current)) return text;
      foreign = true;
      return current;
    });
    return foreign ? err(notReport) : ok({ path, replaced: true });
  } catch (e) {
    return err(`No report written to ${path}: ${describeError(e)}.`);
  }
}
