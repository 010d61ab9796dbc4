import { matchDailyNote } from "./daily-notes";
import { classifyPath, reportFolderOf, trimSlashes } from "./knowledge-layout";
import type { KnowledgeSettings } from "./knowledge-settings";
import type { FileWrite } from "./rewrite-file";
import { findFrontmatter } from "../notes/frontmatter";
import { isMarkdownPath } from "../util/markdown-path";

/** What every write is checked against: the folder the plugin owns and where daily notes live. */
export type WriteRules = Pick<KnowledgeSettings, "knowledgeFolder" | "dailyFolder" | "dailyFormat"> & {
  reportFolder?: string;
  /** Where lint looks, and so where a lint fix may write (lintFixRefusal); absent: the knowledge folder. */
  lintScope?: KnowledgeSettings["lintScope"];
};

/**
 * Why the knowledge folder setting cannot be used for writing, or null when it can: the vault root would make every
 * note an article, and a knowledge folder holding the daily notes would offer the logs to the model as articles.
 */
export function knowledgeFolderProblem(rules: WriteRules): string | null {
  const k = trimSlashes(rules.knowledgeFolder.trim());
  const d = trimSlashes(rules.dailyFolder.trim());
  if (k === "" || k === ".")
    return 'The knowledge folder is the vault root; choose a folder of its own (for example "knowledge"), so your other notes are never treated as articles.';
  // An empty segment ("a//b") would make every write under it refused as "not a plain vault path"; a dot segment
  // (".", "..", ".obsidian") climbs out or hides the folder.
  if (k.split("/").some((s) => s === "" || s.startsWith(".")))
    return `The knowledge folder "${rules.knowledgeFolder}" is not a plain folder inside the vault (no "..", no hidden or config folders).`;
  if (d === k || d.startsWith(`${k}/`))
    return `The knowledge folder "${k}" contains the daily notes folder "${d}"; daily notes must stay outside it, so choose another knowledge folder or daily notes folder.`;
  return null;
}

/**
 * Why a write to `path` is refused, or null when it is allowed. The one rule every compile, revalidation, file-back
 * and undo write passes: a markdown file inside the knowledge folder, never a daily note, never a hidden or config
 * folder, never a path that climbs out.
 */
export function writeRefusal(path: string, rules: WriteRules): string | null {
  const folder = knowledgeFolderProblem(rules);
  if (folder) return folder;
  const plain = plainNoteRefusal(path);
  if (plain) return plain;
  const k = trimSlashes(rules.knowledgeFolder.trim());
  if (!path.startsWith(`${k}/`)) return `${path} is outside the knowledge folder ${k}/`;
  if (matchDailyNote(path, rules) !== null) return `${path} is a daily note, which is never written`;
  return null;
}

/**
 * Why `path` is not a markdown note the vault plainly holds, or null: a vault-relative path that never climbs out,
 * has no empty or dot segment, lies in no hidden or config folder (".obsidian", ".trash", ".git") and ends in .md.
 * The part of every write rule that does not depend on the settings.
 */
export function plainNoteRefusal(path: string): string | null {
  if (path === "" || path.startsWith("/") || /^[a-z]:/i.test(path) || path.includes("\\")) return `${JSON.stringify(path)} is not a vault-relative path`;
  const parts = path.split("/");
  if (parts.some((s) => s === "" || s === "." || s === "..")) return `${JSON.stringify(path)} is not a plain vault path`;
  if (parts.some((s) => s.startsWith("."))) return `${path} is in a hidden or config folder`;
  if (!isMarkdownPath(path)) return `${path} is not a markdown note`;
  return null;
}

/**
 * Why a lint fix may not write `path`, or null: a fix goes where lint looks, and nowhere else. In the knowledge scope
 * that is the knowledge-folder rule (writeRefusal). In the whole-vault scope it is every note lint covers: a plain
 * markdown note of the vault (plainNoteRefusal: never outside it, never a hidden or config folder), except the lint
 * reports it writes (in either scope); a daily note is covered there, so a fix the person reviewed may add to it.
 */
