import { findFrontmatter, readFrontmatter, type FrontmatterBlock } from "./frontmatter";
import { findFrontmatterFacts } from "./frontmatter-links";
import type { ParsedNote } from "./note-types";
import { scanBody, scanBodySteps, type BodyScan } from "./scan-body";
import { ownString } from "../util/own-string";

/**
 * Parses a note's text into frontmatter, headings, block ids, links (with positions) and a word count; never throws.
 * With `wordLimit`, words are counted only until there are that many (the count is then at least the limit): a run
 * that only asks whether notes are under a threshold (kc lint's sparse check) need not count a long note to its end.
 */
export function parseNote(text: string, wordLimit = Infinity): ParsedNote {
  const head = readHead(text);
  return assemble(text, head, scanBody(text, head.bodyStart, head.bodyStartLine, wordLimit));
}

/**
 * `parseNote` as steps of a thousand lines of the body (a caller yields between them), so a note of 10,000 lines (an
 * index of every article) is not parsed in one long task: the same result for any text.
 */
export function* parseNoteSteps(text: string, linesPerStep?: number): Generator<void, ParsedNote, void> {
  const head = readHead(text);
  return assemble(text, head, yield* scanBodySteps(text, head.bodyStart, head.bodyStartLine, linesPerStep));
}

interface Head {
  block: FrontmatterBlock | null;
  fm: ReturnType<typeof readFrontmatter>;
  bodyStart: number;
  bodyStartLine: number;
}

function readHead(text: string): Head {
  const block = findFrontmatter(text);
  const bodyStart = block ? block.bodyStart : text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const bodyStartLine = block ? block.bodyStartLine : 0;
  // The data outlives the text (lint keeps every note's parse and none of the texts): it is read from a copy of the
  // frontmatter, so its strings keep that copy alive, not the note's text.
  const fm = block ? readFrontmatter({ ...block, yamlText: ownString(block.yamlText) }) : { data: null, error: null };
  return { block, fm, bodyStart, bodyStartLine };
}

function assemble(text: string, { block, fm, bodyStart, bodyStartLine }: Head, body: BodyScan): ParsedNote {
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
