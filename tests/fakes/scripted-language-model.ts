import type { Completion, CompletionRequest, LanguageModel, ModelError } from "../../src/core/llm/language-model";
import { estimateTokens } from "../../src/core/llm/estimate-tokens";
import { ok, type Result } from "../../src/core/result";

/** A LanguageModel fake (our own port, not the SDK): replies come from a queue, requests are recorded. */
export class ScriptedLanguageModel implements LanguageModel {
  readonly requests: CompletionRequest[] = [];
  constructor(private readonly replies: (string | Result<Completion, ModelError>)[]) {}

  complete(request: CompletionRequest): Promise<Result<Completion, ModelError>> {
    this.requests.push(request);
    const next = this.replies.shift() ?? "";
    if (typeof next !== "string") return Promise.resolve(next);
    return Promise.resolve(
      ok({ text: next, usage: { inputTokens: 100, outputTokens: 20, cacheReadTokens: 0, cacheWriteTokens: 0 }, stopReason: "tool_use", model: "scripted" }),
    );
  }

  async stream(request: CompletionRequest, onText: (d: string) => void): Promise<Result<Completion, ModelError>> {
    const r = await this.complete(request);
    if (r.ok) onText(r.value.text);
    return r;
  }

  estimateTokens(text: string): number {
    return estimateTokens(text);
  }
}
