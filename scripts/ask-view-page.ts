// Browser entry for the Ask panel screenshot: the real AskView over the demo vault's route and a canned answer
// (prose, a code block with a long line, a table, citations), streamed in small deltas as a model sends them, then
// finished (the answer, its cost and buttons, the compact trace collapsed under it). The stream lies between the
// marks kc-stream-start and kc-stream-end (the harness reads the main thread's tasks between them from a trace); the
// page counts each rendering (window.KC_RENDERS) and each delta (window.KC_DELTAS).
import { installObsidianDomHelpers } from "../tests/fakes/obsidian-dom";
import { WorkspaceLeaf } from "obsidian";
import { AskView } from "../src/ui/ask-view";
import type { RouteResult } from "../src/core/route/route-types";
import { renderHarnessMarkdown } from "./harness-markdown";
import { articleTitle } from "../src/core/workflows/ask-workflow";

installObsidianDomHelpers();
const w = window as unknown as {
  KC_ROUTE: RouteResult;
  KC_ANSWER: string;
  KC_TITLES: Record<string, string>;
  KC_RENDERS: number;
  KC_DELTAS: number;
  KC_DONE: boolean;
};
w.KC_RENDERS = 0;
w.KC_DELTAS = 0;
// Titles through core's one lookup, over the demo vault's titles by path; a link is resolved by its path or its name.
const titles = new Map(Object.entries(w.KC_TITLES));
const titleOf = (path: string): string =>
  articleTitle(
    {
      index: () => ({ get: (p: string) => (titles.has(p) ? { header: { title: titles.get(p) } } : undefined) }) as never,
      resolve: (link) => [...titles.keys()].find((p) => p === `${link}.md` || p.endsWith(`/${link}.md`)) ?? null,
    },
    path,
  );
const view = new AskView(new WorkspaceLeaf(), {
  route: () => w.KC_ROUTE,
  answer: async (_r, _t, onText) => {
    // About 8 characters every 10 ms, as a fast stream sends them, once the page has its fonts and has drawn a frame
    // (loading the page's script is not the panel's work).
    await document.fonts.ready;
    await new Promise((r) => window.requestAnimationFrame(r));
    performance.mark("kc-stream-start");
    for (let i = 0; i < w.KC_ANSWER.length; i += 8) {
      onText(w.KC_ANSWER.slice(i, i + 8));
      w.KC_DELTAS++;
      await new Promise((r) => window.setTimeout(r, 10));
    }
    performance.mark("kc-stream-end");
    return {
      ok: true,
      value: {
        text: w.KC_ANSWER,
        usage: { inputTokens: 2412, outputTokens: 96, cacheReadTokens: 0, cacheWriteTokens: 0 },
        stopReason: "end_turn",
        model: "claude-sonnet-5-5",
      },
    };
  },
  fileBack: () => Promise.resolve("knowledge/qa/x.md"),
  open: () => undefined,
  describeCost: (c) => `${c.usage.inputTokens} in + ${c.usage.outputTokens} out tokens · $0.0087`,
  renderMarkdown: (md, el) => {
    w.KC_RENDERS++;
    renderHarnessMarkdown(md, el);
    return Promise.resolve();
  },
  title: titleOf,
  copy: () => Promise.resolve(true),
  insertTarget: () => "2026-10-14",
  insertAtCursor: () => true,
  setupProblem: () => null,
  examples: () => [],
});
document.getElementById("pane")!.appendChild(view.containerEl);
view.load();
void view.onOpen().then(async () => {
  (view.contentEl.querySelector(".kc-ask-input") as HTMLTextAreaElement).value = w.KC_ROUTE.question;
  await view.ask();
  w.KC_DONE = true;
  document.body.classList.add("kc-harness-done");
});
