/**
 * The words of a lowercase text as the tokenizer reads them (text-terms.ts): a letter or digit, then any letters,
 * digits and joining characters (' _ -), read by hand. irregexp's match of a Unicode class made an array of every word
 * of a text, and this scan is the faster of the two. A word is found with `wordStart`, its end with `wordEnd`, which
 * also says what it holds (`lastWord`).
 */

// A code unit's kind: 1 a letter or digit (\p{L}\p{N}), 2 one that joins a word (' _ -), 3 neither; 0 not yet looked
// up (surrogates always are: a pair is looked up as its code point).
const UNIT_KIND = new Uint8Array(65536);
for (let c = 0; c < 128; c++)
  UNIT_KIND[c] = (c >= 48 && c <= 57) || (c >= 97 && c <= 122) || (c >= 65 && c <= 90) ? 1 : c === 39 || c === 95 || c === 45 ? 2 : 3;
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;

/** Whether the character at `i` is a surrogate pair (a high half followed by a low one). */
function pairAt(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  return c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
}

/** The kind of the character at `i` (a surrogate pair as one code point; a lone surrogate is neither). */
function kindAt(s: string, i: number): number {
  const c = s.charCodeAt(i);
  const k = UNIT_KIND[c]!;
  if (k !== 0) return k;
  if (c >= 0xd800 && c <= 0xdfff) return pairAt(s, i) && LETTER_OR_DIGIT.test(s.slice(i, i + 2)) ? 1 : 3;
  return (UNIT_KIND[c] = LETTER_OR_DIGIT.test(s[i]!) ? 1 : 3);
}

/** Where the next word starts at or after `from` (a letter or digit); the text's length when there is none. */
export function wordStart(s: string, from: number): number {
  let i = from;
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (c < 128) {
      if (UNIT_KIND[c] === 1) return i;
      i++;
    } else if (kindAt(s, i) === 1) return i;
    else i += pairAt(s, i) ? 2 : 1;
  }
  return s.length;
}

/**
 * Set by `wordEnd` for the word it ended: whether it holds a joining character, and a hash of its code units (FNV-1a).
 * Read at once, before the next scan.
 */
export const lastWord = { joined: false, hash: 0 };

/** Where the word starting at `start` ends (after its last letter, digit or joining character). */
export function wordEnd(s: string, start: number): number {
  let joined = false;
  let h = 0x811c9dc5;
  let i = start;
  while (i < s.length) {
    const c = s.charCodeAt(i);
    const k = c < 128 ? UNIT_KIND[c]! : kindAt(s, i);
    if (k === 3) break;
    if (k === 2) joined = true;
    h = Math.imul(h ^ c, 0x01000193);
    if (c >= 0xd800 && c <= 0xdbff) {
      // A pair (kindAt saw its low half): both halves hashed.
      h = Math.imul(h ^ s.charCodeAt(i + 1), 0x01000193);
      i += 2;
    } else i++;
  }
  lastWord.joined = joined;
  lastWord.hash = h;
  return i;
}
