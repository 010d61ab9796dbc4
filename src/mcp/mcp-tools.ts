import { NOT_COVERED_ANSWER } from "../core/ask/build-answer-prompt";
import { matchDailyNote } from "../core/knowledge/daily-notes";
import { formatCost } from "../core/llm/cost";

import { describeLoadReason, overBudgetNote, questionWords } from "../core/route/format-route-trace";
import { recentProjectEntries } from "../core/workflows/prime-workflow";
import { routeFor } from "../core/workflows/ask-workflow";
import { runLint } from "../core/workflows/lint-run-workflow";
import { formatLintSummary, summarizeLint } from "../core/lint/summarize-lint";
import { titleOf } from "../core/route/article-doc";
import { localDate } from "../core/util/local-date";
import { nodeLintHost } from "../node/node-lint-host";
import { askKnowledgeBase } from "./mcp-ask";
import { hostWithBudget, McpToolError, type McpVaultView } from "./mcp-vault";
import { findArticlePath, readArticle } from "./read-article";

/** Cuts a tool's text to `maxChars`, saying where and how to see more; never returns more than asked. */
export function boundText(text: string, maxChars: number, more = "call again with a larger max_chars"): string {
  if (text.length <= maxChars) return text;
  const note = `\n… (cut at ${maxChars} of ${text.length} characters; ${more})`;
  return `${text.slice(0, Math.max(0, maxChars - note.length))}${note}`;
}

/** route: the articles a question would load, each with title, path, TLDR and why; says so when nothing covers it. */
export function routeTool(view: McpVaultView, a: { question: string; budget?: number | undefined; closest: boolean }): string {
  const route = routeFor(hostWithBudget(view, a.budget), a.question, { closest: a.closest });
  if (route.status === "empty-question") throw new McpToolError('The question has no words to search for; ask it in words (e.g. "how do uploads retry?").');
  if (route.status !== "routed" || route.loaded.length === 0) {
    return `No article in the knowledge base covers this question (the best matches cover ${Math.round(route.coverage * 100)}% of it). Do not cite the knowledge base for it; answer from the code and the session, or call route again with closest: true to see the nearest articles anyway.`;
  }
  const words = questionWords(a.question);
  const lines = [
    `${route.loaded.length} article${route.loaded.length === 1 ? "" : "s"} for this question (${route.totalTokens} tokens of ${route.loadAllTokens} for the whole base${route.mode === "tldr" ? "; their TLDRs answer it" : ""}). Read one with read_article; cite as [[path]].`,
  ];
  const over = overBudgetNote(route);
  if (over !== null) lines.push(`Note: ${over}.`);
  for (const l of route.loaded) {
    const doc = view.index.get(l.path);
    lines.push(
      "",
      `## ${doc ? titleOf(doc) : l.path}`,
      `path: ${l.path}`,
      `TLDR: ${doc?.tldr.replace(/\s+/g, " ").trim() || "(none)"}`,
      `why: ${describeLoadReason(l.reason, words)}`,
      `tokens: ${l.tokens} (${l.part === "tldr" ? "TLDR only" : "whole article"})`,
    );
  }
  return lines.join("\n");
}

/** read_article: one note's text by path or title, from `offset`, within the scope's walls. */
export async function readArticleTool(
  view: McpVaultView,
  a: { path?: string | undefined; title?: string | undefined; offset: number; maxChars: number },
): Promise<string> {
  const path = findArticlePath(view, a);
  const article = await readArticle(view, path);
  const head = `# ${article.title}\npath: ${article.path}\n\n`;
  const body = article.text.slice(a.offset);
  if (a.offset > 0 && body === "") throw new McpToolError(`offset ${a.offset} is past the end of ${path} (${article.text.length} characters).`);
  const room = a.maxChars - head.length;
  if (body.length <= room) return `${head}${body}`;
  const cut = body.slice(0, Math.max(0, room - 120));
  return `${head}${cut}\n… (cut at ${cut.length} characters; call read_article again with offset ${a.offset + cut.length} for the rest of its ${article.text.length})`;
}

/** ask: a routed, cited answer with tokens and cost, or "not in the knowledge base" without a model call. */
export async function askTool(view: McpVaultView, a: { question: string; budget?: number | undefined; closest: boolean }): Promise<string> {
  const r = await askKnowledgeBase(view, a.question, a);
  if (r.answer === null || r.usage === null) return r.route.status === "empty-question" ? "The question has no words to search for." : NOT_COVERED_ANSWER;
  const u = r.usage;
  const cost = `${u.inputTokens} input + ${u.outputTokens} output tokens (${u.cacheReadTokens} read from cache), ${formatCost(r.usd)} with ${r.model}${r.cut ? "; the answer was cut off at the token limit" : ""}.`;
  return `${r.answer.trim()}\n\n---\nFrom: ${r.route.loaded.map((l) => l.path).join(", ")}\n${cost}`;
}

/**
 * lint_summary: counts by severity and check, and the top findings, for the base or one note: core's lint run as
 * `kc lint` does it without a code repository (the server's scope; lines 1-based, as `kc lint` prints them).
 */
export async function lintSummaryTool(view: McpVaultView, a: { note?: string | undefined; top: number }): Promise<string> {
  let note: string | undefined;
  if (a.note !== undefined) note = findArticlePath(view, { path: a.note });
  const { vault } = view;
  const run = await runLint(nodeLintHost(vault), {
    settings: vault.settings,
    scope: view.scope,
    compileState: vault.compileStateUnknown ? null : vault.compileState,
    today: localDate(),
    ...(note !== undefined ? { filter: { note } } : {}),
  });
  const where = note ?? `the ${view.scope === "knowledge" ? "knowledge base" : "vault"}`;
  const unknown = run.leftOut.length > 0 ? " Daily logs were not checked for being uncompiled or changed: the compile state could not be read." : "";
  return formatLintSummary(summarizeLint(run.findings, a.top), where, unknown);
}

/** recent_sessions: the newest session entries capture wrote for a project (default: the one the server runs in). */
export function recentSessionsTool(view: McpVaultView, a: { project: string; max: number }): string {
  const daily = [...view.vault.texts].flatMap(([p, text]) => {
    const date = matchDailyNote(p, view.vault.settings);
    return date ? [{ date, text }] : [];
  });
  const entries = recentProjectEntries(daily, a.project, a.max);
  if (entries.length === 0)
    return `No captured session of project "${a.project}" in the daily notes (${view.vault.settings.dailyFolder || "the vault's root"}). Sessions are captured by \`kc capture\` or the SessionEnd hook; give project: "<name>" for another project.`;
  return [`${entries.length} recent session entr${entries.length === 1 ? "y" : "ies"} of project "${a.project}", newest first:`, ...entries].join("\n\n");
}
