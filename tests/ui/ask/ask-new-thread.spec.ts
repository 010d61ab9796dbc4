import { describe, expect, it } from "vitest";
import { WorkspaceLeaf } from "obsidian";
import { AskView, type AskHost } from "../../../src/ui/ask-view";
import type { RouteResult } from "../../../src/core/route/route-types";
import type { Completion } from "../../../src/core/llm/language-model";
import type { Result } from "../../../src/core/result";
import type { ModelError } from "../../../src/core/llm/language-model";

const ROUTED: RouteResult = {
  question: "q",
  status: "routed",
  mode: "full",
  terms: ["retri"],
  coverage: 0.9,
  loaded: [
    {
      path: "knowledge/concepts/retry.md",
      part: "body",
      tokens: 500,
      reason: { kind: "match", rank: 1, score: 12, coverage: 0.9, terms: [{ term: "retri", fields: ["title"] }] },
    },
  ],
  skipped: [],
  totalTokens: 500,
  loadAllTokens: 5000,
  budget: 6000,
};
const done = (text: string): Result<Completion, ModelError> => ({
  ok: true,
  value: { text, usage: { inputTokens: 1, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0 }, stopReason: "end_turn", model: "m" },
});

describe("New thread while an answer is pending", () => {
  it("aborts the pending answer, and the old exchange never reaches the next question's history", async () => {
    const pending: { resolve: (r: Result<Completion, ModelError>) => void; signal: AbortSignal }[] = [];
    const threads: string[][] = [];
    const host: AskHost = {
      route: () => ROUTED,
      answer: (_r, thread, _onText, signal) => {
        threads.push(thread.map((t) => t.question));
        return new Promise((resolve) => pending.push({ resolve, signal }));
      },
      fileBack: () => Promise.resolve(null),
      open: () => undefined,
      describeCost: () => "",
      renderMarkdown: async (md, el) => void el.setText(md),
    };
    const view = new AskView(new WorkspaceLeaf(), host);
    await view.onOpen();
    const input = view.contentEl.querySelector<HTMLTextAreaElement>(".kc-ask-input")!;
    input.value = "first question";
    const first = view.ask();
    await Promise.resolve();
    view.contentEl.querySelector<HTMLButtonElement>(".kc-ask-new")!.click();
    expect(pending[0]!.signal.aborted).toBe(true);
    // The host answers anyway (a model that ignores the abort): the old exchange must not come back.
    pending[0]!.resolve(done("old answer"));
    await first;
    expect(view.contentEl.querySelectorAll(".kc-ask-turn")).toHaveLength(0);
    input.value = "second question";
    const second = view.ask();
    await Promise.resolve();
    pending[1]!.resolve(done("new answer"));
    await second;
    expect(threads).toEqual([[], []]);
    expect(view.contentEl.querySelectorAll(".kc-ask-turn")).toHaveLength(1);
  });
});
