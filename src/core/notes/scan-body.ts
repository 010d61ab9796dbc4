import {
  type FenceOpen,
  PLAIN,
  closesFence,
  isParagraphLine,
  plainLine,
  readAtxHeading,
  readBlockId,
  quoteDepth,
  readFenceOpen,
  readSetextLevel,
} from "./block-syntax";
import { findCodeSpanEnd, readMarkdownLink, readWikilink } from "./inline-syntax";
import { type LinkParts, parseMarkdownTarget, parseWikilinkInner } from "./link-text";
import type { BlockId, Heading, LinkKind, NoteLink } from "./note-types";
import { WordCounter } from "./word-counter";
import { ownString } from "../util/own-string";

/** What one pass over a note's body finds. */
export interface BodyScan {
  headings: Heading[];
  blockIds: BlockId[];
  links: NoteLink[];
  wordCount: number;
}

/**
 * Reads a note's body (from `bodyStart`, the first character of line `bodyStartLine`) in one pass, line by line:
 * fenced code (also in quotes, callouts and list items), inline code, and `%%` / `<!-- -->` comments hide links;
 * comments are left out of the word count, code is not.
 */
export function scanBody(text: string, bodyStart: number, bodyStartLine: number, wordLimit = Infinity): BodyScan {
  const scanner = new BodyScanner(text, bodyStart, bodyStartLine, wordLimit);
  scanner.scan(Infinity);
  return scanner.out;
}

/** Lines `scanBodySteps` reads per step: an index of 10,000 linked rows takes ten steps of about a millisecond. */
export const LINES_PER_STEP = 1000;

/** `scanBody` as steps of LINES_PER_STEP lines (a caller yields between them): the same result for any note. */
export function* scanBodySteps(text: string, bodyStart: number, bodyStartLine: number, linesPerStep = LINES_PER_STEP): Generator<void, BodyScan, void> {
  const scanner = new BodyScanner(text, bodyStart, bodyStartLine);
  while (!scanner.scan(linesPerStep)) yield;
  return scanner.out;
}

class BodyScanner {
  readonly out: BodyScan = { headings: [], blockIds: [], links: [], wordCount: 0 };
  private readonly words: WordCounter;
  /** Where the next of each character the scan stops at is (-1: not searched yet). */
  private bracket = -1;
  private tick = -1;
  private percent = -1;
  private angle = -1;
  private caret = -1;
  /** Text before this offset is hidden (a comment or a code span running over several lines). */
  private resume = 0;
  private line = 0;
  private lineStart = 0;
  private fence: FenceOpen | null = null;
  /** The paragraph the previous lines belong to, which a setext underline turns into a heading. */
  private para: { line: number; start: number; end: number } | null = null;

  /** Where the next line to read starts. */
  private pos: number;

  constructor(
    private readonly text: string,
    bodyStart: number,
    bodyStartLine: number,
    wordLimit = Infinity,
  ) {
    this.words = new WordCounter(wordLimit);
    this.pos = bodyStart;
    this.resume = bodyStart;
    this.line = bodyStartLine;
    // A BOM without frontmatter: columns still count from the true line start.
    this.lineStart = bodyStart === 1 && text.charCodeAt(0) === 0xfeff ? 0 : bodyStart;
  }

  /** Reads up to `lines` more lines; true when the body is read to its end (`out` is then complete). */
  scan(lines: number): boolean {
    const text = this.text;
    const n = text.length;
    let left = lines;
    for (let pos = this.pos; pos < n; this.line++, pos = this.lineStart) {
      if (left-- === 0) {
        this.pos = pos;
        return false;
      }
      const eol = text.indexOf("\n", pos);
      const next = eol === -1 ? n : eol + 1;
      let e = eol === -1 ? n : eol;
      if (e > pos && text.charCodeAt(e - 1) === 13) e--;
      const from = Math.max(pos, this.resume);
      if (from >= next) this.para = null;
      else if (from > pos) {
        this.para = null;
        this.scanLine(from, e);
      } else if (!this.readBlockLine(pos, e)) this.scanLine(pos, e);
      if (this.resume > e) this.para = null;
      this.lineStart = next;
    }
    this.pos = n;
    this.out.wordCount = this.words.count;
    return true;
  }

  /** Reads what a line is at block level; true when nothing on it is left to scan (code, a setext underline). */
  private readBlockLine(pos: number, e: number): boolean {
    const text = this.text;
    // A fence opened in a quote or callout ends with it (CommonMark's container rule: code has no lazy lines), so a
    // line with fewer `>` markers is read as an ordinary line again.
    if (this.fence && quoteDepth(text, pos, e) < this.fence.quotes) this.fence = null;
    else if (this.fence) {
      if (closesFence(text, pos, e, this.fence)) this.fence = null;
      // Code is text a person wrote, and Obsidian's word count includes it too.
      this.words.inWord = false;
      this.words.add(text, pos, e);
      return true;
    }
    switch (plainLine(text, pos, e)) {
      case PLAIN.blank:
        this.para = null;
        return true;
      case PLAIN.paragraph:
        if (this.para) this.para.end = e;
        else this.para = { line: this.line, start: pos, end: e };
        return false;
      case PLAIN.other:
        this.para = null;
        return false;
    }
    this.fence = readFenceOpen(text, pos, e);
    if (this.fence) {
      this.para = null;
      this.words.inWord = false;
      this.words.add(text, pos, e);
      return true;
    }
    const setext = readSetextLevel(text, pos, e);
    const para = this.para;
    if (setext > 0 && para) {
      this.out.headings.push({ text: ownString(joinLines(text.slice(para.start, para.end))), level: setext, line: para.line });
      this.para = null;
      return true;
    }
    const atx = readAtxHeading(text, pos, e);
    if (atx) this.out.headings.push({ text: ownString(atx.text), level: atx.level, line: this.line });
    if (atx || setext > 0 || !isParagraphLine(text, pos, e)) this.para = null;
    else if (para) para.end = e;
    else this.para = { line: this.line, start: pos, end: e };
    return false;
  }

