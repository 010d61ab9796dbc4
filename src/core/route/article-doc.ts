import type { CkpHeader } from "../ckp/ckp-header";
import { readCkpHeader } from "../ckp/read-ckp-header";
import type { ParsedNote } from "../notes/note-types";
import { unfencedLines } from "../notes/unfenced-lines";
import { estimateTokens } from "../llm/estimate-tokens";
import { isMarkdownPath } from "../util/markdown-path";

/** What the router knows about one article: its searchable fields, its header and its size in tokens. */
export interface ArticleDoc {
  path: string;
  title: string;
  aliases: string;
  answers: string;
  tldr: string;
  tags: string;
  headings: string;
  /** The body's text; empty in an article restored from a snapshot (its terms are in the index; see hasBody). */
  body: string;
  /** True when the body has any text besides white space. */
  hasBody: boolean;
  header: CkpHeader;
  /** True when the TLDR came from the header; false when it is the first paragraph standing in for one. */
  hasTldr: boolean;
  /** Tokens to load the whole article. */
  tokens: number;
  /** Tokens to load only its title and TLDR. */
  tldrTokens: number;
}

/** The file name without folders or `.md`. */
export function baseName(path: string): string {
  const file = path.slice(path.lastIndexOf("/") + 1);
  return isMarkdownPath(file) ? file.slice(0, -3) : file;
}

/**
 * First paragraph of a body (skipping headings, fenced code, tables, embeds, lists' markers and blank lines), as a
 * stand-in TLDR for articles without one.
 */
export function firstParagraph(body: string, maxChars = 300): string {
  const para: string[] = [];
  for (const t of unfencedLines(body)) {
    if (t === null) {
      if (para.length > 0) break;
      continue;
    }
    if (t === "" || t.startsWith("#") || t.startsWith("---") || t.startsWith("|") || t.startsWith("![[") || /^>\s*\[!/.test(t)) {
      if (para.length > 0) break;
      continue;
    }
    para.push(t.replace(/^[-*>]\s+/, ""));
    if (para.join(" ").length >= maxChars) break;
  }
  return para.join(" ").slice(0, maxChars);
}

/** A note's own one-line summary in common frontmatter properties (description, summary), when the header has no TLDR. */
export function summaryProperty(frontmatter: Record<string, unknown> | null): string | null {
  for (const key of ["description", "summary", "excerpt"]) {
    const v = frontmatter?.[key];
    if (typeof v === "string" && v.trim() !== "") return v.trim().replace(/\s+/g, " ");
  }
  return null;
}

/**
 * The name of the folder a folder note stands for (a `README`, `_README`, `index` or `_index` note, or one named as its
 * folder), without the folder's numbering ("02-JOURNAL/_README.md" → "JOURNAL"); null for any other note.
 */
export function folderNoteName(path: string): string | null {
  const parts = path.split("/");
  if (parts.length < 2) return null;
  const folder = parts[parts.length - 2]!;
  const base = baseName(path);
  if (!/^_?(?:readme|index|folder)$/i.test(base) && base.toLowerCase() !== folder.toLowerCase()) return null;
  const name = folder.replace(/^\d+[\s._-]+/, "").trim();
  return name === "" ? folder : name;
}

/** The name a question uses for a note: its header's title, else its folder's for a folder note, else its file name. */
export function nameOf(doc: { path: string; header: CkpHeader }): string {
  return doc.header.title ?? folderNoteName(doc.path) ?? baseName(doc.path);
}

/** An article's title: its header's, else the file name (the router also searches the file name). */
export function titleOf(doc: { path: string; header: CkpHeader }): string {
  return doc.header.title ?? baseName(doc.path);
}

/** The fields of an article's router view that follow from its path and header alone (a snapshot leaves them out). */
export function headerFields(path: string, header: CkpHeader): Pick<ArticleDoc, "title" | "aliases" | "answers" | "tags" | "hasTldr"> {
  const folder = folderNoteName(path);
  return {
    title: `${header.title ?? baseName(path)} ${baseName(path).replace(/[-_]/g, " ")}${folder !== null ? ` ${folder}` : ""}`,
    aliases: header.aliases.join(" \n "),
    answers: header.answersWhen.length > 0 ? header.answersWhen.join(" \n ") : "",
    tags: header.tags.join(" "),
    hasTldr: header.tldr !== null,
  };
}

/** Builds the router's view of one article from its text and parse; articles without CKP headers still get fields. */
export function buildArticleDoc(path: string, text: string, parsed: ParsedNote): ArticleDoc {
  const header = readCkpHeader(parsed.frontmatter);
  const body = text.slice(parsed.bodyStartOffset);
  const title = header.title ?? baseName(path);
  const tldr = header.tldr ?? summaryProperty(parsed.frontmatter) ?? firstParagraph(body);
  return {
    path,
    ...headerFields(path, header),
    tldr,
    headings: parsed.headings.map((h) => h.text).join(" \n "),
    body,
    hasBody: body.trim() !== "",
    header,
    tokens: estimateTokens(text),
    tldrTokens: estimateTokens(`${title}\n${tldr}`),
  };
}
