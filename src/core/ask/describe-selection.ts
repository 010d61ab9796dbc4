import { formatCost } from "../llm/cost";
import type { TokenUsage } from "../llm/language-model";

/** What the selection step did: a model chose (with what it cost), no call was needed, or keywords chose instead. */
export type SelectionNote =
  { by: "model"; model: string; shortlisted: number; usage: TokenUsage; costUsd: number } | { by: "no-call" } | { by: "keywords"; reason: string };

/** The selection step's line under an answer, in every host: who chose the articles, and what choosing cost. */
export function describeSelection(note: SelectionNote): string {
  if (note.by === "no-call") return "No model call: the question shares too few words with the knowledge base.";
  if (note.by === "keywords") return `Chosen by keywords: the model could not be asked (${note.reason})`;
  const u = note.usage;
  return `Chosen by ${note.model} from ${note.shortlisted} shortlisted headers · ${u.inputTokens.toLocaleString("en")} in + ${u.outputTokens} out tokens · ${formatCost(note.costUsd)}`;
}
