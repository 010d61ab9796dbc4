import { forEachTerm } from "../route/text-terms";
import { keepBest } from "../util/keep-best";
import { cleanValue, isProse, plainOf, plainSentences, wordsWithin, type ProseParagraph } from "./prose";

/** A note's key terms (processed as the router processes words) with their weight, the strongest 1. */
export type KeyTerms = ReadonlyMap<string, number>;

/** A note's terms with in how many paragraphs each is (termCounts): a Map, or any list that can be walked as one. */
export interface TermCounts {
  forEach(fn: (n: number, term: string) => void): void;
}

const KEY_TERMS = 12;
/** Wikilinks, embeds and markdown links, left out of a note's own words. */
const LINKS = /!?\[\[[^\]]*\]\]|!?\[[^\]]*\]\([^)]*\)|<?https?:\/\/\S+>?/g;
/** Characters of a note's prose read for its key terms. */
const KEY_TERM_CHARS = 10_000;
/** Sentences of the note considered for its TLDR, from its start. */
export const CANDIDATE_SENTENCES = 24;
export const TLDR_CHARS = 280;
/** TLDR candidates kept per note: the best, and the next ones a run falls back to when another note has it. */
const TLDR_OPTIONS = 6;

/**
 * In how many of a note's paragraphs each of its terms is (processed as the router processes words): its own words, in
 * the first pages of its prose (words of links left out). What its key terms are chosen from, and a function of its
 * text alone, so a run may keep it between runs (see keyTermsOf).
 */
export function termCounts(paragraphs: readonly ProseParagraph[]): Map<string, number> {
  // In how many paragraphs a term is and the last paragraph counted in, in one number (n × PARAGRAPHS + last): one Map
  // probe for most words, and no object per term of every note.
  const tf = new Map<string, number>();
  let chars = 0;
  let para = 0;
  const count = (t: string): void => {
    const c = tf.get(t);
    if (c === undefined) tf.set(t, PARAGRAPHS + para);
    else if (c % PARAGRAPHS !== para) tf.set(t, (c - (c % PARAGRAPHS) + PARAGRAPHS) | para);
  };
  for (const p of paragraphs) {
    // The note's own words: the names of the notes it links to name other subjects; a long note's first pages say what
    // it is about.
    forEachTerm(p.text.includes("[") || p.text.includes("http") ? p.text.replace(LINKS, " ") : p.text, count);
    para++;
    if ((chars += p.text.length) > KEY_TERM_CHARS || para === PARAGRAPHS - 1) break;
  }
  // (Setting a key that is there keeps the Map's order and its size.)
  tf.forEach((c, t) => tf.set(t, Math.floor(c / PARAGRAPHS)));
  return tf;
}

/**
 * The terms that say what a note is about: its title's terms (`titleTerms`, questionTerms of the title), and the body's
 * terms (`counts`, termCounts) by how many paragraphs hold them against how rare they are in the vault (`idf`), the
 * strongest twelve, weighted 0..1.
 */
export function keyTermsOf(titleTerms: readonly string[], counts: TermCounts, idf: (term: string) => number, maxIdf = Infinity): KeyTerms {
  const score = scoreLikelyTop(counts, idf, maxIdf);
  let best = 1e-9;
  for (const s of score.values()) if (s > best) best = s;
  for (const t of titleTerms) best = Math.max(best, 2 * idf(t));
  for (const t of titleTerms) score.set(t, Math.max(score.get(t) ?? 0, best));
  // The strongest twelve, by score and then by name, chosen in one pass (a sort of every scored term was most of this).
  const top: [string, number][] = [];
  score.forEach((s, t) => {
    // (A term scoring under the twelfth makes no pair.)
    if (top.length < KEY_TERMS || s >= top[KEY_TERMS - 1]![1]) keepBest(top, [t, s], KEY_TERMS, rankedBefore);
  });
  return new Map(top.map(([t, s]) => [t, s / best]));
}

