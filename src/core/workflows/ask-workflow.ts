import { buildAnswerRequest, NOT_COVERED_ANSWER, type LoadedText } from "../ask/build-answer-prompt";
import { planFileBack } from "../ask/file-back";
import { costAt } from "../llm/cost";
import type { ChatMessage, Completion, ModelError } from "../llm/language-model";
import { err, ok, type Result } from "../result";
import { baseName } from "../route/article-doc";
import type { ArticleIndex } from "../route/article-index";
import { routeQuestion, type ResolveTarget } from "../route/route-question";
import type { RouteResult } from "../route/route-types";
import { selectArticles } from "../route/select-articles";
import type { KcHost, ModelUnavailable } from "../ports/host";
import type { SelectionNote } from "../ask/describe-selection";

export type { SelectionNote };
import { writeFileBack } from "./reviewed-writes";

/** One finished exchange, sent again with a follow-up question. */
export interface AskTurn {
  question: string;
  answer: string;
}

/** An answer and what it cost at the answering model's price. */
export interface AnsweredQuestion {
  completion: Completion;
  /** The model id the host called. */
  model: string;
  costUsd: number;
}

/** Why no answer came: the route loaded nothing (no model was called), no model could be built, or the call failed. */
export type AskError = { kind: "not-covered" | "empty-question"; message: string } | ModelUnavailable | ModelError;

/** What `answerQuestion` says instead of an answer to a question with no words to search for. */
export const EMPTY_QUESTION_ANSWER = "The question has no words to search for.";

/** Routes a question over the host's index under the Ask budget; `closest` loads the best matches even when not covered. */
export function routeFor(host: KcHost, question: string, options: { closest?: boolean } = {}): RouteResult {
  return routeIn(host.index(), host.resolve, question, { budget: host.settings().ask.budget, closest: options.closest === true }, host.indexTokens?.() ?? 0);
}

/**
 * The keyword route over an index, under a token budget; `closest` lifts the coverage floor so the nearest articles
 * show even when the base does not cover the question. For a host without the whole bundle (`kc route`).
 */
export function routeIn(index: ArticleIndex, resolve: ResolveTarget, question: string, o: { budget: number; closest: boolean }, indexTokens = 0): RouteResult {
  return routeQuestion(index, question, resolve, o.closest ? { budget: o.budget, minCoverage: 0 } : { budget: o.budget }, indexTokens);
}

/**
 * The selection step, when the settings turn it on: the "select" model reads the shortlisted headers and picks what
 * the question needs. Null when it is off, there is no key, or it was stopped (the keyword route stands); when the
 * model cannot be asked for another reason, the keyword route with a note saying why.
 */
export async function selectFor(host: KcHost, question: string, signal?: AbortSignal): Promise<{ route: RouteResult; note: SelectionNote } | null> {
  const ask = host.settings().ask;
  if (!ask.selectWithModel) return null;
  const priced = await host.models.get("select");
  if (!priced.ok) return priced.error.kind === "no-key" ? null : { route: routeFor(host, question), note: { by: "keywords", reason: priced.error.message } };
  const r = await selectArticles(priced.value.model, host.index(), question, host.resolve, { budget: ask.budget }, signal);
  if (!r.ok)
    return r.error.kind === "no-key" || r.error.kind === "aborted"
      ? null
      : { route: routeFor(host, question), note: { by: "keywords", reason: r.error.message } };
  const { route, usage, shortlist, called } = r.value;
  if (!called) return { route, note: { by: "no-call" } };
  return { route, note: { by: "model", model: priced.value.id, shortlisted: shortlist.length, usage, costUsd: costAt(usage, priced.value.price) } };
}

/** A route and, when the selection step ran, what it did (null: it is off, had no key, or was stopped). */
export interface ChosenRoute {
  route: RouteResult;
  selection: SelectionNote | null;
}

/**
 * The route an answer is built on, the same in every host: the keyword route under the Ask budget, then, when the
 * settings turn it on and the question has words, the selection step (a model picks from the shortlisted headers).
 * `closest` asks for the nearest articles even when the base does not cover the question: no selection then.
 */
export async function chooseRoute(host: KcHost, question: string, options: { closest?: boolean; signal?: AbortSignal } = {}): Promise<ChosenRoute> {
  const route = routeFor(host, question, { closest: options.closest === true });
  if (route.status === "empty-question" || options.closest === true) return { route, selection: null };
  const picked = await selectFor(host, question, options.signal);
  return picked ? { route: picked.route, selection: picked.note } : { route, selection: null };
}

/** What one question came to: its route, the selection step's note, and the answer or why there is none. */
export interface AskOutcome extends ChosenRoute {
  answer: Result<AnsweredQuestion, AskError | { kind: "empty-answer"; message: string }>;
}