export function lintFixRefusal(path: string, rules: WriteRules, scope: string | undefined = rules.lintScope): string | null {
  const refused = scope === "vault" ? plainNoteRefusal(path) : writeRefusal(path, rules);
  if (refused) return refused;
  // Lint never reads its own reports, in either scope, so no fix is about one.
  if (classifyPath(path, rules.knowledgeFolder, reportFolderOf(rules)) === "report") return `${path} is a lint report, which lint fixes never change`;
  return null;
}

/**
 * True for a note a compile may treat as an article: a concept, connection or other note inside the knowledge
 * folder, never index.md, log.md, a filed answer (qa/) or a daily note, wherever the daily notes live.
 */
export function isArticlePath(path: string, rules: WriteRules): boolean {
  const kind = classifyPath(path, rules.knowledgeFolder, reportFolderOf(rules));
  return (kind === "concept" || kind === "connection" || kind === "article") && knowledgeFolderProblem(rules) === null && matchDailyNote(path, rules) === null;
}

/**
 * Why capture may not append to `path`, or null: capture's one exception to the rules above is appending to a daily
 * note (by the Daily Notes settings), never one inside the knowledge folder or a hidden folder.
 */
export function appendRefusal(path: string, rules: WriteRules): string | null {
  // An empty segment also catches "" and a rooted path; a dot segment also catches "." and "..".
  if (path.includes("\\") || path.split("/").some((s) => s === "" || s.startsWith("."))) return `${JSON.stringify(path)} is not a plain vault path`;
  if (matchDailyNote(path, rules) === null) return `${path} is not a daily note`;
  const k = trimSlashes(rules.knowledgeFolder.trim());
  if (k === "" || path.startsWith(`${k}/`)) return `${path} is inside the knowledge folder`;
  return null;
}

/** A note's body: everything after its frontmatter block (after a BOM when it has none). */
function bodyAfterFrontmatter(text: string): string {
  const block = findFrontmatter(text);
  return block ? text.slice(block.bodyStart) : text.slice(text.charCodeAt(0) === 0xfeff ? 1 : 0);
}

/**
 * Why a header write to a note is refused, or null: the one narrow exception to the knowledge-folder rule, for
 * proposed CKP headers. An existing markdown note anywhere in the vault (not hidden, not a daily note, no path that
 * climbs out) may have its frontmatter changed, and only its frontmatter: the body must be byte-identical before and
 * after. The same check passes the undo of such a write (its before and after swap).
 */
export function headerChangeRefusal(change: FileWrite, rules: WriteRules): string | null {
  const path = change.path;
  const plain = plainNoteRefusal(path);
  if (plain) return plain;
  if (matchDailyNote(path, rules) !== null) return `${path} is a daily note, which is never written`;
  if (change.before === null) return `${path} does not exist; headers are only added to existing notes`;
  // The same text (the check before a header is drafted) has the same body: not read twice.
  if (change.before !== change.after && bodyAfterFrontmatter(change.before) !== bodyAfterFrontmatter(change.after))
    return `${path} would change outside its frontmatter; a header write never touches a note's body`;
  return null;
}

/**
 * Why one file of a recorded write is refused, or null: the knowledge-folder rule for every write, for a header write
 * ("headers") also the frontmatter-only exception above, and for a lint fix ("lint-fix") the rule of the lint scope it
 * was written in (`scope`, kept in its record, so undo applies the rule the write passed whatever the scope is now).
 * Checked before writing and again before undoing.
 */
export function recordedWriteRefusal(change: FileWrite, op: string | undefined, rules: WriteRules, scope?: string): string | null {
  if (op === "lint-fix") return lintFixRefusal(change.path, rules, scope ?? "knowledge");
  const refused = writeRefusal(change.path, rules);
  if (refused === null || op !== "headers") return refused;
  return headerChangeRefusal(change, rules);
}
