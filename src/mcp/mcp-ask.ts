import type { TokenUsage } from "../core/llm/language-model";
import type { RouteResult } from "../core/route/route-types";
import { stripControls } from "../core/util/strip-controls";
import { askQuestion } from "../core/workflows/ask-workflow";
import { hostWithBudget, McpToolError, type McpVaultView } from "./mcp-vault";

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
 * Answers a question through core's Ask workflow, as `kc ask` and the Ask panel do: route within the tool's budget,
 * answer from only the loaded articles through the host's priced models (no call when the question is not covered).
 */
export async function askKnowledgeBase(view: McpVaultView, question: string, options: { budget?: number | undefined; closest: boolean }): Promise<McpAnswer> {
  const host = hostWithBudget(view, options.budget);
  // The same Ask as the panel's and `kc ask`'s: keywords, the selection step when the settings turn it on, the answer.
  const { route, answer: r } = await askQuestion(host, question, { closest: options.closest, streaming: true });
  if (!r.ok && (r.error.kind === "not-covered" || r.error.kind === "empty-question"))
    return { route, answer: null, usage: null, usd: 0, model: null, cut: false };
  if (!r.ok) {
    if (r.error.kind === "no-key") {
      throw new McpToolError(
        `No Anthropic API key for the ask tool. The MCP server reads ANTHROPIC_API_KEY (or ANTHROPIC_BASE_URL for a compatible local server) and KC_MODEL from its environment: set them in the server's "env" in .mcp.json or ~/.claude.json and restart it. route and read_article need no key.`,
      );
    }
    throw new McpToolError(r.error.message);
  }
  const { completion, model, costUsd } = r.value;
  return { route, answer: stripControls(completion.text), usage: completion.usage, usd: costUsd, model, cut: completion.stopReason === "max_tokens" };
}