/** Whether a scored term ranks above another: the higher score, then the name first in order. */
function rankedBefore(a: readonly [string, number], b: readonly [string, number]): boolean {
  return a[1] > b[1] || (a[1] === b[1] && a[0] < b[0]);
}

/**
 * More than the paragraphs a note is read in for its key terms (at most KEY_TERM_CHARS + 1 of them, each of a character
 * or more; the loop stops there whatever they hold): a power of two, so a count and a paragraph number share a number.
 */
const PARAGRAPHS = 1 << 14;

/**
 * Each term's score (how many paragraphs hold it, against its rarity) for the terms that can be among the strongest
 * twelve, and the strongest of all: a term's score is at most (1 + log n) × `maxIdf`, so once twelve terms score above
 * that for a paragraph count n, no term in n paragraphs or fewer can rank among them (title terms rank first whatever
 * they score, so the twelve other scores are a safe bar). With no bound (Infinity) every term is scored; with the
 * index's, a rarity lookup for a few dozen of a note's terms instead of hundreds, and the same key terms.
 */
function scoreLikelyTop(counts: TermCounts, idf: (term: string) => number, maxIdf: number): Map<string, number> {
  const byCount: string[][] = [];
  counts.forEach((n, t) => (byCount[n] ??= []).push(t));
  const score = new Map<string, number>();
  // The strongest KEY_TERMS scores so far, strongest first.
  const top: number[] = [];
  for (let n = byCount.length - 1; n >= 1; n--) {
    const terms = byCount[n];
    if (terms === undefined) continue;
    const weight = 1 + Math.log(n);
    if (top.length === KEY_TERMS && weight * maxIdf < top[KEY_TERMS - 1]!) break;
    for (const t of terms) {
      const s = weight * idf(t);
      score.set(t, s);
      keepBest(top, s, KEY_TERMS, higher);
    }
  }
  return score;
}

const higher = (a: number, b: number): boolean => a > b;

/** Words that mark a sentence as saying something (a reason, a rule, a comparison, a result) rather than naming a topic. */
const CLAIM =
  /\b(?:because|so that|therefore|thus|must|should|never|always|only|more|less|better|worse|than|causes?|leads? to|requires?|allows?|prevents?|avoids?|helps?|makes?|keeps?|needs?|works?|fails?|depends?|means that|instead|unless|but)\b|\d/i;
/** A sentence that leans on the one before it. */
const LEANS =
  /^(?:this|that|these|those|it|its|they|their|he|she|his|her|however|but|and|also|so|then|thus|hence|therefore|here|there|such|since|because|as|while|although|which|where|when|if|or|for example|e\.g|well|now|ok|okay|yes|no)\b/i;
/** A finite verb: an auxiliary or a common verb; or a word in -s/-es/-ed in a sentence that ends as one. */
const VERB =
  /\b(?:is|are|was|were|be|been|being|has|have|had|can|could|will|would|shall|should|must|may|might|do|does|did|need|needs|make|makes|use|uses|let|lets|keep|keeps|means|stands)\b/i;
const VERB_ENDING = /\b\p{L}{3,}(?:es|ed|s)\b/iu;
/** Text that is not a sentence of prose: formulas, table cells, numbered section lists; or paths and lists run together. */
const NOT_PROSE = /\$|\\[a-z]+|\||(?:\d+\.){2,}\d/;
const RUN_TOGETHER = /(?:\S+\s*\/\s*){2,}/;

/**
 * NOT_PROSE or RUN_TOGETHER, as one pattern of both read it. RUN_TOGETHER is tried only on text with two slashes,
 * which it needs: on any other sentence it backtracked through each word, ~2% of a header run.
 */
