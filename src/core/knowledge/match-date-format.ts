// Matching a file name against a moment-style date format (a vault's daily-notes setting) in time linear in the name
// for each piece of the format, whatever the format holds. A regular expression built from the format backtracked:
// thirty-two adjacent `D`/`M` tokens (each one or two digits) against a name of digits tried 2^32 splits.

/** Which part of a date a piece of the format captures. */
export type DateSlot = "Y" | "YY" | "M" | "MMM" | "D";

/** One piece of a compiled format: a literal character, a run of digits, a run of letters, or an ordinal suffix. */
type Piece =
  | { kind: "literal"; code: number }
  | { kind: "digits"; min: number; max: number; slot: DateSlot }
  | { kind: "letters"; slot: DateSlot | null }
  | { kind: "ordinal" };

/** A format compiled once: its pieces, in order, and the shortest and longest name they can match. */
export interface DateFormat {
  pieces: readonly Piece[];
  minLength: number;
  maxLength: number;
}

/** The moment tokens a daily-notes format may hold; `[…]` is literal text and anything else one literal character. */
export const DATE_FORMAT_TOKENS = /\[([^\]]*)\]|YYYY|YY|MMMM|MMM|MM|M|Do|DD|D|dddd|ddd|./g;

const TOKEN_PIECES: Record<string, Piece[]> = {
  YYYY: [{ kind: "digits", min: 4, max: 4, slot: "Y" }],
  YY: [{ kind: "digits", min: 2, max: 2, slot: "YY" }],
  MMMM: [{ kind: "letters", slot: "MMM" }],
  MMM: [{ kind: "letters", slot: "MMM" }],
  MM: [{ kind: "digits", min: 2, max: 2, slot: "M" }],
  M: [{ kind: "digits", min: 1, max: 2, slot: "M" }],
  DD: [{ kind: "digits", min: 2, max: 2, slot: "D" }],
  D: [{ kind: "digits", min: 1, max: 2, slot: "D" }],
  Do: [{ kind: "digits", min: 1, max: 2, slot: "D" }, { kind: "ordinal" }],
  dddd: [{ kind: "letters", slot: null }],
  ddd: [{ kind: "letters", slot: null }],
};

const ORDINALS = new Set(["ST", "ND", "RD", "TH"]);

/** Compiles a moment-style format into pieces (tokens as DATE_FORMAT_TOKENS reads them; a line break is skipped). */
export function compileDateFormat(format: string): DateFormat {
  const pieces: Piece[] = [];
  for (const m of format.matchAll(DATE_FORMAT_TOKENS)) {
    const literal = m[1] ?? (Object.hasOwn(TOKEN_PIECES, m[0]) ? undefined : m[0]);
    if (literal === undefined) pieces.push(...TOKEN_PIECES[m[0]]!);
    else for (let i = 0; i < literal.length; i++) pieces.push({ kind: "literal", code: fold(literal.charCodeAt(i)) });
  }
  let minLength = 0;
  let maxLength = 0;
  for (const p of pieces) {
    minLength += p.kind === "digits" ? p.min : p.kind === "ordinal" ? 2 : 1;
    maxLength += p.kind === "digits" ? p.max : p.kind === "ordinal" ? 2 : p.kind === "letters" ? Infinity : 1;
  }
  return { pieces, minLength, maxLength };
}

/**
 * The parts a name matches a format with, as the text of each captured slot in order, or null when it does not match.
 * Where a name splits more than one way (`DM` against "111"), the split is the one a regular expression of the format
 * would take (each run as long as it can be while the rest still matches), so results read as they always did.
 * Work: one pass per piece over the name (a table of pieces × positions), never a search over splits.
 */
export function matchDateFormat(format: DateFormat, name: string): { slot: DateSlot; text: string }[] | null {
  const { pieces } = format;
  const n = name.length;
  // Most of a vault's names cannot match at all: a name too short or too long for the format is refused before any work.
  if (n < format.minLength || n > format.maxLength) return null;
  const codes = new Uint16Array(n);
  for (let p = 0; p < n; p++) codes[p] = fold(name.charCodeAt(p));
  // digitRun[p] / letterRun[p]: how many digits / ASCII letters start at p.
  const digitRun = new Uint32Array(n + 1);
  const letterRun = new Uint32Array(n + 1);
  for (let p = n - 1; p >= 0; p--) {
    const c = codes[p]!;
    digitRun[p] = c >= 48 && c <= 57 ? digitRun[p + 1]! + 1 : 0;
    letterRun[p] = c >= 65 && c <= 90 ? letterRun[p + 1]! + 1 : 0;
  }
  // ok[i][p]: pieces i.. match name[p..] to its end. Built backwards, one row per piece.
  const ok: Uint8Array[] = Array.from({ length: pieces.length + 1 }, () => new Uint8Array(n + 1));
  ok[pieces.length]![n] = 1;
  const last = new Int32Array(n + 1);
  for (let i = pieces.length - 1; i >= 0; i--) {
    const next = ok[i + 1]!;
    const row = ok[i]!;
    const piece = pieces[i]!;
    if (piece.kind === "letters") {
      // last[q]: the furthest position ≤ q where the rest matches (-1: none), so a run's best end is found at once.
      for (let q = 0; q <= n; q++) last[q] = next[q] ? q : q > 0 ? last[q - 1]! : -1;
      for (let p = 0; p < n; p++) row[p] = letterRun[p]! > 0 && last[p + letterRun[p]!]! > p ? 1 : 0;
    } else for (let p = 0; p <= n; p++) row[p] = width(piece, p, codes, digitRun, next) > 0 ? 1 : 0;
  }
  if (!ok[0]![0]) return null;
  const parts: { slot: DateSlot; text: string }[] = [];
  let p = 0;
  pieces.forEach((piece, i) => {
    let w: number;
    if (piece.kind === "letters") {
      for (let q = 0; q <= n; q++) last[q] = ok[i + 1]![q] ? q : q > 0 ? last[q - 1]! : -1;
      w = last[p + letterRun[p]!]! - p;
    } else w = width(piece, p, codes, digitRun, ok[i + 1]!);
    if (piece.kind === "digits" || (piece.kind === "letters" && piece.slot !== null)) parts.push({ slot: piece.slot!, text: name.slice(p, p + w) });
    p += w;
  });
  return parts;
}

/** The width a non-letter piece takes at p so that the rest can match (`next`), the longest first; 0 when none. */
function width(piece: Exclude<Piece, { kind: "letters" }>, p: number, codes: Uint16Array, digitRun: Uint32Array, next: Uint8Array): number {
  const n = codes.length;
  if (piece.kind === "literal") return p < n && codes[p] === piece.code && next[p + 1] ? 1 : 0;
  if (piece.kind === "ordinal") return p + 2 <= n && ORDINALS.has(String.fromCharCode(codes[p]!, codes[p + 1]!)) && next[p + 2] ? 2 : 0;
  for (let w = Math.min(piece.max, digitRun[p]!); w >= piece.min; w--) if (next[p + w]) return w;
  return 0;
}

/** A character as a case-insensitive regular expression (without the u flag) compares it: upper-cased, one unit, ASCII kept apart. */
function fold(code: number): number {
  const upper = String.fromCharCode(code).toUpperCase();
  if (upper.length !== 1) return code;
  const u = upper.charCodeAt(0);
  return code >= 128 && u < 128 ? code : u;
}
