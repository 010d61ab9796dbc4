import { buildAnswerRequest, type LoadedText } from "../core/ask/build-answer-prompt";
import { estimateCost } from "../core/llm/cost";
import type { TokenUsage } from "../core/llm/language-model";
import { routeQuestion } from "../core/route/route-question";
import type { RouteResult } from "../core/route/route-types";
import { stripControls } from "../core/util/strip-controls";
import { McpToolError, type McpVaultView } from "./mcp-vault";

/** A routed, cited answer with what it cost; `answer` null when the knowledge base does not cover the question. */
export interface McpAnswer {
  route: RouteResult;
  answer: string | null;
  usage: TokenUsage | null;
  usd: number;
  model: string | null;
  cut: boolean;
}

/**
 * Answers a question from the routed articles, as `kc ask` does: route, build the answer prompt from only the loaded
 * texts, one model call through the host's priced models. The one place the MCP server asks a model; when the Ask
 * workflow lands in core (src/core/workflows/ask-workflow.ts), this function becomes a call to it.
 */
export async function askKnowledgeBase(view: McpVaultView, question: string, options: { budget: number; closest: boolean }): Promise<McpAnswer> {
  const { vault, index, indexTokens, host } = view;
  const route = routeQuestion(index, question, (l, from) => host.resolve(l, from), { budget: options.budget, ...(options.closest ? { minCoverage: 0 } : {}) }, indexTokens);
  if (route.status !== "routed") return { route, answer: null, usage: null, usd: 0, model: null, cut: false };
  const texts: LoadedText[] = route.loaded.map((l) => {
    const doc = index.get(l.path)!;
    return { path: l.path, part: l.part, text: l.part === "tldr" ? `${doc.header.title ?? l.path}: ${doc.tldr}` : vault.texts.get(l.path) ?? "" };
  });
  const priced = await host.models.get("answer", { streaming: true });
  if (!priced.ok) {
    const why = priced.error.kind === "no-key" ? "No Anthropic API key for the ask tool." : priced.error.message;
    throw new McpToolError(`${why} The MCP server reads ANTHROPIC_API_KEY (or ANTHROPIC_BASE_URL for a compatible local server) and KC_MODEL from its environment: set them in the server's "env" in .mcp.json or ~/.claude.json and restart it. route and read_article need no key.`);
  }
  const result = await priced.value.model.stream(buildAnswerRequest(route, texts), () => undefined);
  if (!result.ok) throw new McpToolError(result.error.message);
  if (result.value.text.trim() === "") throw new McpToolError("The model returned an empty answer. Try again or rephrase the question.");
  const usage = result.value.usage;
  return { route, answer: stripControls(result.value.text), usage, usd: estimateCost(usage, priced.value.price), model: priced.value.id, cut: result.value.stopReason === "max_tokens" };
}