export function notProse(sentence: string): boolean {
  if (NOT_PROSE.test(sentence)) return true;
  const slash = sentence.indexOf("/");
  return slash !== -1 && sentence.includes("/", slash + 1) && RUN_TOGETHER.test(sentence);
}
const COPULA = /^(?:is|are|was|were|refers? to|means|denotes|describes|stands for)\b/i;

/** True when the sentence defines the title ("Colour theory is the study of…", "**FUSE** (…) is…"). */
function definesTitle(sentence: string, title: TitleForms): boolean {
  const t = title.name;
  if (t === "") return false;
  const s = sentence.toLowerCase().replace(/^(?:the|an?)\s+/, "");
  if (!s.startsWith(t)) return false;
  const rest = s
    .slice(t.length)
    .replace(/^s?\s*(?:\([^)]*\)\s*)?,?\s*/, "")
    .trim();
  return COPULA.test(rest) || rest.startsWith("(") || rest === "";
}

/**
 * The terms of the sentence being read, the first `sentenceTerms` of them: an array kept for every sentence (a Set
 * cleared for each gave back its table, and grew it again, three times a sentence).
 */
const SENTENCE_TERMS: string[] = [];
let sentenceTerms = 0;
const addSentenceTerm = (t: string): void => {
  SENTENCE_TERMS[sentenceTerms++] = t;
};

/**
 * The different terms among the first `n` of `terms`, in the order they first come: compared one by one for a short
 * sentence's few, through a Set past SHORT (a sentence has no length limit).
 */
export function distinctTerms(terms: readonly string[], n: number): string[] {
  const out: string[] = [];
  if (n <= SHORT) {
    for (let i = 0; i < n; i++) if (!out.includes(terms[i]!)) out.push(terms[i]!);
    return out;
  }
  const seen = new Set<string>();
  for (let i = 0; i < n; i++) {
    if (seen.has(terms[i]!)) continue;
    seen.add(terms[i]!);
    out.push(terms[i]!);
  }
  return out;
}
const SHORT = 32;

/**
 * What decides a note's reading besides the way terms are made (termsFingerprint): the limits of what is read, the
 * links left out. A cache of readings made under other values is not to be trusted.
 */
export function readingFingerprint(): string {
  return [KEY_TERM_CHARS, PARAGRAPHS, CANDIDATE_SENTENCES, LINKS.source].join(" ");
}

/**
 * The different terms of each of a note's candidate sentences that was read for its words, by the sentence's place
 * among the first CANDIDATE_SENTENCES (tldrCandidates reads the words of those the cheap refusals let through): a
 * function of the note's text alone, so a run may keep them between runs beside the note's term counts.
 */
export class SentenceTerms {
  /** Whether any sentence's terms were read in this run rather than known: then there is something new to keep. */
  added = false;

  /** `known`: the terms of the sentences an earlier run read, by place (none where it read none). */
  constructor(private readonly known: (readonly string[] | undefined)[] = []) {}

  /** The different terms of the sentence at `position` (`sentence`), in the order they first come, read unless known. */
  of(position: number, sentence: string): readonly string[] {
    const hit = this.known[position];
    if (hit !== undefined) return hit;
    sentenceTerms = 0;
    forEachTerm(sentence, addSentenceTerm);
    const terms = distinctTerms(SENTENCE_TERMS, sentenceTerms);
    this.known[position] = terms;
    this.added = true;
    return terms;
  }

  /** The terms of each place, as `of` gave them (none where no sentence was read). */
  byPosition(): readonly (readonly string[] | undefined)[] {
    return this.known;
  }
}

/** A note's title as sentences are scored against it, worked out once per note rather than once per sentence. */
interface TitleForms {
  /** Lowercase. */
  lower: string;
  /** Lowercase, without a closing "(…)": the name a defining sentence starts with. */
  name: string;
}

function titleForms(title: string): TitleForms {
  const lower = title.toLowerCase();
  return { lower, name: lower.replace(/\s*\([^)]*\)\s*$/, "").trim() };
}

