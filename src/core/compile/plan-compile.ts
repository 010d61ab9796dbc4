import type { ArticleIndex } from "../route/article-index";
import { baseName, type ArticleDoc } from "../route/article-doc";
import type { ResolveTarget } from "../route/route-question";
import { classifyPath } from "../knowledge/knowledge-layout";
import { estimateTokens } from "../llm/estimate-tokens";
import { questionTerms } from "../route/text-terms";
import { questionWords } from "../route/format-route-trace";
import { sha256Hex } from "../util/sha256";
import { parseNote } from "../notes/parse-note";
import { splitSections } from "./article-sections";
import type { CompilePlan, ShownArticle } from "./compile-types";

/** Bounds of what one compile may show the model; none of them depends on the size of the knowledge base. */
export interface CompilePlanOptions {
  /** Most existing articles shown. */
  maxArticles: number;
  /** Token budget for the shown articles together. */
  budget: number;
  /** Articles up to this size are shown whole; larger ones as header + relevant sections. */
  wholeArticleTokens: number;
  /** Token budget for the sections of one partly shown article. */
  partialTokens: number;
}

/** Defaults: about 6 articles and 8k tokens of them, whatever the base holds. */
export const DEFAULT_COMPILE_PLAN_OPTIONS: CompilePlanOptions = { maxArticles: 6, budget: 8000, wholeArticleTokens: 1500, partialTokens: 900 };

/** What planning needs: the log, the router's index over the articles, and a way to read an article's text. */
export interface PlanInput {
  logPath: string;
  logText: string;
  /** YYYY-MM-DD of the compile. */
  today: string;
  knowledgeFolder: string;
  index: ArticleIndex;
  /** An article's current text (read on demand: only the few candidates are read). */
  textOf: (path: string) => string | undefined | Promise<string | undefined>;
  /** The vault's link resolution, for the targets of SIMILAR_HIGH relationships. */
  resolve: ResolveTarget;
  /** Which notes may be shown as articles (default: concepts, connections and other notes of the knowledge folder). */
  isArticle?: (path: string) => boolean;
}

const CHUNK_CHARS = 700;
/** Words of the daily-log template (seed 000) and dates/times: they say nothing about the topic and match every source list. */
const TEMPLATE =
  /\b(?:daily\s+log|sessions?|context|key\s+exchanges|decisions\s+made|lessons\s+learned|action\s+items|user\s+asked|assistant\s+explained)\b|\b\d{4}-\d{2}(?:-\d{2})?\b|\b\d{1,2}:\d{2}\b/gi;

/**
 * Chooses the existing articles the model may touch for one daily log: each part of the log is routed through the
 * article index, articles whose title or alias the log names are added (the likely near-duplicates), and the best
 * are taken under a count and a token bound. No catalog of the base goes in, so the prompt does not grow with it.
 */
export async function planCompile(input: PlanInput, options: Partial<CompilePlanOptions> = {}): Promise<CompilePlan> {
  const opts = { ...DEFAULT_COMPILE_PLAN_OPTIONS, ...options };
  const scores = new Map<string, { score: number; why: Set<string> }>();
  const bump = (doc: ArticleDoc, by: number, why: string): void => {
    if (!(input.isArticle ? input.isArticle(doc.path) : isEditable(doc.path, input.knowledgeFolder))) return;
    const s = scores.get(doc.path) ?? { score: 0, why: new Set<string>() };
    s.score += by;
    if (s.why.size < 6) s.why.add(why);
    scores.set(doc.path, s);
  };
  for (const chunk of splitLog(input.logText)) {
    // Ranks, not raw scores: a long article matches many words of a long chunk and would drown the rest.
    const text = chunk.replace(TEMPLATE, " ");
    const hits = input.index.query(text, 4);
    const top = hits[0]?.score ?? 0;
    // Reasons name the log's own words, never the search's stems ("table", not "tabl").
    const words = questionWords(text);
    hits.forEach((h, rank) => {
      if (h.score < 0.05 * top) return;
      const terms = [...h.matched]
        .filter(([, f]) => f.some((x) => x !== "body"))
        .map(([t]) => words.get(t) ?? t)
        .slice(0, 4);
      bump(h.doc, 1 / (rank + 1), terms.length > 0 ? `log terms ${terms.join(", ")}` : "log terms in its body");
    });
  }
  const lowerLog = ` ${input.logText.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ")} `;
  for (const doc of input.index.all()) {
    const names = [doc.header.title ?? "", ...doc.header.aliases, baseName(doc.path).replace(/-/g, " ")];
    const named = names
      .map((n) =>
        n
          .toLowerCase()
          .replace(/[^\p{L}\p{N}]+/gu, " ")
          .trim(),
      )
      .find((n) => n.length >= 4 && lowerLog.includes(` ${n} `));
    if (named) bump(doc, 2, `the log names "${named}"`);
  }

  // The best matches' SIMILAR_HIGH neighbours come along (seed 002: always needed together); the model needs them
  // as relationship targets for what it writes.
  const best = [...scores].sort((a, b) => b[1].score - a[1].score).slice(0, 3);
  for (const [path] of best) {
    for (const rel of input.index.get(path)?.header.similarHigh ?? []) {
      const resolved = input.resolve(rel.target, path);
      const target = resolved ? input.index.get(resolved) : undefined;
      if (target && target.path !== path) bump(target, 0.5, `SIMILAR_HIGH of ${baseName(path)}`);
    }
  }

  // Far weaker candidates only matched common words of a long log: leave them out rather than spend tokens on them.
  const floor = 0.2 * (best[0]?.[1].score ?? 0);
  const ranked = [...scores].filter(([, s]) => s.score >= floor).sort((a, b) => b[1].score - a[1].score || (a[0] < b[0] ? -1 : 1));
  const logTerms = new Set(questionTerms(input.logText));
  const idf = (t: string): number => input.index.idf(t);
  const shown: ShownArticle[] = [];
  const skipped: CompilePlan["skipped"] = [];
  let total = 0;
  for (const [path, s] of ranked) {
    const doc = input.index.get(path);
    const text = await input.textOf(path);
    if (!doc || text === undefined) continue;
    if (shown.length >= opts.maxArticles) {
      skipped.push({ path, reason: `over the ${opts.maxArticles}-article bound` });
      continue;
    }
    const article = showArticle(doc, text, logTerms, idf, opts, [...s.why].join("; "));
    if (total + article.tokens > opts.budget) {
      skipped.push({ path, reason: `over the ${opts.budget}-token budget` });
      continue;
    }
    shown.push(article);
    total += article.tokens;
  }
  return {
    logPath: input.logPath,
    logText: input.logText,
    logHash: sha256Hex(input.logText),
    today: input.today,
    month: input.today.slice(0, 7),
    knowledgeFolder: input.knowledgeFolder,
    shown,
    skipped: skipped.slice(0, 10),
  };
}