/** What the hosts say when the model's answer has no text. */
export const EMPTY_ANSWER = "The model returned an empty answer. Try again or rephrase the question.";

/**
 * The whole Ask, once for the command line, the MCP server and any host that does not draw between the steps:
 * choose the route (keywords, then the selection step when it is on), tell the host (`onRoute`, before any answer
 * token), answer from only the loaded articles, and call an answer without text what it is.
 */
export async function askQuestion(
  host: KcHost,
  question: string,
  options: {
    thread?: readonly AskTurn[];
    closest?: boolean;
    signal?: AbortSignal;
    streaming?: boolean;
    onRoute?: (chosen: ChosenRoute) => void;
    onText?: (delta: string) => void;
    onWait?: (seconds: number, reason: string) => void;
  } = {},
): Promise<AskOutcome> {
  const chosen = await chooseRoute(host, question, {
    ...(options.closest !== undefined ? { closest: options.closest } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  options.onRoute?.(chosen);
  const answer = await answerQuestion(host, chosen.route, options.thread ?? [], options.onText ?? (() => undefined), {
    streaming: options.streaming ?? true,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onWait ? { onWait: options.onWait } : {}),
  });
  if (answer.ok && answer.value.completion.text.trim() === "") return { ...chosen, answer: err({ kind: "empty-answer", message: EMPTY_ANSWER }) };
  return { ...chosen, answer };
}

/**
 * A note's title, the one lookup for every place that names a note (traces, sources, citations in an answer): its
 * header's title, else its file name. Takes a vault path or a link as an answer writes it: the index keys are paths
 * with ".md", so a path without it and a bare name (`[[retry-with-backoff]]`) are resolved as Obsidian would first.
 */
export function articleTitle(host: Pick<KcHost, "index" | "resolve">, pathOrLink: string): string {
  const index = host.index();
  const direct = index.get(pathOrLink) ?? index.get(`${pathOrLink}.md`);
  if (direct) return direct.header.title ?? baseName(pathOrLink);
  const resolved = host.resolve(pathOrLink.replace(/\.md$/i, ""), "");
  return (resolved !== null ? index.get(resolved)?.header.title : undefined) ?? baseName(pathOrLink);
}

/**
 * Answers a routed question from only its loaded articles (an article loaded as its TLDR is sent as its title and
 * TLDR), after the thread's earlier turns; streams the text through `onText` where the host can. A route that loaded
 * nothing is answered "not in the knowledge base" with no model asked.
 */
export async function answerQuestion(
  host: KcHost,
  route: RouteResult,
  thread: readonly AskTurn[],
  onText: (delta: string) => void,
  options: { signal?: AbortSignal; streaming?: boolean; onWait?: (seconds: number, reason: string) => void } = {},
): Promise<Result<AnsweredQuestion, AskError>> {
  if (route.status === "empty-question") return err({ kind: "empty-question", message: EMPTY_QUESTION_ANSWER });
  if (route.status !== "routed") return err({ kind: "not-covered", message: NOT_COVERED_ANSWER });
  const texts: LoadedText[] = [];
  for (const l of route.loaded) {
    const doc = host.index().get(l.path);
    texts.push({ path: l.path, part: l.part, text: l.part === "tldr" ? `${doc?.header.title ?? l.path}: ${doc?.tldr ?? ""}` : await host.store.read(l.path) });
  }
  const request = buildAnswerRequest(route, texts);
  const earlier: ChatMessage[] = thread.flatMap((t) => [
    { role: "user" as const, content: t.question },
    { role: "assistant" as const, content: t.answer },
  ]);
  const priced = await host.models.get("answer", { streaming: options.streaming ?? true, ...(options.onWait ? { onWait: options.onWait } : {}) });
  if (!priced.ok) return priced;
  const { model, id, price } = priced.value;
  const r = await model.stream({ ...request, messages: [...earlier, ...request.messages], ...(options.signal ? { signal: options.signal } : {}) }, onText);
  if (!r.ok) return r;
  return ok({ completion: r.value, model: id, costUsd: costAt(r.value.usage, price) });
}

/**
 * Files an answer back as a qa/ article (a free name, never over a file) with its index.md row and log.md entry:
 * one undoable write through the write gate (knowledge folder only, journalled, under the host's lock). Its path,
 * or a sentence saying why nothing was written.
 */
export async function fileBackAnswer(host: KcHost, route: RouteResult, answer: string): Promise<Result<string, string>> {
  const taken = new Set((await host.store.list()).map((f) => f.path));
  const plan = planFileBack(host.rules().knowledgeFolder, route, answer, host.now().toISOString(), (p) => taken.has(p));
  const written = await writeFileBack(host, plan);
  return written.ok ? ok(plan.path) : err(written.error);
}
