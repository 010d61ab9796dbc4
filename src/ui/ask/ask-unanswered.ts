import { NOT_COVERED_ANSWER } from "../../core/ask/build-answer-prompt";
import type { RouteResult } from "../../core/route/route-types";

/**
 * Says why a question gets no model call (no words, not covered, or not found in a partial index) and, when "not
 * covered" may be wrong for a question phrased far from the articles' words, offers "Answer from the closest
 * articles anyway" (`onClosest` gets the button, which the caller removes with the text). Returns what was said.
 */
export function renderUnanswered(answerEl: HTMLElement, route: RouteResult, indexing: string | null, onClosest: (button: HTMLButtonElement) => void): string {
  const said =
    route.status === "empty-question"
      ? "The question has no words to search for."
      : indexing !== null
        ? `Not found in the articles indexed so far. ${indexing}; ask again when it is done.`
        : NOT_COVERED_ANSWER;
  answerEl.setText(said);
  if (route.status === "not-covered" && route.skipped.some((s) => s.reason.kind === "weak-match")) {
    const closest = answerEl.createEl("button", { text: "Answer from the closest articles anyway", cls: "kc-ask-closest" });
    closest.addEventListener("click", () => onClosest(closest));
  }
  return said;
}
