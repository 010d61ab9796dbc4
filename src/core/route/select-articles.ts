import { estimateTokens } from "../llm/estimate-tokens";
import { addUsage, type CompletionRequest, type LanguageModel, type ModelError, type TokenUsage } from "../llm/language-model";
import { err, ok, type Result } from "../result";
import type { ArticleIndex } from "./article-index";
import type { ArticleDoc } from "./article-doc";
import { routeQuestion, type ResolveTarget } from "./route-question";
import { DEFAULT_ROUTE_OPTIONS, type LoadedArticle, type RouteResult, type SkippedArticle } from "./route-types";

/** One shortlisted article: its lexical rank (0 for a HIGH neighbour brought in), its header as shown, its tokens. */
export interface ShortlistEntry {
  id: string;
  path: string;
  rank: number;
  header: string;
  headerTokens: number;
  doc: ArticleDoc;
}

/** Knobs of the selection step. */
export interface SelectOptions {
  /** Lexical matches shortlisted (their SIMILAR_HIGH neighbours come along). */
  shortlist: number;
  /** Below this weighted coverage a question is clearly not covered: no call at all. */
  minCoverage: number;
  budget: number;
  maxFiles: number;
}

/** Defaults: the top 12 lexical matches plus neighbours (~20 headers, ~2k tokens); "clearly not covered" under 0.2. */
export const DEFAULT_SELECT_OPTIONS: SelectOptions = {
  shortlist: 12,
  minCoverage: 0.2,
  budget: DEFAULT_ROUTE_OPTIONS.budget,
  maxFiles: DEFAULT_ROUTE_OPTIONS.maxFiles,
};

/** The fixed instructions of the selection step (the cacheable prefix of every request). */
export const SELECT_SYSTEM_PROMPT = `You choose which articles of a personal knowledge base a question needs.
You get the question and a shortlist of article headers (id, title, TLDR, "answers when" phrasings, relationships).
Pick the 1 to 4 articles whose content is needed to answer the question well: the article about the question's
subject first, then any article it depends on. Prefer fewer. If no article is about the question's subject (the
words may overlap but the subject differs), pick none and say the base does not cover it. Answer only with the tool.`;

const TOOL = {
  name: "choose_articles",
  description: "The articles the question needs, by id, or none.",
  schema: {
    type: "object",
    properties: {
      covered: { type: "boolean", description: "false when no shortlisted article is about the question's subject" },
      articles: { type: "array", items: { type: "string" }, maxItems: 4, description: "ids from the shortlist, most needed first" },
    },
    required: ["covered", "articles"],
  },
};

/** The shortlist for a question: the best lexical matches, then their SIMILAR_HIGH neighbours, each with its header. */
export function shortlistFor(index: ArticleIndex, question: string, resolve: ResolveTarget, size = DEFAULT_SELECT_OPTIONS.shortlist): ShortlistEntry[] {
  const out: ShortlistEntry[] = [];
  const seen = new Set<string>();
  const add = (doc: ArticleDoc, rank: number): void => {
    if (seen.has(doc.path)) return;
    seen.add(doc.path);
    const header = headerOf(doc, `a${out.length + 1}`);
    out.push({ id: `a${out.length + 1}`, path: doc.path, rank, header, headerTokens: estimateTokens(header), doc });
  };
  const hits = index.rankedHits(question.slice(0, 2000), size);
  hits.forEach((h, i) => add(h.doc, i + 1));
  for (const h of hits) {
    for (const rel of h.doc.header.similarHigh) {
      const p = resolve(rel.target, h.doc.path);
      const d = p ? index.get(p) : undefined;
      if (d) add(d, 0);
    }
  }
  return out;
}

function headerOf(doc: ArticleDoc, id: string): string {
  const h = doc.header;
  const lines = [`[${id}] ${h.title ?? doc.path}`, `TLDR: ${doc.tldr.replace(/\s+/g, " ").slice(0, 300)}`];
  if (h.answersWhen.length > 0) lines.push(`Answers when: ${h.answersWhen.slice(0, 8).join("; ")}`);
  if (h.similarHigh.length > 0) lines.push(`Depends on: ${h.similarHigh.map((r) => r.target).join(", ")}`);
  return lines.join("\n");
}

/** The request of the selection step: the fixed instructions (cached), then the question and the shortlist, at low effort. */
export function buildSelectRequest(question: string, shortlist: ShortlistEntry[], signal?: AbortSignal): CompletionRequest {
  const user = `Question: ${question.slice(0, 2000)}\n\nShortlist:\n\n${shortlist.map((s) => s.header).join("\n\n")}`;
  return {
    system: SELECT_SYSTEM_PROMPT,
    messages: [{ role: "user", content: user }],
    maxTokens: 200,
    jsonSchema: TOOL,
    effort: "low",
    ...(signal ? { signal } : {}),
  };
}

