import type { CkpHeader } from "../ckp/ckp-header";
import { formatRelation } from "../ckp/parse-relation";
import type { ParsedNote } from "../notes/note-types";
import { baseName, summaryProperty } from "../route/article-doc";
import { questionTerms } from "../route/text-terms";
import { draftAnswersWhen, nameQuestion } from "./draft-answers";
import { keyTermsOf, SentenceTerms, termCounts, tldrCandidates, TLDR_CHARS, type KeyTerms, type TermCounts } from "./draft-tldr";
import { cleanValue, plainOf, plainText, proseParagraphs, wordsWithin, type ProseParagraph } from "./prose";

export { plainText, proseParagraphs };

/** The CKP fields a proposal sets on a note that lacks them; a field the note already has is never replaced. */
export interface HeaderFields {
  tldr?: string;
  answers_when?: string[];
  similar_high?: string[];
  similar_mid?: string[];
}

/** Where each proposed relationship came from, for the review: a link in the note, a lexical neighbour, or a note linking to it. */
export interface DraftRelation {
  target: string;
  tier: "high" | "mid";
  why: "link" | "neighbour" | "backlink";
}

/** What a note's reading holds of its text (and name) alone, which a later run over the same text may reuse (readNote). */
export interface KeptReading {
  /** The title's terms (questionTerms). */
  titleTerms: readonly string[];
  /** In how many paragraphs each term is (termCounts). */
  counts: TermCounts;
  /** The terms of the sentences read for a TLDR (filled as drafting reads them). */
  sentences: SentenceTerms;
}

/** What a note's text says, read once for every part of its draft. */
export interface NoteReading extends KeptReading {
  title: string;
  paragraphs: ProseParagraph[];
  /** The opening prose, plain. */
  opening: string;
  key: KeyTerms;
}

/**
 * Reads a note's prose for drafting: its paragraphs, opening and key terms (`idf` from the router's index; `maxIdf`, when
 * known, the most any term gets, which spares looking up terms that cannot be key). `kept`, when given, is what an
 * earlier run read of this very text.
 */
export function readNote(
  path: string,
  text: string,
  parsed: ParsedNote,
  header: CkpHeader,
  idf: (term: string) => number,
  maxIdf?: number,
  kept?: KeptReading,
): NoteReading {
  const title = header.title ?? baseName(path);
  const paragraphs = proseParagraphs(text.slice(parsed.bodyStartOffset));
  const opening = paragraphs
    .slice(0, 3)
    .map((p) => plainOf(p))
    .join(" ");
  const titleTerms = kept?.titleTerms ?? questionTerms(title);
  const counts = kept?.counts ?? termCounts(paragraphs);
  const sentences = kept?.sentences ?? new SentenceTerms();
  return { title, paragraphs, opening, titleTerms, counts, sentences, key: keyTermsOf(titleTerms, counts, idf, maxIdf) };
}

/** What drafting knows about one note: its header and reading, its link and lexical neighbours, the base's stock headings. */
export interface DraftInput {
  path: string;
  parsed: ParsedNote;
  header: CkpHeader;
  reading: NoteReading;
  /** Notes the body links to that may be related, best first (see rankLinks). */
  linked: string[];
  /** Lexically close notes that may be related, best first (self left out). */
  neighbours: string[];
  /** The YYYY-MM stamp of each relationship (the month the draft is made). */
  month: string;
  /** True for a heading phrase that many notes of the base repeat (a template's section). */
  isStockHeading: (phrase: string) => boolean;
}

/** One note's draft: the fields it would set, where its relationships come from, and the other TLDRs it could take. */
export interface Draft {
  fields: HeaderFields;
  relations: DraftRelation[];
  /** TLDR candidates after the one in `fields`, best first (for a run that finds the first taken by another note). */
  otherTldrs: string[];
}

const MAX_HIGH = 3;
const MAX_MID = 4;

/** True when the opening's first sentence defines the title ("X is …"). */
function definesTitle(reading: NoteReading): boolean {
  const t = reading.title
    .toLowerCase()
    .replace(/\s*\([^)]*\)\s*$/, "")
    .trim();
  const s = reading.opening.toLowerCase().replace(/^(?:the|an?)\s+/, "");
  return t !== "" && s.startsWith(t) && /^s?\s*(?:\([^)]*\)\s*)?,?\s*(?:is|are|was|were|refers? to|means|denotes)\b/.test(s.slice(t.length));
}

