import type { Heading } from "../notes/note-types";
import { isStopWord, questionTerms } from "../route/text-terms";
import { cleanValue, plainSentences, plainText, sentencesOf, type ProseParagraph } from "./prose";

const MAX_ANSWERS = 7;
const MAX_HEADINGS = 4;
const MAX_DEFINED = 2;
const MAX_QUESTIONS = 2;

/** Headings that say nothing about what a note answers, in any vault. */
export const GENERIC_HEADINGS = new Set([
  "overview",
  "contents",
  "table of contents",
  "toc",
  "notes",
  "note",
  "references",
  "reference",
  "see also",
  "related",
  "links",
  "sources",
  "source",
  "summary",
  "introduction",
  "intro",
  "resources",
  "appendix",
  "details",
  "misc",
  "todo",
  "backlinks",
  "tags",
  "metadata",
  "examples",
  "example",
  "conclusion",
  "description",
  "definition",
  "background",
  "further reading",
  "external links",
  "footnotes",
  "index",
  "untitled",
  "more",
  "other",
  "others",
  "misc.",
  "miscellaneous",
  "general",
]);

/** A heading as a phrase: plain words, lowercase, without numbering or a closing colon. */
export function headingPhrase(text: string): string {
  let s = cleanValue(text);
  // Each pattern only on a phrase that starts or ends with a character it needs (a header run reads every heading of
  // the vault for the ones its notes repeat).
  const first = s.charCodeAt(0);
  if (first === 40 /* ( */ || (first >= 48 && first <= 57)) s = s.replace(/^(?:\(?\d+[.)]?\s*)+/, "");
  const last = s.charCodeAt(s.length - 1);
  if (last === 58 /* : */ || last === 46 /* . */) s = s.replace(/[:.]+$/, "");
  return s.toLowerCase().trim();
}

/**
 * The short form a note's title or opening gives its subject ("(LVDS)" after its name, or after a variant of it in the
 * first sentence), else the initials of a long name written in Title Case.
 */
export function acronymOf(title: string, opening: string): string | null {
  const own = /\(([A-Za-z][A-Za-z0-9&-]{1,9})\)\s*$/.exec(title);
  if (own) return own[1]!;
  const name = title.replace(/\s*\([^)]*\)\s*$/, "").trim();
  if (name === "") return null;
  const start = opening.slice(0, 600);
  // (The name's first word in the opening, before a pattern is made of the whole name.)
  if (start.includes("(") && start.toLowerCase().includes(name.split(/[\s-]+/)[0]!.toLowerCase()) && mayStateAfter(name, start)) {
    const esc = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s+/g, "[\\s-]+");
    const stated = new RegExp(`${esc}s?\\s*\\(\\s*([A-Za-z][A-Za-z0-9&-]{1,9})\\s*[),;]`, "i").exec(start);
    if (stated && /[A-Z]/.test(stated[1]!)) return stated[1]!;
  }
  // A short form the opening gives as another name: "Also called CIEXYZ.", "also known as DBFS", "a.k.a. GSM".
  const aka = /\b(?:also (?:called|known as)|a\.?k\.?a\.?)\s+["“(]?([A-Za-z][A-Za-z0-9&.-]{1,11}[A-Za-z0-9])/i.exec(start);
  if (aka && (aka[1]!.match(/[A-Z]/g)?.length ?? 0) >= 2) return aka[1]!;
  // Only a name written as one (Title Case words of two letters or more), not "R - Excel Helpers" or a sentence.
  if (/\s[-–—:]\s|[:;,?!]/.test(name)) return null;
  const words = name.split(/[\s-]+/).filter((w) => !/^(?:of|and|the|in|for|on)$/i.test(w));
  if (words.length < 3 || words.length > 6 || !words.every((w) => /^[\p{Lu}][\p{L}]+$/u.test(w))) return null;
  // A title led by a verb in -ing names an activity ("Managing Hardware Projects"), not a thing with a short form.
  if (/ing$/i.test(words[0]!)) return null;
  // The opening's first sentence may give the short form under a variant of the name ("Abstract Syntax Notation 1 (ASN.1)").
  const first = sentencesOf(start)[0] ?? "";
  const given = /\(\s*([A-Z][A-Za-z0-9.&-]{1,9})\s*\)\s*(?:is|are|was|were|refers|stands|denotes|,)/.exec(first);
  if (given && /[A-Z].*[A-Z0-9]/.test(given[1]!)) return given[1]!;
  const initials = words.map((w) => w[0]!.toUpperCase()).join("");
  // Initials stand for a name made of nouns ("Institute of Electrical and Electronics Engineers"), not for a phrase
  // that reads as a sentence or an idea ("Natural Disposition to Believe in a Creator").
  return /\s(?:to|a|an|the|between|with|by|at|or|vs|is|are|was|were|can|should|how|why|what|my|your|our|i|we)\s/i.test(` ${name.replace(/^the\s+/i, "")} `)
    ? null
    : initials;
}