/** How well a sentence states the note's point: its key terms, a claim, standing on its own, in the note's lead. */
function scoreSentence(sentence: string, position: number, p: ProseParagraph, title: TitleForms, key: KeyTerms, book: SentenceTerms): number {
  // The cheap refusals first: most sentences fail one before their words are read.
  if (sentence.length < 30 || !/^[\p{Lu}"“]/u.test(sentence) || notProse(sentence)) return -Infinity;
  if (!VERB.test(sentence) && !(VERB_ENDING.test(sentence) && /[.!?]["”’)]*$/.test(sentence))) return -Infinity;
  const terms = book.of(position, sentence);
  if (terms.length < 4) return -Infinity;
  let keyed = 0;
  key.forEach((w, t) => {
    if (terms.includes(t)) keyed += w;
  });
  let score = Math.min(1, keyed / 2.5);
  if (CLAIM.test(sentence)) score += 0.15;
  if (definesTitle(sentence, title)) score -= 0.25;
  if (LEANS.test(sentence)) score -= 0.3;
  if (/\?\s*$/.test(sentence)) score -= 1;
  if (p.item) score -= 0.1;
  // The note's lead (before its first section, or under a heading that repeats the title) states its point; a later
  // section's sentence states that section's.
  if (p.heading === "" || p.heading.toLowerCase() === title.lower) score += 0.2;
  if (sentence.length > 200) score -= sentence.length > TLDR_CHARS ? 0.4 : 0.2;
  if (/https?:\/\//.test(sentence)) score -= 0.3;
  return score - 0.015 * position;
}

/**
 * The lead's sentence with its subject named: "It is the distance beyond which…" in the note "Hyperfocal distance"
 * reads "Hyperfocal distance is the distance beyond which…" (a TLDR is read without the note around it).
 */
function namedSubject(sentence: string, title: string, p: ProseParagraph, position: number): string {
  const lead = p.heading === "" || p.heading.toLowerCase() === title.toLowerCase();
  const m = /^(?:it|this)\s+(is|was|are|were|refers to|means|describes)\b/i.exec(sentence);
  if (!lead || position > 1 || !m || !/^[\p{L}\p{N}][\p{L}\p{N} '-]{0,60}$/u.test(title)) return sentence;
  return `${title}${sentence.slice(m[0].length - m[1]!.length - 1)}`;
}

/**
 * Candidate TLDRs of a note, best first, each one clean sentence: the sentences of its opening prose that carry its
 * key terms and say something (a claim), standing on their own, rather than a definition of its title or a sentence
 * that leans on the one before. Several, so a run can pass over one another note already has.
 */
export function tldrCandidates(
  paragraphs: readonly ProseParagraph[],
  title: string,
  key: KeyTerms,
  max = TLDR_OPTIONS,
  book: SentenceTerms = new SentenceTerms(),
): string[] {
  const scored: { raw: string; p: ProseParagraph; position: number; score: number }[] = [];
  const forms = titleForms(title);
  let position = 0;
  for (const p of paragraphs) {
    if (position >= CANDIDATE_SENTENCES) break;
    if (!isProse(plainOf(p))) continue;
    for (const raw of plainSentences(p)) {
      if (position >= CANDIDATE_SENTENCES) break;
      const score = scoreSentence(raw, position, p, forms, key, book);
      if (score > -Infinity) scored.push({ raw, p, position, score });
      position++;
    }
  }
  // Best first (a stable sort keeps the note's order among equals); only as many cleaned as are returned.
  scored.sort((a, b) => b.score - a.score);
  const seen = new Set<string>();
  const out: string[] = [];
  for (const s of scored) {
    if (out.length >= max) break;
    const text = wordsWithin(namedSubject(cleanValue(s.raw), title, s.p, s.position), TLDR_CHARS);
    if (text === "" || seen.has(text.toLowerCase())) continue;
    seen.add(text.toLowerCase());
    out.push(text);
  }
  return out;
}
