import { WorkspaceLeaf } from "obsidian";
import { AskView, type AskHost } from "../../../src/ui/ask-view";
import type { RouteResult } from "../../../src/core/route/route-types";
import type { Completion, ModelError } from "../../../src/core/llm/language-model";
import type { Result } from "../../../src/core/result";

/** A routed question with one loaded and one skipped article. */
export const ROUTED: RouteResult = {
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

/** A finished answer with the given text. */
export function done(text: string): Result<Completion, ModelError> {
  return {
    ok: true,
    value: { text, usage: { inputTokens: 600, outputTokens: 12, cacheReadTokens: 0, cacheWriteTokens: 0 }, stopReason: "end_turn", model: "m" },
  };
}

/** An answer the test finishes by hand: `onText` and `signal` of the pending call, and `finish`. */
export interface PendingAnswer {
  onText: (d: string) => void;
  signal: AbortSignal;
  finish: (r: Result<Completion, ModelError>) => void;
}

/** The Ask view over a host whose answers wait for the test; `overrides` replace any part of the host. */
export function openPanel(overrides: Partial<AskHost> = {}) {
  const pending: PendingAnswer[] = [];
  const host: AskHost = {
    route: () => ROUTED,
    answer: (_r, _t, onText, signal) => new Promise((finish) => pending.push({ onText, signal, finish })),
    fileBack: () => Promise.resolve("knowledge/qa/x.md"),
    open: () => undefined,
    describeCost: () => "600 in · $0.0020",
    // Like Obsidian's renderer: wikilinks become internal links with data-href.
    renderMarkdown: (md, el) => {
      for (const part of md.split(/(\[\[[^\]]+\]\])/)) {
        if (part.startsWith("[["))
          el.createEl("a", { cls: "internal-link", text: part.slice(2, -2), href: part.slice(2, -2), attr: { "data-href": part.slice(2, -2) } });
        else el.appendText(part);
      }
      return Promise.resolve();
    },
    ...overrides,
  };
  const view = new AskView(new WorkspaceLeaf(), host);
  document.body.appendChild(view.containerEl);
  view.load();
  const el = view.contentEl;
  const input = () => el.querySelector<HTMLTextAreaElement>(".kc-ask-input")!;
  const submit = () => el.querySelector<HTMLButtonElement>(".kc-ask-submit")!;
  return {
    view,
    host,
    el,
    pending,
    input,
    submit,
    /** Types a question and starts asking it (not awaited: the answer waits for the test). */
    ask(q: string): Promise<void> {
      input().value = q;
      return view.ask();
    },
  };
}

/** Lets pending promise callbacks run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}
