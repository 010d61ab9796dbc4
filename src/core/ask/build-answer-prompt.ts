import type { CompletionRequest } from "../llm/language-model";
import type { RouteResult } from "../route/route-types";

/** The stable instructions for answering (cached as the prompt prefix); kept as a golden file in the tests. */
export const ANSWER_SYSTEM_PROMPT = `You answer questions from a personal knowledge base compiled from the user's own work logs.

Rules:
- Use only the articles given below. Do not add facts from general knowledge.
- Cite every claim with the article's [[wikilink]] exactly as given in its heading (for example [[knowledge/concepts/x]]).
- If the articles do not answer the question, or answer only part of it, say plainly what is not covered.
- Be concise: a direct answer first, then the details that support it.
- An article marked "TLDR only" was loaded as its one-line summary; do not claim more than it says.`;

/** The loaded text of one routed article. */
export interface LoadedText {
  path: string;
  part: "body" | "tldr";
  text: string;
}

/** Builds the answer request from a route and the loaded texts; its size is bounded by the route's budget. */
export function buildAnswerRequest(route: RouteResult, texts: LoadedText[], maxTokens = 1024): CompletionRequest {
  const blocks = texts.map((t) => {
    const link = `[[${t.path.replace(/\.md$/i, "")}]]`;
    return `## ${link}${t.part === "tldr" ? " (TLDR only)" : ""}\n\n${t.text.trim()}`;
  });
  const content = `# Articles\n\n${blocks.join("\n\n---\n\n")}\n\n# Question\n\n${route.question.trim()}`;
  return { system: ANSWER_SYSTEM_PROMPT, messages: [{ role: "user", content }], maxTokens };
}

/** The honest answer for a question the knowledge base does not cover (no model call is made). */
export const NOT_COVERED_ANSWER = "Not in the knowledge base: no article covers this question, so nothing was loaded and no model was called.";
