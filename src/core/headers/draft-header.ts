import type { CkpHeader } from "../ckp/ckp-header";
import { formatRelation } from "../ckp/parse-relation";
import type { ParsedNote } from "../notes/note-types";
import { unfencedLines } from "../notes/unfenced-lines";
import { baseName, summaryProperty } from "../route/article-doc";

/** The CKP fields a proposal sets on a note that lacks them; a field the note already has is never replaced. */
export interface HeaderFields {
  tldr?: string;
  answers_when?: string[];
  similar_high?: string[];
  similar_mid?: string[];
}

/** Where each proposed relationship came from, for the review: a link in the note, or a lexical neighbour. */
export interface DraftRelation {
  target: string;
  tier: "high" | "mid";
  why: "link" | "neighbour";
}

/** What drafting knows about one note: its text's parse and header, and its link and lexical neighbours. */
export interface DraftInput {
  path: string;
  text: string;
  parsed: ParsedNote;
  header: CkpHeader;
  /** Vault paths of existing notes the body links to, in order of first mention (self and daily notes left out). */
  linked: string[];
  /** Vault paths of lexically close notes, best first (self left out). */
  neighbours: string[];
  /** The YYYY-MM stamp of each relationship (the month the draft is made). */
  month: string;
}

/** Headings that say nothing about what a note answers. */
const GENERIC_HEADINGS = new Set([
  "overview",
  "contents",
  "table of contents",
  "toc",
  "notes",
  "note",
  "references",
  "reference",
  "see also",
  "related",
  "links",
  "sources",
  "source",
  "summary",
  "introduction",
  "intro",
  "resources",
  "appendix",
  "details",
  "misc",
  "todo",
  "backlinks",
  "tags",
  "metadata",
  "examples",
  "example",
  "conclusion",
]);

const MAX_HIGH = 3;
const MAX_MID = 4;
const MAX_ANSWERS = 6;
const TLDR_CHARS = 280;

/** Markdown links and emphasis as plain words: `[[a|b]]` → b, `[[a]]` → a, `[t](u)` → t, `**x**` → x. */
export function plainText(text: string): string {
  return text
    .replace(/!?\[\[([^\]|]*)\|([^\]]*)\]\]/g, "$2")
    .replace(/!?\[\[([^\]]*)\]\]/g, (_m, target: string) => target.replace(/#.*$/, "").split("/").pop() ?? target)
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/(\*\*|__|==|~~)(.+?)\1/g, "$2")
    .replace(/(^|[\s(])[*_]([^*_\s][^*_]*?)[*_](?=[\s.,;:!?)]|$)/g, "$1$2")
    .replace(/`([^`]*)`/g, "$1")
    .replace(/\s+/g, " ")
    .trim();
}

/** At most `max` characters of whole sentences (or whole words when a sentence is longer). */
function sentencesWithin(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const end = Math.max(cut.lastIndexOf(". "), cut.lastIndexOf("! "), cut.lastIndexOf("? "));
  return end > max / 3 ? cut.slice(0, end + 1) : `${cut.replace(/\s+\S*$/, "")}…`;
}

/**
 * The body's paragraphs in order, each list item one of its own (marked): fenced code, headings, tables, embeds
 * and callout titles left out.
 */
export function proseParagraphs(body: string): { text: string; item: boolean }[] {
  const out: { text: string; item: boolean }[] = [];
  let para: string[] = [];
  let item = false;
  const flush = (): void => {
    if (para.length > 0) out.push({ text: para.join(" "), item });
    para = [];
    item = false;
  };
  for (const t of unfencedLines(body)) {
    if (t === null) {
      flush();
      continue;
    }
    if (
      t === "" ||
      /^(?:>\s*)*$/.test(t) ||
      t.startsWith("#") ||
      /^(?:---+|\*\*\*+)$/.test(t) ||
      t.startsWith("|") ||
      t.startsWith("![[") ||
      /^>\s*\[!/.test(t) ||
      t.startsWith("<")
    ) {
      flush();
      continue;
    }
    const unquoted = t.replace(/^(?:>\s*)+/, "");
    if (/^(?:[-*+]|\d+[.)])\s+/.test(unquoted)) {
      flush();
      item = true;
    }
    para.push(unquoted.replace(/^(?:(?:[-*+]|\d+[.)])\s+)+/, "").replace(/^\[[ xX]\]\s+/, ""));
  }
  flush();
  return out;
}

/** True for text that says something: a few words, not only a link or an address. */
function isProse(text: string): boolean {
  const words = text.replace(/<?https?:\/\/\S+>?/g, " ").match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length >= 5;
}

/** A TLDR from the note's own summary property or its first paragraph of prose; null when the note has none. */
export function draftTldr(parsed: ParsedNote, text: string): string | null {
  const own = summaryProperty(parsed.frontmatter);
  const paragraphs = proseParagraphs(text.slice(parsed.bodyStartOffset))
    .map((p) => ({ text: plainText(p.text), item: p.item }))
    .filter((p) => isProse(p.text));
  const opening = own ?? (paragraphs.find((p) => !p.item) ?? paragraphs[0])?.text ?? null;
  if (opening === null) return null;
  const plain = plainText(opening);
  return plain === "" ? null : sentencesWithin(plain, TLDR_CHARS);
}

/** `answers_when` phrases from the note's section headings (generic ones left out), else from its title. */
export function draftAnswersWhen(parsed: ParsedNote, title: string): string[] {
  const seen = new Set<string>();
  const own = title.toLowerCase();
  for (const h of parsed.headings) {
    const phrase = plainText(h.text)
      .replace(/^[\d.)\s]+/, "")
      .replace(/[:.]+$/, "")
      .toLowerCase()
      .trim();
    if (phrase === "" || phrase === own || GENERIC_HEADINGS.has(phrase) || phrase.length > 60) continue;
    seen.add(phrase);
    if (seen.size >= MAX_ANSWERS) break;
  }
  if (seen.size === 0) seen.add(own.replace(/[-_]+/g, " "));
  return [...seen];
}

/**
 * The offline draft of a note's missing CKP fields: a TLDR from its opening, `answers_when` from its headings,
 * SIMILAR_HIGH from the first notes it links to and SIMILAR_MID from further links and its lexical neighbours, each
 * stamped with the month. Fields the note already has are left out; an empty result means nothing is missing.
 */
export function draftHeader(input: DraftInput): { fields: HeaderFields; relations: DraftRelation[] } {
  const { header, parsed } = input;
  const fields: HeaderFields = {};
  const relations: DraftRelation[] = [];
  if (header.tldr === null) {
    const tldr = draftTldr(parsed, input.text);
    if (tldr !== null) fields.tldr = tldr;
  }
  if (header.answersWhen.length === 0) fields.answers_when = draftAnswersWhen(parsed, header.title ?? baseName(input.path));
  if (header.similarHigh.length === 0 && header.similarMid.length === 0) {
    const links = [...new Set(input.linked)].filter((p) => p !== input.path);
    const high = links.slice(0, MAX_HIGH);
    const mid = [...links.slice(MAX_HIGH), ...input.neighbours.filter((p) => p !== input.path && !links.includes(p))].slice(0, MAX_MID);
    for (const p of high) relations.push({ target: p, tier: "high", why: "link" });
    for (const p of mid) relations.push({ target: p, tier: "mid", why: links.includes(p) ? "link" : "neighbour" });
    if (high.length > 0) fields.similar_high = high.map((p) => formatRelation(p, input.month));
    if (mid.length > 0) fields.similar_mid = mid.map((p) => formatRelation(p, input.month));
  }
  return { fields, relations };
}