  /** Finds links, code spans and comments in [from, e), counting words; then a block id at the line's end. */
  private scanLine(from: number, e: number): void {
    let seg = from;
    this.words.inWord = false;
    for (let j = from; ;) {
      const sp = this.nextSpecial(j);
      if (sp >= e) {
        this.words.add(this.text, j, e);
        break;
      }
      const c = this.text.charCodeAt(sp);
      const end = this.readSpecial(c, sp, e, seg);
      if (end === -1) {
        this.words.add(this.text, j, sp + 1);
        j = sp + 1;
        continue;
      }
      if (c === 91 || c === 96) this.words.add(this.text, j, end);
      else {
        this.words.add(this.text, j, sp);
        this.words.inWord = false;
      }
      if (end > e) {
        this.resume = end;
        return;
      }
      j = seg = end;
    }
    // A block id needs a "^": lines without one (nearly all) are not read backwards for it.
    if (this.nextCaret(from) >= e) return;
    const block = readBlockId(this.text, from, e);
    if (block && block.at >= seg) this.out.blockIds.push({ id: ownString(block.id), line: this.line });
  }

  /**
   * The offset of the next `[`, backtick, `%` or `<` at or after `from` (text length when none). Each character's next
   * place is kept and searched for again only once passed: one native search per hit, and no match object (a pattern
   * for the four made one per hit).
   */
  private nextSpecial(from: number): number {
    const text = this.text;
    if (this.bracket < from) this.bracket = nextOf(text, "[", from);
    if (this.tick < from) this.tick = nextOf(text, "`", from);
    if (this.percent < from) this.percent = nextOf(text, "%", from);
    if (this.angle < from) this.angle = nextOf(text, "<", from);
    return Math.min(this.bracket, this.tick, this.percent, this.angle);
  }

  /** The offset of the next `^` at or after `from` (text length when none); one native search per `^`. */
  private nextCaret(from: number): number {
    if (this.caret < from) this.caret = nextOf(this.text, "^", from);
    return this.caret;
  }

  /** At a `[`, backtick, `%` or `<`: the end of the link, code span or comment that starts there, or -1. */
  private readSpecial(c: number, j: number, e: number, seg: number): number {
    const text = this.text;
    if (c === 91) return this.readLink(j, e, seg);
    if (c === 96) {
      let run = 1;
      while (text.charCodeAt(j + run) === 96) run++;
      const end = findCodeSpanEnd(text, j + run, run);
      return end === -1 ? (run > 1 ? j + run : -1) : end;
    }
    if (c === 37) {
      if (text.charCodeAt(j + 1) !== 37) return -1;
      const close = text.indexOf("%%", j + 2);
      return close === -1 ? text.length : close + 2;
    }
    if (!text.startsWith("<!--", j)) return -1;
    const close = text.indexOf("-->", j + 4);
    return close === -1 ? text.length : close + 3;
  }

  /** Reads a wikilink, embed or markdown link at `[`; its end offset, or -1 when none starts there. */
  private readLink(j: number, e: number, seg: number): number {
    const text = this.text;
    const bang = j > seg && text.charCodeAt(j - 1) === 33; /* ! */
    const start = bang ? j - 1 : j;
    if (text.charCodeAt(j + 1) === 91) {
      const end = readWikilink(text, j, e);
      if (end !== -1) {
        // One copy of the link's text, its parts cut from that: they keep the copy alive, not the note's text.
        const original = ownString(text.slice(start, end));
        const inner = original.slice(bang ? 3 : 2, -2);
        this.addLink(bang ? "embed" : "wikilink", parseWikilinkInner(inner), start, end, original);
        return end;
      }
    }
    const md = readMarkdownLink(text, j, e);
    if (!md) return -1;
    const parts = parseMarkdownTarget(md.target, md.display);
    if (parts) this.addLink(bang ? "markdown-embed" : "markdown", parts, start, md.end);
    return md.end;
  }

  /**
   * Records a link. Its strings must not be views into the note's text (`ownString`): `original`, when given, is
   * already a copy its parts were cut from; otherwise (markdown links, whose parts are decoded) each is copied.
   */
  private addLink(kind: LinkKind, parts: LinkParts, start: number, end: number, original?: string): void {
    const base = this.lineStart;
    const own = original === undefined;
    const link: NoteLink = {
      kind,
      path: own ? ownString(parts.path) : parts.path,
      subpath: own ? ownString(parts.subpath) : parts.subpath,
      original: original ?? ownString(this.text.slice(start, end)),
      start: { line: this.line, col: start - base, offset: start },
      end: { line: this.line, col: end - base, offset: end },
    };
    if (parts.display !== undefined) link.display = own ? ownString(parts.display) : parts.display;
    this.out.links.push(link);
  }
}

/** The offset of `ch` in `text` at or after `from`, or the text's length when there is none. */
function nextOf(text: string, ch: string, from: number): number {
  const i = text.indexOf(ch, from);
  return i === -1 ? text.length : i;
}

function joinLines(s: string): string {
  return s
    .split("\n")
    .map((l) => l.trim())
    .join(" ");
}
