import { estimateCost } from "../llm/cost";
import { DEFAULT_PRICE, type ModelPrice } from "../llm/models";
import { estimateTokens } from "../llm/estimate-tokens";
import { addUsage, type LanguageModel, type ModelError, type TokenUsage } from "../llm/language-model";
import { err, ok, type Result } from "../result";
import { addBacklinks } from "./add-backlinks";
import { buildChanges } from "./build-changes";
import { buildCompileMessage, buildCompileRequest, COMPILE_MAX_TOKENS, COMPILE_SYSTEM_PROMPT } from "./compile-prompt";
import type { CompilePlan, CompileProposal, FileChange } from "./compile-types";
import { dedupeProposal, type ExistingArticles } from "./dedupe-proposal";
import { validateProposal } from "./validate-proposal";

/** Why a compile produced no proposal; `usage` is what the attempts cost all the same. */
export type CompileError =
  | { kind: "model"; error: ModelError; message: string; usage: TokenUsage }
  | { kind: "cut-off"; message: string; usage: TokenUsage }
  | { kind: "invalid"; message: string; problems: string[]; usage: TokenUsage };

/** A reviewed-to-be proposal: the validated plan of files, and what it cost. */
export interface CompileOutcome {
  plan: CompilePlan;
  proposal: CompileProposal;
  changes: FileChange[];
  /** Updates dropped while building the files (e.g. the article vanished). */
  problems: string[];
  usage: TokenUsage;
  attempts: number;
}

/** Cost figures known before the call: the prompt's size, and the price with a typical and with the longest reply. */
export interface CompileEstimate {
  inputTokens: number;
  typicalOutputTokens: number;
  maxOutputTokens: number;
  usd: number;
  maxUsd: number;
}

const TYPICAL_OUTPUT = 2500;

/** Estimates a compile's tokens and cost from its plan, without any network. */
export function estimateCompile(plan: CompilePlan, price: ModelPrice = DEFAULT_PRICE): CompileEstimate {
  const inputTokens = estimateTokens(COMPILE_SYSTEM_PROMPT) + estimateTokens(buildCompileMessage(plan)) + 400;
  const at = (out: number): number => estimateCost({ inputTokens, outputTokens: out, cacheReadTokens: 0, cacheWriteTokens: 0 }, price);
  return { inputTokens, typicalOutputTokens: TYPICAL_OUTPUT, maxOutputTokens: COMPILE_MAX_TOKENS, usd: at(TYPICAL_OUTPUT), maxUsd: at(COMPILE_MAX_TOKENS) };
}

/**
 * Asks the model for a proposal, validates it, and on an invalid reply asks once more with the problems listed.
 * A reply cut off by the token limit is not retried (it would be cut off again). The result is plain data; nothing
 * is written here.
 */
export async function proposeCompile(
  model: LanguageModel,
  plan: CompilePlan,
  existing: ExistingArticles,
  textOf: (path: string) => string | undefined | Promise<string | undefined>,
  signal?: AbortSignal,
): Promise<Result<CompileOutcome, CompileError>> {
  const usage: TokenUsage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
  let problems: string[] = [];
  for (let attempt = 1; attempt <= 2; attempt++) {
    const reply = await model.complete(buildCompileRequest(plan, problems, signal));
    if (!reply.ok) return err({ kind: "model", error: reply.error, message: reply.error.message, usage });
    addUsage(usage, reply.value.usage);
    if (reply.value.stopReason === "max_tokens") {
      return err({
        kind: "cut-off",
        usage,
        message: `The model's reply was cut off at the ${COMPILE_MAX_TOKENS}-token limit, so it was not used. Split the log into smaller parts or compile again; nothing was written.`,
      });
    }
    const valid = validateProposal(reply.value.text, plan, { existing: existing.byPath, ...(existing.resolves ? { resolves: existing.resolves } : {}) });
    if (valid.ok) {
      const proposal = addBacklinks(dedupeProposal(valid.value, existing, plan.knowledgeFolder), existing.byPath, plan.knowledgeFolder);
      const texts = new Map<string, string>();
      for (const u of proposal.updated) {
        const t = await textOf(u.path);
        if (t !== undefined) texts.set(u.path, t);
      }
      const built = buildChanges(proposal, plan, (p) => texts.get(p));
      return ok({ plan, proposal, changes: built.changes, problems: built.problems, usage, attempts: attempt });
    }
    problems = valid.error;
  }
  return err({
    kind: "invalid",
    problems,
    usage,
    message: `The model's proposal was invalid twice, so nothing was written. Problems: ${problems.slice(0, 5).join("; ")}${problems.length > 5 ? ` (and ${problems.length - 5} more)` : ""}.`,
  });
}