/**
 * Whether the opening may hold the name followed by a short form in brackets: its last word (an ASCII one) somewhere
 * before what acronymOf's pattern needs after the name (an optional "s", spaces, "(", a short form of 2 to 10 letters,
 * digits, "&" or "-" starting with a letter, and ")", "," or ";"). A pattern made of the whole name is compiled per note,
 * so it is made only for the few openings where it can match ("Python (programming language)" cannot); a name that ends
 * in another script always gets it. The opening is read lowercased: the name's last word and all that follows it are
 * ASCII or white space, which lowercasing maps one for one.
 */
export function mayStateAfter(name: string, start: string): boolean {
  const last = name.slice(name.search(/\S+$/)).toLowerCase();
  if (!/^[\x21-\x7e]+$/.test(last)) return true;
  const lower = start.toLowerCase();
  const paren = /s?\s*\(\s*[a-z][a-z0-9&-]{1,9}\s*[),;]/y;
  for (let at = lower.indexOf(last); at !== -1; at = lower.indexOf(last, at + 1)) {
    paren.lastIndex = at + last.length;
    if (paren.test(lower)) return true;
  }
  return false;
}

/** What a sentence that defines a term holds after the term (see definedTerms' pattern). */
const DEFINING_VERB = /\s(?:is|are|refers to|means|denotes)\s+(?:an?|the)\s/;

/** The terms a note defines ("**Term** is …", "Term (ACR) is …") other than its title, in order. */
function definedTerms(paragraphs: readonly ProseParagraph[], title: string): string[] {
  const out: string[] = [];
  const own = title.toLowerCase();
  for (const p of paragraphs.slice(0, 20)) {
    const bold = /\*\*([^*]{2,60})\*\*(?:\s*\([^)]{1,30}\))?\s*,?\s*(?:is|are|refers to|means|denotes)\b/g;
    for (let m = bold.exec(p.text); m !== null; m = bold.exec(p.text)) out.push(plainText(m[1]!));
    for (const s of plainSentences(p)) {
      // The definition's verb first (most sentences have none): the pattern of the name before it is the slow part.
      if (!DEFINING_VERB.test(s)) continue;
      const m =
        /^((?:[\p{Lu}\p{N}][\p{L}\p{N}'-]*\s+){0,4}[\p{Lu}\p{N}][\p{L}\p{N}'-]*)\s*(\([^)]{1,30}\))?\s+(?:is|are|refers to|means|denotes)\s+(?:an?|the)\s/u.exec(
          s,
        );
      if (m && !isStopWord(m[1]!.split(/\s+/)[0]!.toLowerCase()) && !/^(?:well|now|yet|here|there)$/i.test(m[1]!.split(/\s+/)[0]!))
        out.push(`${m[1]!}${m[2] ? ` ${m[2]}` : ""}`);
    }
  }
  const seen = new Set<string>();
  return out.map((t) => cleanValue(t)).filter((t) => t !== "" && t.toLowerCase() !== own && !seen.has(t.toLowerCase()) && seen.add(t.toLowerCase()));
}

/**
 * Questions the note itself asks and answers: a sentence ending in "?" of a few words that names two of the note's key
 * terms (not a rhetorical "what kind of an argument is that?"), in its prose.
 */
