import { findFrontmatter, readFrontmatter } from "./frontmatter";
import { LineIndex } from "./line-index";
import { maskNonLinks } from "./mask-non-links";
import type { BlockId, Heading, ParsedNote } from "./note-types";
import { findBodyLinks, findFrontmatterLinks } from "./parse-links";

const ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*\r?$/gm;
const BLOCK_ID = /(?:^|[ \t])\^([A-Za-z0-9-]+)[ \t]*\r?$/gm;

/** Parses a note's text into frontmatter, headings, block ids, links (with positions) and a word count; never throws. */
export function parseNote(text: string): ParsedNote {
  const block = findFrontmatter(text);
  const lines = new LineIndex(text);
  const bodyStart = block ? block.bodyStart : text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const fm = block ? readFrontmatter(block) : { data: null, error: null };
  const masked = maskNonLinks(text, bodyStart);

  const headings: Heading[] = [];
  for (const m of masked.matchAll(ATX)) {
    const line = lines.locate(m.index).line;
    const original = /^ {0,3}#{1,6}(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*\r?$/.exec(text.slice(m.index, m.index + m[0].length));
    headings.push({ level: m[1]!.length, text: (original?.[1] ?? m[2] ?? "").trim(), line });
  }
  const blockIds: BlockId[] = [];
  if (masked.includes("^")) {
    for (const m of masked.matchAll(BLOCK_ID)) blockIds.push({ id: m[1]!, line: lines.locate(m.index).line });
  }
  const bodyLinks = findBodyLinks(masked, text, lines);
  const fmLinks = block && fm.data ? findFrontmatterLinks(text, block.yamlStart, block.bodyStart, lines) : [];
  const wordCount = countWords(text, bodyStart);
  const propertyLines = block && fm.data ? findPropertyLines(text, block.yamlStart, block.bodyStart, lines) : {};
  return {
    frontmatter: fm.data,
    frontmatterError: fm.error,
    bodyStartLine: block ? block.bodyStartLine : 0,
    bodyStartOffset: bodyStart,
    headings,
    blockIds,
    links: fmLinks.length > 0 ? [...fmLinks, ...bodyLinks] : bodyLinks,
    wordCount,
    propertyLines,
  };
}

function findPropertyLines(text: string, from: number, to: number, lines: LineIndex): Record<string, number> {
  const out: Record<string, number> = {};
  const re = /^([^\s#:-][^:\n]*?|"[^"\n]*"|'[^'\n]*'):(?=\s|$)/gm;
  re.lastIndex = from;
  for (let m = re.exec(text); m !== null && m.index < to; m = re.exec(text)) {
    const key = m[1]!.replace(/^["']|["']$/g, "").trim();
    if (!(key in out)) out[key] = lines.locate(m.index).line;
  }
  return out;
}

/** Whitespace-separated tokens after the frontmatter, as Obsidian's word count and seed 000's sparse check count them. */
function countWords(text: string, from: number): number {
  let n = 0;
  let inWord = false;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const space = c === 32 || c === 10 || c === 13 || c === 9 || c === 12 || c === 0xa0;
    if (!space && !inWord) n++;
    inWord = !space;
  }
  return n;
}
