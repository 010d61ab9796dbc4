import { reportFolderOf, trimSlashes } from "../knowledge/knowledge-layout";
import type { NoteStore } from "../notes/note-store";
import { err, ok, type Result } from "../result";
import { describeError } from "./commit-writes";
import { shortHash } from "../util/short-hash";
import { writeRefusal, type WriteRules } from "../knowledge/write-rules";

/** The frontmatter line that marks a note as a lint report this plugin wrote (the only notes it replaces). */
const MARKER = "kc: lint-report";

/** The frontmatter key holding the hash of the report as written (the note without this line): a differing hash is a person's edit. */
const HASH_KEY = "kc-hash";

/** Where and what the write did. */
export interface LintReportWritten {
  path: string;
  /** True when that day's earlier report was replaced, false when the note was created. */
  replaced: boolean;
  /** The day's earlier report the person edited since it was written: left as it is, the new report went beside it. */
  keptEdited?: string;
}

/**
 * Why the report folder setting cannot be used, or null: it must be a plain folder strictly inside the knowledge
 * folder (so reports are excluded from lint and routing like the plugin's other files, and never land among notes),
 * and not the concepts, connections or qa folder or inside one (their articles would be taken for reports).
 */
export function reportFolderProblem(rules: WriteRules): string | null {
  const k = trimSlashes(rules.knowledgeFolder.trim());
  const folder = reportFolderOf(rules);
  if (folder.split("/").some((s) => s === "" || s === "." || s === ".." || s.startsWith(".")) || folder.includes("\\"))
    return `The report folder "${folder}" is not a plain folder inside the vault (no "..", no hidden or config folders).`;
  if (!folder.startsWith(`${k}/`))
    return `The report folder "${folder}" is outside the knowledge folder "${k}/"; choose a folder inside it, such as "${k}/reports".`;
  // Notes in the report folder are not articles: the articles' folders (in any case, for case-insensitive disks) would vanish.
  const top = folder
    .slice(k.length + 1)
    .split("/")[0]!
    .toLowerCase();
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
  const unsigned = `---\n${MARKER}\ndate: ${date}\n---\n${body}`;
  return `---\n${MARKER}\ndate: ${date}\n${HASH_KEY}: ${shortHash(unsigned)}\n---\n${body}`;
}

/** True when a report note reads as it was written: its recorded hash matches (a report from before the hash counts as unedited). */
export function isUneditedReport(text: string): boolean {
  const head = text.indexOf("\n---", 3);
  const line = new RegExp(`^${HASH_KEY}: ([0-9a-f]{16})\n`, "m").exec(text.slice(0, head + 1));
  return !line || shortHash(text.slice(0, line.index) + text.slice(line.index + line[0].length)) === line[1];
}

/** True when a note's frontmatter marks it as a lint report written by this plugin. */
export function isLintReportNote(text: string): boolean {
  const t = text.replace(/^\ufeff/, "").replace(/\r\n/g, "\n");
  if (!t.startsWith("---\n")) return false;
  const end = t.indexOf("\n---", 3);
  if (end === -1) return false;
  return t
    .slice(4, end + 1)
    .split("\n")
    .some((line) => line.trimEnd() === MARKER);
}

/**
 * Writes the day's lint report (`<report folder>/lint-YYYY-MM-DD.md`) through the write rules: the folder must be
 * inside the knowledge folder; an existing note of that name is replaced only when its frontmatter marks it as a lint
 * report (re-checked inside the read-modify-write), else nothing is written and the reason is returned. A report the
 * person edited since it was written (its recorded hash no longer matches) is kept, and the new one goes beside it
 * (`lint-YYYY-MM-DD-2.md`…), named in `keptEdited`. Earlier days' reports are never touched. Not journalled for undo: a report is regenerated, and undo stays with the last compile.
 */
export async function writeLintReport(store: NoteStore, rules: WriteRules, date: string, markdown: string): Promise<Result<LintReportWritten, string>> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return err(`"${date}" is not a date (YYYY-MM-DD).`);
  const problem = reportFolderProblem(rules);
  if (problem) return err(`No report written: ${problem}`);
  const first = `${reportFolderOf(rules)}/lint-${date}.md`;
  const text = lintReportNote(markdown, date);
  let path = first;
  let keptEdited: string | undefined;
  try {
    // The day's report, or when the person edited it, the next free or unedited `lint-<date>-<n>.md` beside it.
    for (let n = 2; ; n++) {
      const refused = writeRefusal(path, rules);
      if (refused) return err(`No report written: ${refused}.`);
      const edited = keptEdited === undefined ? {} : { keptEdited };
      if (!(await store.exists(path))) {
        await store.create(path, text);
        return ok({ path, replaced: false, ...edited });
      }
      const kindOf = (current: string): "foreign" | "edited" | null => (!isLintReportNote(current) ? "foreign" : !isUneditedReport(current) ? "edited" : null);
      let found = kindOf(await store.read(path));
      if (found === null) {
        await store.process(path, (current) => {
          found = kindOf(current);
          return found ? current : text;
        });
      }
      if (found === "foreign")
        return err(
          `${path} exists and is not a lint report written by Knowledge Compiler (its frontmatter has no "${MARKER}"), so it was left as it is; move or rename it, or choose another report folder.`,
        );
      if (found === null) return ok({ path, replaced: true, ...edited });
      keptEdited ??= path;
      if (n > 20) return err(`No report written: ${first} and the reports beside it were edited since they were written; they were left as they are.`);
      path = `${reportFolderOf(rules)}/lint-${date}-${n}.md`;
    }
  } catch (e) {
    return err(`No report written to ${path}: ${describeError(e)}.`);
  }
}
