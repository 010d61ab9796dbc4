/**
 * Term handling shared by indexing and questions: lowercase words, English stop words dropped,
 * a light suffix stemmer, and dates folded so "2026-09-14", "14 September 2026" and "Sept 14" meet.
 */
import { PlainTerms } from "./plain-terms";
import { lastWord, wordEnd, wordStart } from "./word-scan";

const STOP_WORDS = new Set(
  (
    "a about above after again against all am an and any are aren't as at be because been before being below between both but by " +
    "can can't cannot could couldn't did didn't do does doesn't doing don't down during each few for from further had hadn't has " +
    "hasn't have haven't having he her here hers herself him himself his how i i'm if in into is isn't it it's its itself just " +
    "let's me more most my myself no nor not now of off on once only or other ought our ours ourselves out over own same she " +
    "should shouldn't so some such than that that's the their theirs them themselves then there there's these they they're this " +
    "those through to too under until up very was wasn't we we're were weren't what what's when where which while who whom why " +
    "will with won't would wouldn't you you're your yours yourself yourselves also get got gets use used using want wanted " +
    "need needed thing things way ways something anything really actually still even much many make made does tell know " +
    "happen happens happened one ever"
  ).split(/\s+/),
);

// A Map, not an object literal: "constructor" or "toString" in a note must not be read as a month.
const MONTHS = new Map<string, string>(
  Object.entries({
    jan: "01",
    january: "01",
    feb: "02",
    february: "02",
    mar: "03",
    march: "03",
    apr: "04",
    april: "04",
    may: "05",
    jun: "06",
    june: "06",
    jul: "07",
    july: "07",
    aug: "08",
    august: "08",
    sep: "09",
    sept: "09",
    september: "09",
    oct: "10",
    october: "10",
    nov: "11",
    november: "11",
    dec: "12",
    december: "12",
  }),
);

/** The month names above by their first two letters (a–z pairs, 26 × a + b): most words are never looked up in MONTHS. */
const MONTHS_BY_START: (string[] | undefined)[] = new Array<string[] | undefined>(26 * 26).fill(undefined);
for (const name of MONTHS.keys()) (MONTHS_BY_START[(name.charCodeAt(0) - 97) * 26 + name.charCodeAt(1) - 97] ??= []).push(name);

/** The month names that start as the word of `s` at [start, end) does, when its length is a month name's; else undefined. */
function monthsLike(s: string, start: number, end: number): string[] | undefined {
  if (end - start < 3 || end - start > 9) return undefined;
  const a = s.charCodeAt(start) - 97;
  const b = s.charCodeAt(start + 1) - 97;
  return a >= 0 && a < 26 && b >= 0 && b < 26 ? MONTHS_BY_START[a * 26 + b] : undefined;
}

/**
 * Whether the word of lowercase `s` at [start, end) is a month's name or abbreviation, read in place: many common words
 * start as one does ("make", "set", "note", "design"), and making a string of each to look it up was most of the words
 * read the slow way.
 */
function isMonthAt(s: string, start: number, end: number): boolean {
  const names = monthsLike(s, start, end);
  if (names === undefined) return false;
  for (const name of names) if (name.length === end - start && s.startsWith(name, start)) return true;
  return false;
}

/** The month number of a lowercase token that is a month's name or abbreviation, else undefined. */
function monthOf(tok: string): string | undefined {
  return monthsLike(tok, 0, tok.length) !== undefined ? MONTHS.get(tok) : undefined;
}

const ISO_DATE = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/;

/** True for words that carry no topic (English stop words). */
export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}

/**
 * A light English stemmer: folds plurals and common verb endings so "retries", "retrying" and "retried" meet, then
 * derivational endings (deriveStem) so "symbolic" meets "symbol" and "adhesion" meets "adhesive".
 */
