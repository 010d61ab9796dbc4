import { stripControls } from "../util/strip-controls";
import { unfencedLines } from "../notes/unfenced-lines";

const MARKUP_OR_SPACES = /[[*_=~`<]|\s\s|[^\S ]/;

/** Markdown links and emphasis as plain words: `[[a|b]]` → b, `[[a]]` → a, `[t](u)` → t, `**x**` → x. */
export function plainText(text: string): string {
  // Most prose has no link, emphasis, code, tag or run of white space: nothing to do but trim it.
  if (!MARKUP_OR_SPACES.test(text)) return text.trim();
  // Each pattern only when the text (as the ones before left it) holds a character it needs: most paragraphs have one
  // kind of markup, and each pattern read the whole paragraph.
  let s = text;
  if (s.includes("[[")) {
    s = s.replace(/!?\[\[([^\]|]*)\|([^\]]*)\]\]/g, "$2");
    if (s.includes("[[")) s = s.replace(/!?\[\[([^\]]*)\]\]/g, (_m, target: string) => target.replace(/#.*$/, "").split("/").pop() ?? target);
  }
  if (s.includes("](")) s = s.replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1");
  if (s.includes("[")) s = s.replace(/\[\^[^\]]*\]|\[\d+\]/g, "");
  if (s.includes("**") || s.includes("__") || s.includes("==") || s.includes("~~")) s = s.replace(/(\*\*|__|==|~~)(.+?)\1/g, "$2");
  if (s.includes("*") || s.includes("_")) s = s.replace(/(^|[\s(])[*_]([^*_\s][^*_]*?)[*_](?=[\s.,;:!?)]|$)/g, "$1$2");
  if (s.includes("`")) s = s.replace(/`([^`]*)`/g, "$1");
  if (s.includes("<")) s = s.replace(/<[^>]+>/g, " ");
  return foldSpaces(s).trim();
}

/** White space that folding runs of it into one space would change: two together, or one that is not a space. */
const SPACES_TO_FOLD = /\s\s|[^\S ]/;

/** Each run of white space as one space (the text itself when there is none to fold). */
function foldSpaces(s: string): string {
  return SPACES_TO_FOLD.test(s) ? s.replace(/\s+/g, " ") : s;
}

/** One paragraph (or list item) of a note's prose, as written (markdown kept) and with the heading it sits under. */
export interface ProseParagraph {
  text: string;
  item: boolean;
  /** The nearest heading above it ("" before the first heading). */
  heading: string;
  /** Its plain text (plainOf), once asked for. */
  plain?: string | undefined;
  /** Its plain text's sentences (plainSentences), once asked for. */
  sentences?: string[] | undefined;
}

/**
 * The body's paragraphs in order, each list item one of its own (marked): fenced code, headings, tables, embeds
 * and callout titles left out.
 */
export function proseParagraphs(body: string): ProseParagraph[] {
  const out: ProseParagraph[] = [];
  let para: string[] = [];
  let item = false;
  let heading = "";
  const flush = (): void => {
    if (para.length > 0) out.push({ text: para.join(" "), item, heading, plain: undefined, sentences: undefined });
    para = [];
    item = false;
  };
  for (const t of unfencedLines(body)) {
    if (t === null) {
      flush();
      continue;
    }
    // Each pattern is tried only on a line that starts with a character it needs (most lines start with a letter).
    const c = t.charCodeAt(0);
    if (c === 35 /* # */ && /^#{1,6}\s/.test(t)) {
      flush();
      heading = t.replace(/^#+\s*/, "").replace(/\s+#+$/, "");
      continue;
    }
    if (
      t === "" ||
      c === 35 /* # */ ||
      c === 124 /* | */ ||
      c === 60 /* < */ ||
      (c === 62 /* > */ && (/^(?:>\s*)*$/.test(t) || /^>\s*\[!/.test(t))) ||
      ((c === 45 /* - */ || c === 42) /* * */ && /^(?:---+|\*\*\*+)$/.test(t)) ||
      t.startsWith("![[")
    ) {
      flush();
      continue;
    }
    const unquoted = c === 62 /* > */ ? t.replace(/^(?:>\s*)+/, "") : t;
    const u = unquoted.charCodeAt(0);
    let line = unquoted;
    // A list marker: "-", "*", "+" or a number with "." or ")", then white space.
    if ((u === 45 || u === 42 || u === 43 || (u >= 48 && u <= 57)) && /^(?:[-*+]|\d+[.)])\s+/.test(unquoted)) {
      flush();
      item = true;
      line = unquoted.replace(/^(?:(?:[-*+]|\d+[.)])\s+)+/, "");
    }
    para.push(line.charCodeAt(0) === 91 /* [ */ ? line.replace(/^\[[ xX]\]\s+/, "") : line);
  }
  flush();
  return out;
}

/**
 * The paragraph's text as plain words (plainText), remembered on the paragraph: each part of a draft reads it. (Kept on
 * the paragraph, not in a WeakMap: ~58,000 paragraphs of a header run were as many entries the collector had to visit.)
 */
export function plainOf(p: ProseParagraph): string {
  return (p.plain ??= plainText(p.text));
}

/** The sentences of the paragraph's plain text (sentencesOf), remembered on the paragraph. */
export function plainSentences(p: ProseParagraph): string[] {
  return (p.sentences ??= sentencesOf(plainOf(p)));
}

/** Abbreviations whose full stop does not end a sentence. */
const ABBREVIATIONS = /(?:\b(?:e\.g|i\.e|etc|vs|cf|approx|dr|mr|mrs|ms|st|no|fig|vol|ed|al|inc|ltd|jr|sr)|\b[A-Z])\.$/i;

/** A paragraph's sentences (a full stop after an abbreviation or an initial does not end one). */
export function sentencesOf(paragraph: string): string[] {
  const out: string[] = [];
  let start = 0;
  const re = /[.!?]["”’)\]]*(?=\s+["“‘([]?[\p{Lu}\p{N}])/gu;
  for (let m = re.exec(paragraph); m !== null; m = re.exec(paragraph)) {
    const end = m.index + m[0].length;
    if (m[0][0] === "." && ABBREVIATIONS.test(paragraph.slice(Math.max(start, m.index - 8), m.index + 1))) continue;
    out.push(paragraph.slice(start, end).trim());
    start = end;
  }
  const rest = paragraph.slice(start).trim();
  if (rest !== "") out.push(rest);
  return out;
}

/** True for text that says something: a few words, not only a link, an address or a `key: value` line. */
export function isProse(text: string): boolean {
  // (A `key: value` line has a colon: most prose is not tried against the pattern.)
  if (text.includes(":") && /^[\p{L}][\p{L} ]{0,24}:\s*\S*$/u.test(text)) return false;
  // Five words are enough to tell: they are counted up to five, not listed for a whole long paragraph.
  const plain = text.includes("http") ? text.replace(/<?https?:\/\/\S+>?/g, " ") : text;
  const word = /[\p{L}\p{N}]+/gu;
  let words = 0;
  // test, not exec: each step only moves lastIndex on, with no array of the match.
  while (words < 5 && word.test(plain)) words++;
  return words >= 5;
}

/** Anything cleanOnce (below) would change: text without it is returned as it is. */
// eslint-disable-next-line no-control-regex -- control characters are among what cleaning removes
const NEEDS_CLEANING = /["'“”‘’«»()[\]*_`<>=~\\\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]|[^\S ]| {2}|^[\s'’,;:–—-]|[\s,;:–—-]$|^$/;

const PAIRS: readonly [string, string][] = [
  ["“", "”"],
  ["‘", "’"],
  ["«", "»"],
  ["(", ")"],
  ["[", "]"],
];

/** The pairs a value may be wrapped in as a whole: the brackets and curly quotes, and straight quotes. */
const WRAPPING: readonly [string, string][] = [...PAIRS, ['"', '"'], ["'", "'"]];

/**
 * A value fit for a header: plain words, no wrapping quotes, and no quote or bracket left open or closed alone (a
 * stray “ at the start of a cut sentence, a straight quote without its pair).
 */
export function cleanValue(text: string): string {
  // Most values have nothing to clean: no markdown, quote, bracket, control or odd space, nothing stray at either end.
  if (!NEEDS_CLEANING.test(text)) return text;
  // Each pass can uncover a wrapping pair the last one left (a stray quote around a bracketed phrase): until stable.
  let s = text;
  for (let i = 0; i < 8; i++) {
    const next = cleanOnce(s);
    if (next === s) break;
    s = next;
  }
  return s;
}

function cleanOnce(text: string): string {
  let s = foldSpaces(plainText(stripControls(text)).replace(/[\u200b-\u200f]/g, "")).trim();
  for (let changed = true; changed && s.length > 1;) {
    changed = false;
    for (const [open, close] of WRAPPING) {
      // (Its ends first: counting each pair's characters through the text is the slow part.)
      if (!s.startsWith(open) || !s.endsWith(close) || s.length <= 2) continue;
      const whole = open === close ? count(s, open) === 2 : count(s, open) === 1 && count(s, close) === 1;
      if (whole) {
        s = s.slice(open.length, s.length - close.length).trim();
        changed = true;
      }
    }
  }
  for (const [open, close] of PAIRS) {
    // ’ is also an apostrophe (don’t): only an opening ‘ without its close is stray.
    if (open === "‘") {
      if (count(s, open) > count(s, close)) s = s.split(open).join("");
    } else if (count(s, open) !== count(s, close)) s = s.split(open).join("").split(close).join("");
  }
  if (count(s, '"') % 2 === 1) s = s.split('"').join("");
  s = s.replace(/^[\s'’,;:–—-]+/, "").replace(/[\s,;:–—-]+$/, "");
  return foldSpaces(s).trim();
}

/** How many times `ch` (one character) is in `s`. */
function count(s: string, ch: string): number {
  let n = 0;
  for (let i = s.indexOf(ch); i !== -1; i = s.indexOf(ch, i + 1)) n++;
  return n;
}

/** At most `max` characters of whole words (with … when cut). */
export function wordsWithin(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max).replace(/\s+\S*$/, "")}…`;
}
