import { findFrontmatter, readFrontmatter } from "./frontmatter";
import { findFrontmatterFacts } from "./frontmatter-links";
import type { ParsedNote } from "./note-types";
import { scanBody } from "./scan-body";

/** Parses a note's text into frontmatter, headings, block ids, links (with positions) and a word count; never throws. */
export function parseNote(text: string): ParsedNote {
  const block = findFrontmatter(text);
  const bodyStart = block ? block.bodyStart : text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const bodyStartLine = block ? block.bodyStartLine : 0;
  const fm = block ? readFrontmatter(block) : { data: null, error: null };
  const body = scanBody(text, bodyStart, bodyStartLine);
  const facts = block && fm.data ? findFrontmatterFacts(text, block, fm.data) : null;
  return {
    frontmatter: fm.data,
    frontmatterError: fm.error,
    bodyStartLine,
    bodyStartOffset: bodyStart,
    headings: body.headings,
    blockIds: body.blockIds,
    links: facts && facts.links.length > 0 ? [...facts.links, ...body.links] : body.links,
    wordCount: body.wordCount,
    propertyLines: facts ? facts.propertyLines : {},
  };
}
