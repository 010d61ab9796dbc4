// Line-level markdown recognisers for the body scanner. Each reads one line, [s, e) without its line break,
// with charCodeAt only, so a note costs one pass however its lines look.

/** An opening code fence: its character (` or ~), run length, and how many `>` quote markers it sits behind. */
export interface FenceOpen {
  ch: number;
  len: number;
  quotes: number;
}

const BACKTICK = 96;
const TILDE = 126;

/** Offset of the first character after leading spaces, tabs and `>` quote markers. */
export function skipQuotePrefix(text: string, s: number, e: number): number {
  let i = s;
  for (; i < e; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 62) break;
  }
  return i;
}

/** How many `>` quote markers open the line (spaces and tabs between them allowed). */
export function quoteDepth(text: string, s: number, e: number): number {
  let n = 0;
  for (let i = s; i < e; i++) {
    const c = text.charCodeAt(i);
    if (c === 62) n++;
    else if (c !== 32 && c !== 9) break;
  }
  return n;
}

/** Reads a code fence opening (``` or ~~~, also after `>` markers and list indentation); null when the line is not one. */
export function readFenceOpen(text: string, s: number, e: number): FenceOpen | null {
  const i = skipQuotePrefix(text, s, e);
  const ch = text.charCodeAt(i);
  if (ch !== BACKTICK && ch !== TILDE) return null;
  let j = i;
  while (j < e && text.charCodeAt(j) === ch) j++;
  if (j - i < 3) return null;
  if (ch === BACKTICK) for (let k = j; k < e; k++) if (text.charCodeAt(k) === BACKTICK) return null;
  return { ch, len: j - i, quotes: quoteDepth(text, s, i) };
}

/** True when the line closes the open fence: the same character, at least as many, nothing after but spaces. */
export function closesFence(text: string, s: number, e: number, fence: FenceOpen): boolean {
  const i = skipQuotePrefix(text, s, e);
  let j = i;
  while (j < e && text.charCodeAt(j) === fence.ch) j++;
  if (j - i < fence.len) return false;
  for (; j < e; j++) {
    const c = text.charCodeAt(j);
    if (c !== 32 && c !== 9) return false;
  }
  return true;
}

/** Reads an ATX heading (`## Text ##`, up to three spaces of indent); null when the line is not one. */
export function readAtxHeading(text: string, s: number, e: number): { level: number; text: string } | null {
  let i = s;
  while (i < e && i - s < 3 && text.charCodeAt(i) === 32) i++;
  let j = i;
  while (j < e && text.charCodeAt(j) === 35 /* # */) j++;
  const level = j - i;
  if (level < 1 || level > 6) return null;
  if (j < e && text.charCodeAt(j) !== 32 && text.charCodeAt(j) !== 9) return null;
  let end = e;
  while (end > j && isBlank(text.charCodeAt(end - 1))) end--;
  let hashes = end;
  while (hashes > j && text.charCodeAt(hashes - 1) === 35) hashes--;
  if (hashes < end && (hashes === j || isBlank(text.charCodeAt(hashes - 1)))) end = hashes;
  return { level, text: text.slice(j, end).trim() };
}

/** The setext level (1 for `===`, 2 for `---`) when the line is an underline, else 0. */
export function readSetextLevel(text: string, s: number, e: number): number {
  let i = s;
  while (i < e && i - s < 3 && text.charCodeAt(i) === 32) i++;
  const ch = text.charCodeAt(i);
  if (ch !== 61 /* = */ && ch !== 45 /* - */) return 0;
  let j = i;
  while (j < e && text.charCodeAt(j) === ch) j++;
  for (let k = j; k < e; k++) if (!isBlank(text.charCodeAt(k))) return 0;
  return ch === 61 ? 1 : 2;
}

/** True when a line can continue or start a plain paragraph (so a setext underline below it makes a heading). */
export function isParagraphLine(text: string, s: number, e: number): boolean {
  let i = s;
  while (i < e && isBlank(text.charCodeAt(i))) i++;
  if (i === e || i - s >= 4) return false;
  const c = text.charCodeAt(i);
  if (c === 62 || c === 124 || c === 60 || c === 35) return false;
  const next = text.charCodeAt(i + 1);
  if ((c === 45 || c === 42 || c === 43) && (i + 1 === e || isBlank(next))) return false;
  if (c >= 48 && c <= 57) {
    let j = i;
    while (j < e && text.charCodeAt(j) >= 48 && text.charCodeAt(j) <= 57) j++;
    const d = text.charCodeAt(j);
    if ((d === 46 || d === 41) && (j + 1 === e || isBlank(text.charCodeAt(j + 1)))) return false;
  }
  return true;
}

/** What `plainLine` can tell of a line at once. */
export const PLAIN = { unknown: 0, blank: 1, paragraph: 2, other: 3 } as const;

/**
 * What most lines are, from their first characters, without the block tests' calls (the same answers): blank (ends a
 * paragraph, nothing to scan); prose opening with a letter (starts or continues a paragraph unless indented as code);
 * a list item (`- `, `* `, `+ `) or a table row (`|`), which is neither a paragraph line nor any other block form.
 * Anything else (`>`, `#`, backticks, tildes, `=`, `-` runs, digits, …) is `unknown`: the block tests decide.
 */
export function plainLine(text: string, pos: number, e: number): number {
  let i = pos;
  while (i < e && isBlank(text.charCodeAt(i))) i++;
  if (i === e) return PLAIN.blank;
  const c = text.charCodeAt(i);
  const lower = c | 0x20;
  if ((lower >= 97 && lower <= 122) || c >= 0x80) return i - pos >= 4 ? PLAIN.other : PLAIN.paragraph;
  if (c === 124) return PLAIN.other;
  if (i + 1 < e && isBlank(text.charCodeAt(i + 1))) {
    if (c === 42 || c === 43) return PLAIN.other;
    // "- x": a setext underline is dashes and blanks only, so a character after the blank that is neither rules it out.
    if (c === 45 && i + 2 < e) {
      const d = text.charCodeAt(i + 2);
      if (d !== 45 && !isBlank(d)) return PLAIN.other;
    }
  }
  return PLAIN.unknown;
}

/** Reads a block id `^id` at the end of a line (after a space or alone on it); its id and offset, or null. */
export function readBlockId(text: string, s: number, e: number): { id: string; at: number } | null {
  let end = e;
  while (end > s && isBlank(text.charCodeAt(end - 1))) end--;
  let i = end;
  while (i > s && isIdChar(text.charCodeAt(i - 1))) i--;
  if (i === end || i - 1 < s || text.charCodeAt(i - 1) !== 94 /* ^ */) return null;
  if (i - 1 > s && !isBlank(text.charCodeAt(i - 2))) return null;
  return { id: text.slice(i, end), at: i - 1 };
}

/** True for a space or a tab. */
export function isBlank(c: number): boolean {
  return c === 32 || c === 9;
}

function isIdChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 45;
}
