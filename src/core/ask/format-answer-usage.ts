import { formatCost } from "../llm/cost";
import type { Completion } from "../llm/language-model";

/** What an answer that came back empty says, wherever it is shown. */
export const EMPTY_MODEL_ANSWER = "The model returned an empty answer. Try again or rephrase the question.";

/** One line on what an answer cost: tokens in and out (read from cache), the price, and whether it was cut off. */
export function formatAnswerUsage(completion: Pick<Completion, "usage" | "stopReason">, costUsd: number): string {
  const u = completion.usage;
  const cut = completion.stopReason === "max_tokens" ? " (the answer was cut off at the token limit)" : "";
  return `${u.inputTokens} input + ${u.outputTokens} output tokens (${u.cacheReadTokens} read from cache), ${formatCost(costUsd)}${cut}`;
}
