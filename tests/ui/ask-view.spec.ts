import { describe, expect, it } from "vitest";
import { WorkspaceLeaf } from "obsidian";
import { AskView, type AskHost } from "../../src/ui/ask-view";
import type { RouteResult } from "../../src/core/route/route-types";
import type { Completion } from "../../src/core/llm/language-model";

const ROUTED: RouteResult = {
  question: "How long do retries wait?",
  status: "routed",
  mode: "full",
  terms: ["retri", "wait"],
  coverage: 0.9,
  loaded: [
    {
      path: "knowledge/concepts/retry.md",
      part: "body",
      tokens: 500,
      reason: { kind: "match", rank: 1, score: 12, coverage: 0.9, terms: [{ term: "retri", fields: ["title"] }] },
    },
  ],
  skipped: [{ path: "knowledge/concepts/push.md", tokens: 300, reason: { kind: "mid-not-matching", of: "knowledge/concepts/retry.md" } }],
  totalTokens: 500,
  loadAllTokens: 5000,
  budget: 6000,
};
const DONE: Completion = {
  text: "Up to 5 retries [[knowledge/concepts/retry]].",
  usage: { inputTokens: 600, outputTokens: 12, cacheReadTokens: 0, cacheWriteTokens: 0 },
  stopReason: "end_turn",
  model: "m",
};

function setup(route: RouteResult, closestRoute: RouteResult = route) {
  const calls = { answers: 0, filed: [] as string[], threads: [] as number[], closest: 0 };
  const host: AskHost = {
    route: (_q, closest) => {
      if (closest) calls.closest++;
      return closest ? closestRoute : route;
    },
    answer: async (_r, thread, onText) => {
      calls.answers++;
      calls.threads.push(thread.length);
      onText("Up to 5 ");
      onText("retries");
      return { ok: true, value: DONE };
    },
    fileBack: async (_r, answer) => {
      calls.filed.push(answer);
      return "knowledge/qa/how-long.md";
    },
    open: () => undefined,
    describeCost: (c) => `${c.usage.inputTokens} in · $0.0020`,
    renderMarkdown: async (md, el) => void el.setText(md),
  };
  const view = new AskView(new WorkspaceLeaf(), host);
  return { view, calls };
}

async function ask(view: AskView, q: string): Promise<void> {
  (view.contentEl.querySelector(".kc-ask-input") as HTMLTextAreaElement).value = q;
  await view.ask();
}