/** A selection: the route it gives (the same shape as the lexical router's), the shortlist, and what the call cost. */
export interface Selection {
  route: RouteResult;
  shortlist: ShortlistEntry[];
  usage: TokenUsage;
  /** False when no call was made (clearly not covered, or an empty shortlist). */
  called: boolean;
}

/**
 * Routes a question in two stages (seeds 000 and 002: "the model reads the index"): the lexical shortlist, then the
 * model picks the articles the question needs. Code enforces what the model cannot: ids only from the shortlist,
 * SIMILAR_HIGH neighbours added by the CKP rule, the file cap and the token budget. A question the lexical stage
 * finds clearly not covered costs no call.
 */
export async function selectArticles(
  model: LanguageModel,
  index: ArticleIndex,
  question: string,
  resolve: ResolveTarget,
  options: Partial<SelectOptions> = {},
  signal?: AbortSignal,
): Promise<Result<Selection, ModelError>> {
  const o = { ...DEFAULT_SELECT_OPTIONS, ...options };
  const usage: TokenUsage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
  const lexical = routeQuestion(index, question, resolve, { budget: o.budget, maxFiles: o.maxFiles, minCoverage: 0 });
  const shortlist = lexical.status === "routed" ? shortlistFor(index, question, resolve, o.shortlist) : [];
  const base = { ...lexical, loaded: [] as LoadedArticle[], skipped: [] as SkippedArticle[], totalTokens: 0, mode: "full" as const };
  if (shortlist.length === 0 || lexical.coverage < o.minCoverage)
    return ok({ route: { ...base, status: lexical.status === "empty-question" ? "empty-question" : "not-covered" }, shortlist, usage, called: false });
  const reply = await model.complete(buildSelectRequest(question, shortlist, signal));
  if (!reply.ok) return err(reply.error);
  addUsage(usage, reply.value.usage);
  const picked = parsePicks(reply.value.text, shortlist);
  // A reply that is not a selection (prose, another shape, only ids the shortlist lacks) says nothing about coverage:
  // the caller keeps the keyword route and says why. Only a readable "none" loads nothing.
  if (picked === null) return err({ kind: "invalid-reply", message: "The selection model's reply was not a choice among the shortlisted articles." });
  if (picked.length === 0) return ok({ route: { ...base, status: "not-covered" }, shortlist, usage, called: true });
  const loaded: LoadedArticle[] = [];
  const skipped: SkippedArticle[] = [];
  let total = 0;
  const want = (doc: ArticleDoc, reason: LoadedArticle["reason"]): void => {
    if (loaded.some((l) => l.path === doc.path)) return;
    if (loaded.length >= o.maxFiles) skipped.push({ path: doc.path, tokens: doc.tokens, reason: { kind: "file-cap", wanted: reason } });
    else if (total + doc.tokens <= o.budget) {
      loaded.push({ path: doc.path, part: "body", tokens: doc.tokens, reason });
      total += doc.tokens;
    } else if (loaded.length === 0) {
      loaded.push({ path: doc.path, part: "tldr", tokens: doc.tldrTokens, reason });
      total += doc.tldrTokens;
    } else skipped.push({ path: doc.path, tokens: doc.tokens, reason: { kind: "over-budget", wanted: reason } });
  };
  picked.forEach((s, i) => want(s.doc, { kind: "match", rank: i + 1, score: 0, coverage: lexical.coverage, terms: [] }));
  for (const s of picked) {
    for (const rel of s.doc.header.similarHigh) {
      const p = resolve(rel.target, s.doc.path);
      const d = p ? index.get(p) : undefined;
      if (d) want(d, { kind: "high", of: s.doc.path });
    }
  }
  return ok({ route: { ...base, status: "routed", loaded, skipped, totalTokens: total }, shortlist, usage, called: true });
}

/**
 * The shortlisted entries a reply picks (unknown ids dropped, at most 4, no repeats); none when it says not covered
 * (or picks nothing); null when it is not a selection at all: not JSON, another shape, or only ids the shortlist lacks.
 */
export function parsePicks(text: string, shortlist: ShortlistEntry[]): ShortlistEntry[] | null {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof v !== "object" || v === null) return null;
  const r = v as { covered?: unknown; articles?: unknown };
  if (r.covered === false) return [];
  if (!Array.isArray(r.articles)) return null;
  const byId = new Map(shortlist.map((s) => [s.id, s]));
  const out: ShortlistEntry[] = [];
  for (const id of r.articles) {
    const s = typeof id === "string" ? byId.get(id.trim().replace(/^\[|\]$/g, "")) : undefined;
    if (s && !out.includes(s)) out.push(s);
  }
  return out.length === 0 && r.articles.length > 0 ? null : out.slice(0, 4);
}
