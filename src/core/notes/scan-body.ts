import {
  type FenceOpen,
  closesFence,
  isParagraphLine,
  readAtxHeading,
  readBlockId,
  readFenceOpen,
  readSetextLevel,
} from "./block-syntax";
import { findCodeSpanEnd, readMarkdownLink, readWikilink } from "./inline-syntax";
import { type LinkParts, parseMarkdownTarget, parseWikilinkInner } from "./link-text";
import type { BlockId, Heading, LinkKind, NoteLink } from "./note-types";

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
export function scanBody(text: string, bodyStart: number, bodyStartLine: number): BodyScan {
  return new BodyScanner(text).run(bodyStart, bodyStartLine);
}

const SPECIAL_CHAR = /[[`%<]/g;

class BodyScanner {
  private readonly out: BodyScan = { headings: [], blockIds: [], links: [], wordCount: 0 };
  private inWord = false;
  private special = -1;
  /** Text before this offset is hidden (a comment or a code span running over several lines). */
  private resume = 0;
  private line = 0;
  private lineStart = 0;

  constructor(private readonly text: string) {}

  run(bodyStart: number, bodyStartLine: number): BodyScan {
    const text = this.text;
    const n = text.length;
    let fence: FenceOpen | null = null;
    let para: { line: number; start: number } | null = null;
    let prevEnd = 0;
    this.resume = bodyStart;
    this.line = bodyStartLine;
    // A BOM without frontmatter: columns still count from the true line start.
    this.lineStart = bodyStart === 1 && text.charCodeAt(0) === 0xfeff ? 0 : bodyStart;
    for (let pos = bodyStart; pos < n; this.line++, pos = this.lineStart) {
      const eol = text.indexOf("\n", pos);
      const next = eol === -1 ? n : eol + 1;
      let e = eol === -1 ? n : eol;
      if (e > pos && text.charCodeAt(e - 1) === 13) e--;
      const from = Math.max(pos, this.resume);
      if (from >= next) {
        para = null;
      } else if (from > pos) {
        para = null;
        this.scanLine(from, e);
      } else {
        if (fence) {
          // Real notes continue a fence opened in a quote or callout without `>`: it stays open until its closing fence.
          if (closesFence(text, pos, e, fence)) fence = null;
          this.countLine(pos, e);
          this.lineStart = next;
          continue;
        }
        const open = readFenceOpen(text, pos, e);
        if (open) {
          fence = open;
          para = null;
          this.countLine(pos, e);
          this.lineStart = next;
          continue;
        }
        const setext = readSetextLevel(text, pos, e);
        if (setext > 0 && para) {
          this.out.headings.push({ text: joinLines(text.slice(para.start, prevEnd)), level: setext, line: para.line });
          para = null;
          this.lineStart = next;
          continue;
        }
        const atx = readAtxHeading(text, pos, e);
        if (atx) this.out.headings.push({ text: atx.text, level: atx.level, line: this.line });
        if (atx || setext > 0 || !isParagraphLine(text, pos, e)) para = null;
        else para ??= { line: this.line, start: pos };
        prevEnd = e;
        this.scanLine(pos, e);
      }
      if (this.resume > e) para = null;
      this.lineStart = next;
    }
    return this.out;
  }

  /** Finds links, code spans and comments in [from, e), counting words; then a block id at the line's end. */
  private scanLine(from: number, e: number): void {
    let seg = from;
    this.inWord = false;
    for (let j = from; ; ) {
      const sp = this.nextSpecial(j);
      if (sp >= e) {
        this.out.wordCount += this.countWords(j, e);
        break;
      }
      const c = this.text.charCodeAt(sp);
      const end = this.readSpecial(c, sp, e, seg);
      if (end === -1) {
        this.out.wordCount += this.countWords(j, sp + 1);
        j = sp + 1;
        continue;
      }
      if (c === 91 || c === 96) this.out.wordCount += this.countWords(j, end);
      else {
        this.out.wordCount += this.countWords(j, sp);
        this.inWord = false;
      }
      if (end > e) {
        this.resume = end;
        return;
      }
      j = seg = end;
    }
    const block = readBlockId(this.text, from, e);
    if (block && block.at >= seg) this.out.blockIds.push({ id: block.id, line: this.line });
  }

  /** The offset of the next `[`, backtick, `%` or `<` at or after `from` (text length when none); one native search per hit. */
  private nextSpecial(from: number): number {
    if (this.special >= from) return this.special;
    SPECIAL_CHAR.lastIndex = from;
    const m = SPECIAL_CHAR.exec(this.text);
    this.special = m === null ? this.text.length : m.index;
    return this.special;
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
    const bang = j > seg && text.charCodeAt(j - 1) === 33 /* ! */;
    const start = bang ? j - 1 : j;
    if (text.charCodeAt(j + 1) === 91) {
      const end = readWikilink(text, j, e);
      if (end !== -1) {
        this.addLink(bang ? "embed" : "wikilink", parseWikilinkInner(text.slice(j + 2, end - 2)), start, end);
        return end;
      }
    }
    const md = readMarkdownLink(text, j, e);
    if (!md) return -1;
    const parts = parseMarkdownTarget(md.target, md.display);
    if (parts) this.addLink(bang ? "markdown-embed" : "markdown", parts, start, md.end);
    return md.end;
  }

  private addLink(kind: LinkKind, parts: LinkParts, start: number, end: number): void {
    const base = this.lineStart;
    const link: NoteLink = {
      kind,
      path: parts.path,
      subpath: parts.subpath,
      original: this.text.slice(start, end),
      start: { line: this.line, col: start - base, offset: start },
      end: { line: this.line, col: end - base, offset: end },
    };
    if (parts.display !== undefined) link.display = parts.display;
    this.out.links.push(link);
  }

  /** Counts a code line's words: code is text a person wrote, and Obsidian's word count includes it too. */
  private countLine(from: number, to: number): void {
    this.inWord = false;
    this.out.wordCount += this.countWords(from, to);
  }

  /** Words in [from, to), continuing the word in progress (`this.inWord`). */
  private countWords(from: number, to: number): number {
    const text = this.text;
    let words = 0;
    let prev = this.inWord ? 1 : 0;
    for (let k = from; k < to; k++) {
      const c = text.charCodeAt(k);
      if (c < 0xa0) {
        const w = (32 - c) >>> 31;
        words += w & (prev ^ 1);
        prev = w;
      } else if (isSpaceOrCjk(c)) {
        if (c >= 0x2e80 && c !== 0x3000) words++;
        prev = 0;
      } else {
        words += prev ^ 1;
        prev = 1;
      }
    }
    this.inWord = prev === 1;
    return words;
  }
}

/** A no-break or ideographic space, or a CJK character (each of which Obsidian counts as a word of its own). */
function isSpaceOrCjk(c: number): boolean {
  return c === 0xa0 || c === 0x3000 || (c >= 0x2e80 && isCjk(c));
}

function isCjk(c: number): boolean {
  return (c >= 0x3040 && c <= 0x30ff) || (c >= 0x3400 && c <= 0x4dbf) || (c >= 0x4e00 && c <= 0x9fff) || (c >= 0xac00 && c <= 0xd7af) || (c >= 0xf900 && c <= 0xfaff);
}

function joinLines(s: string): string {
  return s
    .split("\n")
    .map((l) => l.trim())
    .join(" ");
}
