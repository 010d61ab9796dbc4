import type { ArticleDoc } from "../route/article-doc";

/** One example question for an idle Ask panel, and the article it came from. */
export interface ExampleQuestion {
  question: string;
  path: string;
}

const QUESTION_START = /^(how|why|what|when|where|which|who|can|could|does|do|did|is|are|should|will|would)\b/i;
const AUXILIARY = /^(do|does|did|is|are|was|were|can|could|should|will|would|has|have|had|must|may|might)$/i;

/**
 * A phrasing that reads as a whole question on its own: written with "?" by the person, or a question word with a
 * verb near the start and at least four words ("why do uploads retry forever"). Keyword phrasings such as "why keep
 * deletes" or "how long until my other phone" are fragments out of their article's context.
 */
function isWholeQuestion(s: string): boolean {
  if (s.endsWith("?")) return true;
  const words = s.split(" ");
  return QUESTION_START.test(s) && words.length >= 4 && words.slice(0, 3).some((w) => AUXILIARY.test(w));
}
const MAX_CHARS = 120;
/** Articles looked at: an evenly spread sample, so a base of 10,000 articles costs the UI thread what 200 do. */
const MAX_LOOKED_AT = 200;

/**
 * Up to `max` example questions made from the base's own headers: an `answers_when` phrasing that reads as a whole
 * question ("Why do uploads retry forever?", never a fragment such as "Why keep deletes?"), else a filed answer's title that is a question, else "What is <concept title>?".
 * Deterministic (by path) and spread over the base, one per article; nothing longer than 120 characters. Only an evenly
 * spread sample of at most 200 articles is looked at.
 */
export function exampleQuestions(docs: Iterable<ArticleDoc>, max = 3): ExampleQuestion[] {
  const asked: ExampleQuestion[] = [];
  const named: ExampleQuestion[] = [];
  for (const doc of spread([...docs], MAX_LOOKED_AT).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    const phrasing = doc.header.answersWhen.map(clean).find(isWholeQuestion);
    const title = clean(doc.header.title ?? "");
    if (phrasing) asked.push({ question: asQuestion(phrasing), path: doc.path });
    else if (/\/qa\//.test(doc.path) && title.endsWith("?")) asked.push({ question: title, path: doc.path });
    else if (/\/concepts\//.test(doc.path) && title !== "" && doc.hasTldr) named.push({ question: `What is ${lowerFirst(title)}?`, path: doc.path });
  }
  const pool = (asked.length >= max ? asked : [...asked, ...spread(named, max - asked.length)]).filter((q) => q.question.length <= MAX_CHARS);
  return spread(pool, max);
}

/** `n` items evenly spaced over the list (all of it when it is short). */
function spread<T>(items: T[], n: number): T[] {
  if (items.length <= n) return items;
  return Array.from({ length: n }, (_, i) => items[Math.floor((i * items.length) / n)]!);
}

function clean(s: string): string {
  // Headers are the person's text, but a panel button is no place for control characters or runs of spaces.
  return s
    .replace(/[\p{Cc}\p{Cf}]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

function asQuestion(s: string): string {
  const q = s.charAt(0).toUpperCase() + s.slice(1);
  return q.endsWith("?") ? q : `${q.replace(/[.!]+$/, "")}?`;
}

function lowerFirst(s: string): string {
  // "Attachment blobs" → "attachment blobs"; "OAuth2 tokens" and "SHA-256" keep their capitals.
  return /^[A-Z][a-z]/.test(s) && !/^[A-Z][a-z]+[A-Z]/.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s;
}