function askedQuestions(paragraphs: readonly ProseParagraph[], key: Pick<ReadonlySet<string>, "has">): string[] {
  const out: string[] = [];
  for (const p of paragraphs) {
    if (p.item || !p.text.includes("?")) continue;
    for (const s of plainSentences(p)) {
      const q = cleanValue(s);
      const words = q.split(/\s+/).length;
      if (!q.endsWith("?") || words < 4 || words > 16 || !/^[\p{Lu}]/u.test(q) || /\b(?:you|your|yours|we|us|our|I|me|my)\b/i.test(q)) continue;
      // A question that leans on what came before ("But why?", "…is that?") is rhetorical, not one the note answers.
      if (/^(?:but|and|or|so|then|well|now|yet)\b/i.test(q) || /\b(?:that|this|it|them|those|these)\?$/i.test(q)) continue;
      if (questionTerms(q).filter((t) => key.has(t)).length >= 2) out.push(q.toLowerCase());
    }
  }
  return out;
}

/** What kind of title it is: a question or task (kept as asked), or a name (asked about as "what is …"). */
function titleQuestion(title: string, acronym: string | null, definesTitle: boolean): string | null {
  const t = cleanValue(title).replace(/\s*\([^)]*\)\s*$/, "");
  if (/^(?:how|why|what|when|where|which|who|can|should|is|are|do|does)\b/i.test(t)) return t.toLowerCase().replace(/\?*$/, t.endsWith("?") ? "?" : "");
  if (!definesTitle && acronym === null) return null;
  const name = t.toLowerCase();
  return acronym && acronym.toLowerCase() !== name ? `${whatIs(name)} ${name} (${acronym})` : `${whatIs(name)} ${name}`;
}

/** "what are" before a plural name ("motors", "colour spaces"), else "what is". */
function whatIs(name: string): string {
  // The head noun: the last word, or the word before "of" ("bill of materials").
  const bare = name.replace(/\s*\([^)]*\)\s*$/, "");
  const last = (/^(.*?)\s+of\s/i.exec(bare)?.[1] ?? bare).split(/\s+/).pop() ?? "";
  return /[^su']s$/i.test(last) && last.length > 3 ? "what are" : "what is";
}

/** The question a note's name stands for: "what is <name>", with the short form a long name gives ("… (LVDS)"). */
export function nameQuestion(title: string): string {
  const t = cleanValue(title);
  if (/^(?:how|why|what|when|where|which|who|can|should|is|are|do|does)\b/i.test(t)) return t.toLowerCase();
  const acronym = acronymOf(t, "");
  const name = t.replace(/\s*\([^)]*\)\s*$/, "").toLowerCase();
  return acronym && acronym.toLowerCase() !== name ? `${whatIs(name)} ${name} (${acronym})` : `${whatIs(name)} ${name}`;
}

/**
 * `answers_when` for a note: what a person would bring to it. The question its title names (with the short form the
 * note gives it), its own section headings as situations (leaving out headings every note of the base repeats, such
 * as "Key points", and generic ones), the terms it defines as "what is …", and the questions it asks itself. The
 * title as a phrase when there is nothing else.
 */
export function draftAnswersWhen(input: {
  title: string;
  headings: readonly Heading[];
  paragraphs: readonly ProseParagraph[];
  opening: string;
  definesTitle: boolean;
  /** The note's key terms (processed), for the questions it asks about its own subject. */
  keyTerms: Pick<ReadonlySet<string>, "has">;
  isStockHeading: (phrase: string) => boolean;
}): string[] {
  const out: string[] = [];
  const add = (phrase: string): void => {
    const p = phrase.replace(/\s+/g, " ").trim();
    if (p !== "" && p.length <= 100 && !out.includes(p) && out.length < MAX_ANSWERS) out.push(p);
  };
  const own = input.title.toLowerCase();
  const short = acronymOf(input.title, input.opening);
  const title = titleQuestion(input.title, short, input.definesTitle);
  if (title) add(title);
  let headings = 0;
  for (const h of input.headings) {
    const phrase = headingPhrase(h.text);
    if (phrase === "" || phrase === own || phrase.length > 60 || GENERIC_HEADINGS.has(phrase) || input.isStockHeading(phrase)) continue;
    if (headings++ >= MAX_HEADINGS) break;
    add(phrase);
  }
  for (const term of definedTerms(input.paragraphs, input.title)
    .filter((t) => t.toLowerCase() !== short?.toLowerCase())
    .slice(0, MAX_DEFINED))
    add(`${whatIs(term)} ${term.toLowerCase()}`);
  for (const q of askedQuestions(input.paragraphs, input.keyTerms).slice(0, MAX_QUESTIONS)) add(q);
  if (out.length === 0) add(cleanValue(input.title).toLowerCase().replace(/[-_]+/g, " "));
  return out;
}
