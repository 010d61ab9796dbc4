import { realpath, readFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { classifyPath, reportFolderOf } from "../core/knowledge/knowledge-layout";
import { titleOf } from "../core/route/article-doc";
import { McpToolError, type McpVaultView } from "./mcp-vault";

/** One note's text as read_article returns it, with where it is. */
export interface ArticleText {
  path: string;
  title: string;
  text: string;
}

/**
 * The vault-relative path a request names, by path (with or without `.md`) or by title, alias or link text, or a tool
 * error saying why not. Only notes the server may read are named: in the knowledge scope the knowledge folder's
 * articles, in the vault scope every note; never a hidden or config file, nothing outside the vault.
 */
export function findArticlePath(view: McpVaultView, request: { path?: string | undefined; title?: string | undefined }): string {
  const wanted = (request.path ?? request.title ?? "").trim();
  if (wanted === "") throw new McpToolError("Give the article's path (as route returns it) or its title.");
  if (request.path !== undefined) {
    const path = request.path
      .trim()
      .replace(/\\/g, "/")
      .replace(/^\.\//, "")
      .replace(/^\[\[|\]\]$/g, "");
    refuseOutside(view, path);
    const withExt = /\.md$/i.test(path) ? path : `${path}.md`;
    if (view.vault.texts.has(withExt)) return allowed(view, withExt);
    const resolved = view.vault.index.resolve(path, "");
    if (resolved && view.vault.texts.has(resolved)) return allowed(view, resolved);
    throw new McpToolError(
      `No note at "${path}"${view.scope === "knowledge" ? ` in the knowledge folder (${view.vault.settings.knowledgeFolder})` : ""}. Use the route tool to find the right path.`,
    );
  }
  const needle = wanted.toLowerCase();
  for (const doc of view.index.all()) {
    const names = [doc.header.title ?? "", ...(doc.header.aliases ?? [])].map((n) => n.toLowerCase());
    if (names.includes(needle)) return allowed(view, doc.path);
  }
  const resolved = view.vault.index.resolve(wanted, "");
  if (resolved && view.vault.texts.has(resolved)) return allowed(view, resolved);
  throw new McpToolError(`No article titled "${wanted}". Use the route tool with a question to find the article and its path.`);
}

/**
 * Reads a note found by findArticlePath from disk, checking once more where it really is: a symbolic link (or a
 * folder that is one) leading out of the vault, or out of the knowledge folder in the knowledge scope, is refused.
 */
export async function readArticle(view: McpVaultView, path: string): Promise<ArticleText> {
  const root = await realpath(view.vault.root);
  const real = await realpath(join(root, path)).catch(() => null);
  if (real === null) throw new McpToolError(`The note ${path} can no longer be read (moved or deleted since the vault was read); route again.`);
  const rel = relative(root, real).split(sep).join("/");
  if (rel.startsWith("../") || rel === ".." || rel.startsWith("/")) throw new McpToolError(`${path} is a link that leads outside the vault; it is not read.`);
  try {
    refuseOutside(view, rel);
    allowed(view, rel);
  } catch {
    throw new McpToolError(`${path} is a link that leads to ${rel}, which this server does not read.`);
  }
  const text = await readFile(real, "utf8");
  const doc = view.index.get(path);
  // titleOf, not the index's title field (title and file name together, for search): a title appears once.
  return { path, title: doc ? titleOf(doc) : path.replace(/\.md$/i, ""), text };
}

/** Refuses what no scope may read: absolute paths, `..`, hidden files and folders (the config folder among them). */
function refuseOutside(view: McpVaultView, path: string): void {
  if (path.startsWith("/") || /^[a-z]:/i.test(path))
    throw new McpToolError(`"${path}" is not a path inside the vault; give a vault-relative path such as the route tool returns.`);
  const parts = path.split("/");
  if (parts.includes(".."))
    throw new McpToolError(`"${path}" leads outside the ${view.scope === "knowledge" ? "knowledge folder" : "vault"}; this server reads only notes inside it.`);
  if (parts.some((p) => p.startsWith("."))) throw new McpToolError(`"${path}" is a hidden or configuration file; this server reads only notes.`);
}

/** The path when the scope allows it: in the knowledge scope only notes in the knowledge folder (no daily logs). */
function allowed(view: McpVaultView, path: string): string {
  if (!/\.md$/i.test(path)) throw new McpToolError(`"${path}" is not a note; this server reads only markdown notes.`);
  if (view.scope === "vault") return path;
  if (classifyPath(path, view.vault.settings.knowledgeFolder, reportFolderOf(view.vault.settings)) === null)
    throw new McpToolError(
      `"${path}" is outside the knowledge folder (${view.vault.settings.knowledgeFolder}); this server reads only knowledge articles (start it with --scope vault to read every note).`,
    );
  return path;
}
