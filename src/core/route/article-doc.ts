import type { CkpHeader } from "../ckp/ckp-header";
import { readCkpHeader } from "../ckp/read-ckp-header";
import type { ParsedNote } from "../notes/note-types";
import { estimateTokens } from "../llm/estimate-tokens";

/** What the router knows about one article: its searchable fields, its header and its size in tokens. */
export interface ArticleDoc {
  path: string;
  title: string;
  aliases: string;
  answers: string;
  tldr: string;
  tags: string;
  headings: string;
  body: string;
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
  return file.toLowerCase().endsWith(".md") ? file.slice(0, -3) : file;
}

/** First paragraph of a body (skipping headings, lists' markers, blank lines), as a stand-in TLDR for articles without one. */
export function firstParagraph(body: string, maxChars = 300): string {
  const lines = body.split(/\r?\n/);
  const para: string[] = [];
  for (const line of lines) {
    const t = line.trim();
    if (t === "" || t.startsWith("#") || t.startsWith("---") || t.startsWith("```") || t.startsWith("|")) {
      if (para.length > 0) break;
      continue;
    }
    para.push(t.replace(/^[-*>]\s+/, ""));
    if (para.join(" ").length >= maxChars) break;
  }
  return para.join(" ").slice(0, maxChars);
}

/** Builds the router's view of one article from its text and parse; articles without CKP headers still get fields. */
export function buildArticleDoc(path: string, text: string, parsed: ParsedNote): ArticleDoc {
  const header = readCkpHeader(parsed.frontmatter);
  const body = text.slice(parsed.bodyStartOffset);
  const title = header.title ?? baseName(path);
  const tldr = header.tldr ?? firstParagraph(body);
  const headings = parsed.headings.map((h) => h.text).join(" \n ");
  return {
    path,
    title: `${title} ${baseName(path).replace(/[-_]/g, " ")}`,
    aliases: header.aliases.join(" \n "),
    answers: header.answersWhen.length > 0 ? header.answersWhen.join(" \n ") : "",
    tldr,
    tags: header.tags.join(" "),
    headings,
    body,
    header,
    hasTldr: header.tldr !== null,
    tokens: estimateTokens(text),
    tldrTokens: estimateTokens(`${title}\n${tldr}`),
  };
}