/** Concepts, connections and other articles may be updated by a compile; index, log and filed answers may not. */
function isEditable(path: string, knowledgeFolder: string): boolean {
  const kind = classifyPath(path, knowledgeFolder);
  return kind === "concept" || kind === "connection" || kind === "article";
}

/** The log in parts of about CHUNK_CHARS, cut at headings and blank lines, so each part is routed on its own. */
export function splitLog(text: string): string[] {
  const parts: string[] = [];
  let cur = "";
  for (const block of text.split(/\n(?=#{1,6}\s)|\n\s*\n/)) {
    if (cur.length > 0 && cur.length + block.length > CHUNK_CHARS) {
      parts.push(cur);
      cur = "";
    }
    cur += (cur ? "\n\n" : "") + block;
    while (cur.length > CHUNK_CHARS * 2) {
      parts.push(cur.slice(0, CHUNK_CHARS));
      cur = cur.slice(CHUNK_CHARS);
    }
  }
  if (cur.trim()) parts.push(cur);
  return parts.filter((p) => /[\p{L}\p{N}]/u.test(p));
}

/** An article as shown: whole when small, else its frontmatter, title and the sections sharing most terms with the log. */
function showArticle(doc: ArticleDoc, text: string, logTerms: Set<string>, idf: (t: string) => number, opts: CompilePlanOptions, reason: string): ShownArticle {
  const title = doc.header.title ?? doc.path;
  const sections = splitSections(text);
  const seenFields = parseNote(text).frontmatter;
  if (doc.tokens <= opts.wholeArticleTokens) {
    return {
      path: doc.path,
      title,
      header: doc.header,
      partial: false,
      sections: sections.map((s) => ({ heading: s.heading, content: s.content })),
      hiddenSections: [],
      text,
      tokens: doc.tokens,
      reason,
      seenFields,
    };
  }
  const head = text.slice(0, sections[0]?.start ?? text.length);
  const scored = sections.map((s, i) => {
    const terms = questionTerms(s.content);
    let shared = 0;
    for (const t of terms) if (logTerms.has(t)) shared += idf(t);
    return { s, i, score: shared / Math.sqrt(terms.length + 1) };
  });
  const picked = new Set<number>();
  let used = estimateTokens(head);
  for (const c of [...scored].sort((a, b) => b.score - a.score)) {
    const t = estimateTokens(c.s.content) + 10;
    if (c.score <= 0 || used + t > opts.partialTokens + estimateTokens(head)) continue;
    picked.add(c.i);
    used += t;
  }
  const shownSections = sections.filter((_, i) => picked.has(i));
  const hidden = sections.filter((_, i) => !picked.has(i)).map((s) => s.heading);
  const parts = [head.trimEnd(), ...shownSections.map((s) => text.slice(s.start, s.end).trimEnd())];
  if (hidden.length > 0) parts.push(`(Sections not shown, not to be patched: ${hidden.join("; ")})`);
  const shownText = `${parts.join("\n\n")}\n`;
  return {
    path: doc.path,
    title,
    header: doc.header,
    partial: true,
    sections: shownSections.map((s) => ({ heading: s.heading, content: s.content })),
    hiddenSections: hidden,
    text: shownText,
    tokens: estimateTokens(shownText),
    reason,
    seenFields,
  };
}
