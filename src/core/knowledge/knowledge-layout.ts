import { isMarkdownPath } from "../util/markdown-path";

/** The kinds of file the plugin owns inside the knowledge folder (reports: written lint reports, never linted or routed). */
export type KnowledgeKind = "concept" | "connection" | "qa" | "index" | "log" | "report" | "article";

/** True for the kinds that are articles (routed, linted as articles, in the graph): not index.md, log.md or a report. */
export function isArticleKind(kind: KnowledgeKind | null): boolean {
  return kind !== null && kind !== "index" && kind !== "log" && kind !== "report";
}

/**
 * True for the notes a whole-vault scope holds (the router's "vault" scope, the graph of every note): every markdown
 * note but the knowledge folder's index.md and log.md, the lint reports, and notes in hidden folders. One rule for
 * the plugin and the CLI.
 */
export function isVaultNote(path: string, knowledgeFolder: string, reportFolder?: string): boolean {
  return scopeNotes("vault", knowledgeFolder, reportFolder)(path);
}

/**
 * The router's rule for the notes of a scope (isVaultNote for "vault", an article kind of classifyPath otherwise) as
 * one predicate with the folders worked out once: at start-up it is asked of every note of the vault, where working
 * them out per note cost ~50 ms at 10,000 notes.
 */
export function scopeNotes(scope: "knowledge" | "vault", knowledgeFolder: string, reportFolder?: string): (path: string) => boolean {
  const f = trimSlashes(knowledgeFolder);
  const prefix = f === "" ? "" : `${f}/`;
  const own = (folder: string) => `${reportFolderOf({ knowledgeFolder: folder, ...(reportFolder !== undefined ? { reportFolder } : {}) })}/`;
  const reports = own(f);
  const vaultReports = own(knowledgeFolder);
  const index = `${prefix}index.md`;
  const log = `${prefix}log.md`;
  const md = (path: string) => path.length >= 3 && path.charCodeAt(path.length - 3) === 46 && path.slice(-2).toLowerCase() === "md" && !inHiddenFolder(path);
  if (scope === "vault") return (path) => md(path) && !path.startsWith(vaultReports) && path !== index && path !== log;
  return (path) => path.startsWith(prefix) && md(path) && !path.startsWith(reports) && path !== index && path !== log;
}

/**
 * True for a path below a hidden folder (a folder whose name starts with ".": the config folder, .trash, .git…).
 * Such a note is in no scope: Obsidian does not index it, and read_article and the write gate refuse it, so the
 * router must not load and send it either. No regular expression: asked of every note at start-up.
 */
export function inHiddenFolder(path: string): boolean {
  if (path.charCodeAt(0) === 46 && path.includes("/")) return true;
  // The first "/." is a hidden folder when a "/" follows it; else it is the file itself, the last part.
  const at = path.indexOf("/.");
  return at !== -1 && path.indexOf("/", at + 1) !== -1;
}

/** The vault-relative folder lint reports are written to: the setting, or `<knowledgeFolder>/reports` when it is "". */
export function reportFolderOf(settings: { knowledgeFolder: string; reportFolder?: string }): string {
  const own = trimSlashes((settings.reportFolder ?? "").trim());
  return own !== "" ? own : `${trimSlashes(settings.knowledgeFolder.trim())}/reports`;
}

/** Paths of the plugin's files under a knowledge folder. */
export function knowledgePaths(folder: string): { index: string; log: string; concepts: string; connections: string; qa: string } {
  const f = trimSlashes(folder);
  const at = (p: string): string => (f === "" ? p : `${f}/${p}`);
  return { index: at("index.md"), log: at("log.md"), concepts: at("concepts"), connections: at("connections"), qa: at("qa") };
}

/**
 * What a vault path is inside the knowledge folder, or null when it is outside it or not markdown. Notes in the report
 * folder (vault-relative; default `<knowledgeFolder>/reports`) are reports.
 */
export function classifyPath(path: string, knowledgeFolder: string, reportFolder?: string): KnowledgeKind | null {
  const f = trimSlashes(knowledgeFolder);
  const prefix = f === "" ? "" : `${f}/`;
  if (!path.startsWith(prefix) || !isMarkdownPath(path)) return null;
  if (path.startsWith(`${reportFolderOf({ knowledgeFolder: f, ...(reportFolder !== undefined ? { reportFolder } : {}) })}/`)) return "report";
  const rest = path.slice(prefix.length);
  if (rest === "index.md") return "index";
  if (rest === "log.md") return "log";
  if (rest.startsWith("concepts/")) return "concept";
  if (rest.startsWith("connections/")) return "connection";
  if (rest.startsWith("qa/")) return "qa";
  return "article";
}

/** A kebab-case file name for a title: lowercase, words joined by hyphens; letters of any script are kept. */
export function slugify(title: string): string {
  const slug = title
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
  return slug === "" ? "untitled" : slug;
}

/** A folder setting without leading or trailing slashes ("" is the vault root). */
export function trimSlashes(s: string): string {
  // No copy when neither end has a slash, as a setting mostly has not (daily-note detection asks it for every path).
  return s.charCodeAt(0) === 47 || s.charCodeAt(s.length - 1) === 47 ? s.replace(/^\/+|\/+$/g, "") : s;
}