/**
 * The offline draft of a note's missing CKP fields: a TLDR that states the note's point (its own summary property,
 * else the sentence of its opening prose that best carries its key terms as a claim), `answers_when` as the questions
 * and situations a person would bring (draftAnswersWhen), SIMILAR_HIGH from the notes it links to that belong with it
 * and SIMILAR_MID from further links and its closest notes in words, each stamped with the month. Fields the note
 * already has are left out; an empty result means nothing is missing.
 */
export function draftHeader(input: DraftInput): Draft {
  const { header, parsed, reading } = input;
  const fields: HeaderFields = {};
  const relations: DraftRelation[] = [];
  let otherTldrs: string[] = [];
  if (header.tldr === null) {
    const own = summaryProperty(parsed.frontmatter);
    const options =
      own !== null ? [wordsWithin(cleanValue(own), TLDR_CHARS)] : tldrCandidates(reading.paragraphs, reading.title, reading.key, undefined, reading.sentences);
    const usable = options.filter((t) => t !== "");
    if (usable.length > 0) fields.tldr = usable[0]!;
    otherTldrs = usable.slice(1);
  }
  if (header.answersWhen.length === 0)
    fields.answers_when = draftAnswersWhen({
      title: reading.title,
      headings: parsed.headings,
      paragraphs: reading.paragraphs,
      opening: reading.opening,
      definesTitle: definesTitle(reading),
      // (The key terms' Map answers `has` as a Set of them would.)
      keyTerms: reading.key,
      isStockHeading: input.isStockHeading,
    });
  if (header.similarHigh.length === 0 && header.similarMid.length === 0) {
    const links = [...new Set(input.linked)].filter((p) => p !== input.path);
    const high = links.slice(0, MAX_HIGH);
    const mid = [...links.slice(MAX_HIGH), ...input.neighbours.filter((p) => p !== input.path && !links.includes(p))].slice(0, MAX_MID);
    for (const p of high) relations.push({ target: p, tier: "high", why: "link" });
    for (const p of mid) relations.push({ target: p, tier: "mid", why: links.includes(p) ? "link" : "neighbour" });
    if (high.length > 0) fields.similar_high = high.map((p) => formatRelation(p, input.month));
    if (mid.length > 0) fields.similar_mid = mid.map((p) => formatRelation(p, input.month));
  }
  return { fields, relations, otherTldrs };
}

/**
 * A note's links ranked by how much they belong with it: a note that links back, one the opening names, one close in
 * words (`near`, best first), then the order the note mentions them.
 */
export function rankLinks(linked: readonly string[], linksBack: (p: string) => boolean, opening: readonly string[], near: readonly string[]): string[] {
  const score = (p: string, i: number): number =>
    (linksBack(p) ? 2 : 0) + (opening.includes(p) ? 1 : 0) + (near.includes(p) ? 1 - near.indexOf(p) / (2 * near.length) : 0) - i / (10 * linked.length + 1);
  return linked
    .map((p, i) => ({ p, s: score(p, i) }))
    .sort((a, b) => b.s - a.s)
    .map((x) => x.p);
}

/**
 * The draft of an empty note that other notes link to (a stub made by following a link): no TLDR, the question its
 * name stands for (with the short form the name gives, "what is low voltage differential signalling (LVDS)"), and as
 * SIMILAR_HIGH the notes that link to it most, which hold what the vault says about it.
 */
export function draftStub(input: { path: string; header: CkpHeader; linkedFrom: string[]; month: string }): Draft {
  const fields: HeaderFields = {};
  const relations: DraftRelation[] = [];
  const title = input.header.title ?? baseName(input.path);
  if (input.header.answersWhen.length === 0) fields.answers_when = [nameQuestion(title)];
  if (input.header.similarHigh.length === 0 && input.header.similarMid.length === 0 && input.linkedFrom.length > 0) {
    const high = input.linkedFrom.slice(0, MAX_HIGH);
    for (const p of high) relations.push({ target: p, tier: "high", why: "backlink" });
    fields.similar_high = high.map((p) => formatRelation(p, input.month));
  }
  return { fields, relations, otherTldrs: [] };
}

/** Where a proposed relationship came from, in the words the review shows. */
export function relationSource(why: DraftRelation["why"]): string {
  return why === "link" ? "linked from the note" : why === "backlink" ? "links to this note" : "close in words";
}