describe("AskView", () => {
  it("shows what was loaded and why, the answer, and its tokens and cost", async () => {
    const { view } = setup(ROUTED);
    await view.onOpen();
    await ask(view, "How long do retries wait?");
    const el = view.contentEl;
    expect(el.querySelector(".kc-ask-trace summary")?.textContent).toBe("1 source · 500 tokens · 1 skipped");
    expect(el.querySelector(".kc-ask-why-words")?.textContent).toBe("Loaded 1 article: retry (matches 'retries'). Skipped 1.");
    expect(el.querySelector(".kc-ask-tokens")?.textContent).toBe("Loaded 1 file: 500 of 5000 tokens (90% saved)");
    // Details say the why in words: the question's words, never stems, scores or ranks.
    expect(el.querySelector(".kc-ask-why")?.textContent).toBe(": matches 'retries'; about 500 tokens");
    expect(el.querySelector(".kc-ask-skipped")?.textContent).toMatch(/^Not read: .+, related to retry, but the question does not mention it$/);
    expect(el.querySelector(".kc-ask-details")?.textContent).not.toMatch(/score|match #|retri\b|SIMILAR_/);
    expect(el.querySelector(".kc-ask-answer")?.textContent).toBe(DONE.text);
    expect(el.querySelector(".kc-ask-foot")?.textContent).toContain("600 in · $0.0020");
  });

  it("answers 'not in the knowledge base' without calling the model", async () => {
    const { view, calls } = setup({ ...ROUTED, status: "not-covered", loaded: [] });
    await view.onOpen();
    await ask(view, "Arctic terns?");
    expect(view.contentEl.querySelector(".kc-ask-answer")?.textContent).toContain("Not in the knowledge base");
    expect(calls.answers).toBe(0);
    expect(view.contentEl.querySelector(".kc-ask-closest")).toBeNull();
  });

  it("offers the closest articles when it says 'not covered', and answers from them only when asked", async () => {
    const weak = { path: "knowledge/concepts/retry.md", tokens: 500, reason: { kind: "weak-match" as const, score: 3, coverage: 0.3 } };
    const { view, calls } = setup({ ...ROUTED, status: "not-covered", loaded: [], skipped: [weak] }, ROUTED);
    await view.onOpen();
    await ask(view, "How long between tries?");
    const el = view.contentEl;
    expect(el.querySelector(".kc-ask-answer")?.textContent).toContain("Not in the knowledge base");
    expect(el.querySelector(".kc-ask-trace summary")?.textContent).toBe("No sources · no article covers enough of the question · 1 skipped");
    expect(el.querySelector(".kc-ask-why-words")?.textContent).toBe("Nothing loaded: no article covers enough of the question. Skipped 1.");
    expect(calls.answers).toBe(0);
    (el.querySelector(".kc-ask-closest") as HTMLButtonElement).click();
    await new Promise((r) => window.setTimeout(r, 0));
    expect(calls.closest).toBe(1);
    expect(calls.answers).toBe(1);
    expect(el.querySelectorAll(".kc-ask-trace")).toHaveLength(1);
    expect(el.querySelector(".kc-ask-tokens")?.textContent).toBe("Loaded 1 file: 500 of 5000 tokens (90% saved)");
    expect(el.querySelector(".kc-ask-answer")?.textContent).toBe(DONE.text);
    expect(el.querySelector(".kc-ask-closest")).toBeNull();
    const turn = el.querySelector(".kc-ask-turn")!;
    // The answer comes first; the trace sits under it.
    expect([...turn.children].map((c) => c.className)).toEqual(["kc-ask-question", "kc-ask-answer", "kc-ask-foot", "kc-ask-trace"]);
  });

  it("files the answer back when asked, and keeps a bounded thread for follow-ups", async () => {
    const { view, calls } = setup(ROUTED);
    await view.onOpen();
    for (let i = 0; i < 5; i++) await ask(view, `question ${i}`);
    expect(calls.threads).toEqual([0, 1, 2, 3, 3]);
    (view.contentEl.querySelector(".kc-ask-file") as HTMLButtonElement).click();
    await Promise.resolve();
    expect(calls.filed).toEqual([DONE.text]);
  });
});

describe("AskView while the article index is being built", () => {
  function indexingSetup(route: RouteResult) {
    const progress: { now: { done: number; total: number } | null } = { now: { done: 120, total: 10000 } };
    let notify: (() => void) | null = null;
    const { view, calls } = setup(route);
    const host = (view as unknown as { host: AskHost }).host;
    host.indexing = () => progress.now;
    host.onIndexing = (fn) => {
      notify = fn;
      return () => (notify = null);
    };
    return { view, calls, progress, advance: (next: { done: number; total: number } | null) => ((progress.now = next), notify?.()) };
  }

  it("says it is still indexing, with how far, and updates as the index grows until it is complete", async () => {
    const { view, advance } = indexingSetup(ROUTED);
    await view.onOpen();
    const status = () => view.contentEl.querySelector(".kc-ask-status")!;
    expect(status().textContent).toBe("Still indexing (120 / 10,000): questions are answered from the articles indexed so far.");
    advance({ done: 5000, total: 10000 });
    expect(status().textContent).toContain("(5,000 / 10,000)");
    advance(null);
    expect(status().classList.contains("kc-hidden")).toBe(true);
  });

  it("routes a question on the partial index, says so, and does not claim the base lacks what it has not read yet", async () => {
    const routed = indexingSetup(ROUTED);
    await routed.view.onOpen();
    await ask(routed.view, "How long do retries wait?");
    expect(routed.view.contentEl.querySelector(".kc-ask-indexing")?.textContent).toBe("Still indexing (120 / 10,000): routed on the articles indexed so far.");
    expect(routed.calls.answers).toBe(1);
    const missing = indexingSetup({ ...ROUTED, status: "not-covered", loaded: [] });
    await missing.view.onOpen();
    await ask(missing.view, "What is the capital of the moon?");
    const answer = missing.view.contentEl.querySelector(".kc-ask-answer")?.textContent ?? "";
    expect(answer).toContain("Not found in the articles indexed so far");
    expect(answer).not.toContain("Not in the knowledge base");
    expect(missing.calls.answers).toBe(0);
  });
});

describe("AskView with the selection step", () => {
  it("answers from the articles the model chose, and says what choosing cost", async () => {
    const { view, calls } = setup({ ...ROUTED, status: "not-covered", loaded: [] });
    const host = (view as unknown as { host: AskHost }).host;
    host.select = () => Promise.resolve({ route: ROUTED, note: "Chosen by claude-haiku-4-5 from 18 shortlisted headers · 2,104 in + 12 out tokens · $0.0022" });
    await view.onOpen();
    await ask(view, "How long between tries?");
    const el = view.contentEl;
    expect(el.querySelector(".kc-ask-selection")?.textContent).toBe(
      "Chosen by claude-haiku-4-5 from 18 shortlisted headers · 2,104 in + 12 out tokens · $0.0022",
    );
    // Shown with the answer's own cost, not hidden in the collapsed trace.
    expect([...el.querySelector(".kc-ask-turn")!.children].map((c) => c.className)).toEqual([
      "kc-ask-question",
      "kc-ask-answer",
      "kc-ask-foot",
      "kc-ask-selection",
      "kc-ask-trace",
    ]);
    expect(el.querySelector(".kc-ask-tokens")?.textContent).toBe("Loaded 1 file: 500 of 5000 tokens (90% saved)");
    expect(calls.answers).toBe(1);
  });

  it("keeps the keyword route when the step is off or cannot run", async () => {
    const { view, calls } = setup(ROUTED);
    (view as unknown as { host: AskHost }).host.select = () => Promise.resolve(null);
    await view.onOpen();
    await ask(view, "How long do retries wait?");
    expect(view.contentEl.querySelector(".kc-ask-selection")).toBeNull();
    expect(calls.answers).toBe(1);
  });
});