export function stemWord(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  let w = word;
  if (w.endsWith("'s")) w = w.slice(0, -2);
  if (w.endsWith("ies") && w.length > 4) w = w.slice(0, -3) + "y";
  else if (w.endsWith("sses")) w = w.slice(0, -2);
  else if (w.endsWith("es") && /(?:ch|sh|x|z)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us") && !w.endsWith("is") && w.length > 3) w = w.slice(0, -1);
  if (w.endsWith("ing") && w.length > 5) w = undouble(w.slice(0, -3));
  else if (w.endsWith("ied") && w.length > 4) w = w.slice(0, -3) + "y";
  else if (w.endsWith("ed") && w.length > 4) w = undouble(w.slice(0, -2));
  if (w.endsWith("ly") && w.length > 5) w = w.slice(0, -2);
  if (w.endsWith("e") && w.length > 4) w = w.slice(0, -1);
  return w.length > 5 ? deriveStem(w) : w;
}

// Porter's steps 2 to 4 (M. F. Porter, "An algorithm for suffix stripping", 1980) for the noun and adjective endings,
// written for the stemmer above: it has dropped a final "e" ("serialize" and "serialized" are both "serializ") and
// keeps a final "y" ("retry", "taxonomy") where Porter writes "i". Each list is tried longest suffix first; only the
// longest suffix that ends a word is considered, and it goes only when what stays is long enough (Porter's measure).
// Verb and agent endings (-ize, -ate, -er, -ance, -ent, -able) and a bare -ity are kept, which Porter drops: they join
// words of other meanings ("serialize" and "serial", "modulate" and "module", "authority" and "author").

/** Step 2 (the rest's measure above 0): a compound ending to its simpler form ("relational" → "relat", as "relate"). */
const STEP2: readonly (readonly [string, string])[] = [
  ["ification", "ify"],
  ["ational", "at"],
  ["tional", "tion"],
  ["ization", "iz"],
  ["isation", "is"],
  ["iveness", "iv"],
  ["fulness", "ful"],
  ["ousness", "ous"],
  ["bility", "bl"],
  ["alism", "al"],
  ["ality", "al"],
  ["ivity", "iv"],
  ["ation", "at"],
  ["ator", "at"],
  ["izer", "iz"],
  ["iser", "is"],
  ["ency", "enc"],
  ["ancy", "anc"],
];

/** Step 3 (measure above 0). */
const STEP3: readonly (readonly [string, string])[] = [
  ["ical", "ic"],
  ["ativ", "at"],
  ["ness", ""],
  ["ful", ""],
];

/** Step 4 (measure above 1): the ending goes. "ion" only after s or t, as in Porter; "ist" and "ify" added. */
const STEP4: readonly string[] = ["ism", "ist", "ify", "ion", "iv", "al", "ic"];

/**
 * Derivational endings folded (Porter's steps 2 to 4, step 4 twice so "dimensional" meets "dimension"), then a final
 * "y" after a consonant dropped where the rest is long enough ("taxonomy" meets "taxonomic", "classify" meets
 * "classification"). A word keeps an ending when what would stay is too short to be a stem ("station", "retry").
 */
export function deriveStem(word: string): string {
  let w = replaceEnding(word, STEP2, STEP2_LAST);
  w = replaceEnding(w, STEP3, STEP3_LAST);
  for (let pass = 0; pass < 2; pass++) {
    const next = dropEnding(w);
    if (next === w) break;
    w = next;
  }
  if (/[^aeiouy]y$/.test(w) && measure(w.slice(0, -1)) > 1) w = w.slice(0, -1);
  // "-ness" and "-ful" can uncover a final "e" the word alone loses ("awareness" meets "aware", read as "awar").
  return w.endsWith("e") && w.length > 4 ? w.slice(0, -1) : w;
}

/** The last characters the endings of a table end in: a word ending otherwise has none of them (most words). */
function lastChars(endings: readonly string[]): ReadonlySet<number> {
  return new Set(endings.map((e) => e.charCodeAt(e.length - 1)));
}
const STEP2_LAST = lastChars(STEP2.map(([from]) => from));
const STEP3_LAST = lastChars(STEP3.map(([from]) => from));
const STEP4_LAST = lastChars(STEP4);

function replaceEnding(w: string, table: readonly (readonly [string, string])[], last: ReadonlySet<number>): string {
  if (!last.has(w.charCodeAt(w.length - 1))) return w;
  for (let i = 0; i < table.length; i++) {
    const [from, to] = table[i]!;
    if (!w.endsWith(from)) continue;
    const stem = w.slice(0, -from.length);
    return measure(stem) > 0 ? stem + to : w;
  }
  return w;
}

function dropEnding(w: string): string {
  if (!STEP4_LAST.has(w.charCodeAt(w.length - 1))) return w;
  for (let i = 0; i < STEP4.length; i++) {
    const suffix = STEP4[i]!;
    if (!w.endsWith(suffix)) continue;
    const stem = w.slice(0, -suffix.length);
    if (suffix === "ion" && !/[st]$/.test(stem)) return w;
    return measure(stem) > 1 ? stem : w;
  }
  return w;
}

/** Porter's measure: how many vowel-consonant sequences a stem has ("tr" 0, "tree" 0, "trouble" 1, "private" 2). */
function measure(stem: string): number {
  let m = 0;
  let prevVowel = false;
  for (let i = 0; i < stem.length; i++) {
    const c = stem.charCodeAt(i);
    // a e i o u, or a y after a consonant (not first).
    const vowel: boolean = c === 97 || c === 101 || c === 105 || c === 111 || c === 117 || (c === 121 && i > 0 && !prevVowel);
    if (!vowel && prevVowel) m++;
    prevVowel = vowel;
  }
  return m;
}

function undouble(w: string): string {
  const n = w.length;
  if (n >= 2 && w[n - 1] === w[n - 2] && !"lsz".includes(w[n - 1] ?? "")) return w.slice(0, -1);
  return w;
}

/** Splits text into lowercase word tokens (hyphenated words also yield their parts); dates are folded to ISO forms. */
export function tokenizeText(text: string): string[] {
  const out: string[] = [];
  forEachToken(text, (tok) => {
    out.push(tok);
  });
  return out;
}

/**
 * Each token of `tokenizeText`, in order, handed to `fn` as it is found (header drafts read the terms of every
 * paragraph of a vault, and the array of them was garbage at once: about 20 MB over 2,721 notes), with whether it
 * holds a hyphen or an underscore.
 */
function forEachToken(text: string, fn: (token: string, joined: boolean) => void): void {
  const s = text.toLowerCase();
  let before = -1;
  let beforeEnd = -1;
  for (let start = wordStart(s, 0); start < s.length; start = wordStart(s, beforeEnd)) {
    const end = wordEnd(s, start);
    emitWord(s, start, end, before, beforeEnd, fn);
    before = start;
    beforeEnd = end;
  }
}

/**
 * The tokens of one word of lowercase text `s` (WORD's match at [start, end)): trailing quotes trimmed, an ISO date
 * with its month, year and day, a month's name with the date written around it, a joined word with its parts. The
 * word before it is [before, beforeEnd) (-1: none); the two after it are read only for a month's name.
 */
function emitWord(s: string, start: number, end: number, before: number, beforeEnd: number, fn: (token: string, joined: boolean) => void): void {
  let tok = s.slice(start, end);
  // A word starts with a letter or digit (WORD), so only trailing quotes can need trimming.
  if (tok.charCodeAt(tok.length - 1) === 39) tok = tok.replace(/'+$/, "");
  const c = tok.charCodeAt(0);
  const iso = c >= 48 && c <= 57 && (tok.length === 7 || tok.length === 10) ? ISO_DATE.exec(tok) : null;
  if (iso) {
    fn(tok, true);
    fn(`${iso[1]}-${iso[2]}`, true);
    fn(iso[1]!, false);
    if (iso[3]) fn(`${iso[2]}-${iso[3]}`, true);
    return;
  }
  const month = monthOf(tok);
  if (month !== undefined) {
    const next = wordStart(s, end);
    const nextEnd = next < s.length ? wordEnd(s, next) : next;
    const third = wordStart(s, nextEnd);
    const after = next < s.length ? s.slice(next, nextEnd) : undefined;
    const after2 = third < s.length ? s.slice(third, wordEnd(s, third)) : undefined;
    for (const f of foldWrittenDate(month, before < 0 ? undefined : s.slice(before, beforeEnd), after, after2)) fn(f, f.includes("-"));
    if (tok.length > 3) fn(tok, false);
    return;
  }
  const joined = tok.includes("-") || tok.includes("_");
  fn(tok, joined);
  if (joined) for (const part of tok.split(/[-_]+/)) if (part && part !== tok) fn(part, false);
}

function foldWrittenDate(month: string, before?: string, after?: string, after2?: string): string[] {
  const day = (s?: string): string | null => {
    const m = s ? /^(\d{1,2})(?:st|nd|rd|th)?$/.exec(s) : null;
    return m && Number(m[1]) >= 1 && Number(m[1]) <= 31 ? m[1]!.padStart(2, "0") : null;
  };
  const year = (s?: string): string | null => (s && /^\d{4}$/.test(s) ? s : null);
  const d = day(after) ?? day(before);
  const y = year(day(after) ? after2 : after) ?? null;
  const out: string[] = [];
  if (y) out.push(`${y}-${month}`, y);
  if (d) out.push(`${month}-${d}`);
  if (y && d) out.push(`${y}-${month}-${d}`);
  return out;
}

/** Index/query term processing: stop words dropped (null), the rest stemmed. */
export function processTerm(term: string): string | null {
  const hit = processed.get(term);
  if (hit !== undefined) return hit;
  const t = termOfWord(term);
  // A vocabulary is small next to the words of a base: remembering each word's term halves indexing time. Bounded.
  if (processed.size >= MAX_PROCESSED) processed.clear();
  processed.set(term, t);
  return t;
}

/** processTerm's answer, worked out (PLAIN_TERMS remembers it for the plain words, which need no second memory). */
function termOfWord(term: string): string | null {
  return term.length < 2 && !/\d/.test(term) ? null : isStopWord(term) ? null : stemWord(term);
}

const MAX_PROCESSED = 50_000;
const processed = new Map<string, string | null>();

/**
 * The content terms of a question: tokenized, stop words dropped, stemmed, de-duplicated in order. A hyphenated
 * word counts through its parts only ("brand-new" is "brand" and "new"), so it does not weigh three times.
 */
export function questionTerms(question: string): string[] {
  const seen = new Set<string>();
  forEachTerm(question, (t) => seen.add(t));
  return [...seen];
}

/**
 * A letter. A module constant, not a literal where it is used: esbuild writes a lone `\p{…}` literal as a `new RegExp`
 * call, which made a RegExp object at each joined token of every text read.
 */
const LETTER = /\p{L}/u;

/** Each content term of a text as questionTerms reads it, in order, repeats included. */
export function forEachTerm(text: string, fn: (term: string) => void): void {
  const onToken = (tok: string, joined: boolean): void => {
    if (joined && LETTER.test(tok)) return;
    const t = processTerm(tok);
    if (t !== null) fn(t);
  };
  const s = text.toLowerCase();
  let before = -1;
  let beforeEnd = -1;
  for (let start = wordStart(s, 0); start < s.length; start = wordStart(s, beforeEnd)) {
    const end = wordEnd(s, start);
    // Most words are plain (no quote or joining character, not a month's name): their term is found by their
    // characters in the text, with no string made for them.
    if (!lastWord.joined && !isMonthAt(s, start, end)) {
      const t = PLAIN_TERMS.termAt(s, start, end, lastWord.hash);
      if (t !== null) fn(t);
    } else emitWord(s, start, end, before, beforeEnd, onToken);
    before = start;
    beforeEnd = end;
  }
}

/** The terms of the plain words met so far (see forEachTerm), shared by every text read. */
const PLAIN_TERMS = new PlainTerms(termOfWord);

/** Words that go through each rule of stemWord and deriveStem, for termsFingerprint. */
const STEMMED_SAMPLE =
  "cats caresses ponies ties caress running hopping filing retried agreed plastered motoring sing happily " +
  "relational conditional rational valency hesitancy digitizer conformably radically differently vilely analogously " +
  "vietnamization predication operator feudalism decisiveness hopefulness callousness formality sensitivity " +
  "sensibility triplicate formative formalize electricity electrical hopeful goodness revival allowance inference " +
  "airliner gyroscopic adjustable defensible irritant replacement adjustment dependent adoption homologous " +
  "communism activate angularity effective bowdlerize taxonomy classify owner's 3rd 42 x";

/**
 * What decides the terms of a text, as one value: the stop words, the months' names, and the terms of a sample of
 * words through every rule of the stemmer. A cache of terms made by a kc whose fingerprint differs is not to be
 * trusted (the version alone stays the same between builds of one release).
 */
export function termsFingerprint(): string {
  const terms: string[] = [];
  forEachTerm(`${STEMMED_SAMPLE} 3 January 2024, 2024-01-03, well-known snake_case it's`, (t) => terms.push(t));
  return [[...STOP_WORDS].join(" "), [...MONTHS].join(" "), terms.join(" ")].join("\n");
}
