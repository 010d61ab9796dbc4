// Inline markdown readers for the body scanner: each starts at a given offset of one line, [i, e),
// and returns where the construct ends, or -1 / null when the text there is not one.

/** Reads `[[inner]]` starting at the first `[`; the end offset (after `]]`) or -1. */
export function readWikilink(text: string, i: number, e: number): number {
  for (let k = i + 2; k < e; k++) {
    const c = text.charCodeAt(k);
    if (c === 91) return -1;
    if (c === 93) return k > i + 2 && text.charCodeAt(k + 1) === 93 && k + 1 < e ? k + 2 : -1;
  }
  return -1;
}

/** A markdown link read at `[`: its display text, raw destination (angle brackets removed) and end offset. */
export interface MarkdownLinkSyntax {
  display: string;
  target: string;
  end: number;
}

/** Reads `[display](dest "title")` at a `[`; display may hold one level of `[...]`. Null when it is not a link. */
export function readMarkdownLink(text: string, i: number, e: number): MarkdownLinkSyntax | null {
  let j = i + 1;
  let depth = 0;
  for (; j < e; j++) {
    const c = text.charCodeAt(j);
    if (c === 91) {
      if (++depth > 1) return null;
    } else if (c === 93) {
      if (depth === 0) break;
      depth--;
    }
  }
  if (j >= e || text.charCodeAt(j + 1) !== 40 /* ( */) return null;
  const display = text.slice(i + 1, j);
  let k = skipSpaces(text, j + 2, e);
  let target: string;
  if (text.charCodeAt(k) === 60 /* < */) {
    const close = indexIn(text, 62, k + 1, e);
    if (close === -1) return null;
    target = text.slice(k + 1, close);
    if (target.includes("<")) return null;
    k = close + 1;
  } else {
    const start = k;
    let parens = 0;
    for (; k < e; k++) {
      const c = text.charCodeAt(k);
      if (c === 32 || c === 9) break;
      if (c === 40) {
        if (++parens > 1) return null;
      } else if (c === 41) {
        if (parens === 0) break;
        parens--;
      }
    }
    if (k === start || parens !== 0) return null;
    target = text.slice(start, k);
  }
  const afterDest = k;
  k = skipSpaces(text, k, e);
  const q = text.charCodeAt(k);
  if (k > afterDest && (q === 34 || q === 39 || q === 40)) {
    const close = indexIn(text, q === 40 ? 41 : q, k + 1, e);
    if (close === -1) return null;
    k = skipSpaces(text, close + 1, e);
  }
  if (k >= e || text.charCodeAt(k) !== 41) return null;
  return { display, target, end: k + 1 };
}

/**
 * Finds the end of an inline code span opened by `run` backticks at `from`: the offset after the closing run of the
 * same length, or -1 when none comes before the paragraph ends (a blank line), in which case the backticks are text.
 */
export function findCodeSpanEnd(text: string, from: number, run: number): number {
  let j = from;
  let checkedTo = from;
  for (;;) {
    const k = text.indexOf("`", j);
    if (k === -1) return -1;
    if (hasBlankLine(text, checkedTo, k)) return -1;
    checkedTo = k;
    let len = 1;
    while (text.charCodeAt(k + len) === 96) len++;
    if (len === run) return k + len;
    j = k + len;
  }
}

function hasBlankLine(text: string, from: number, to: number): boolean {
  for (let nl = from; nl < to; nl++) {
    if (text.charCodeAt(nl) !== 10) continue;
    let k = nl + 1;
    for (;;) {
      const c = text.charCodeAt(k);
      if (c !== 32 && c !== 9 && c !== 13 && c !== 62) break;
      k++;
    }
    if (k >= text.length || text.charCodeAt(k) === 10) return true;
  }
  return false;
}

function indexIn(text: string, ch: number, from: number, e: number): number {
  for (let k = from; k < e; k++) if (text.charCodeAt(k) === ch) return k;
  return -1;
}

function skipSpaces(text: string, k: number, e: number): number {
  while (k < e && (text.charCodeAt(k) === 32 || text.charCodeAt(k) === 9)) k++;
  return k;
}
