// Browser entry for the Ask panel screenshot: the real AskView over the demo vault's route and a canned answer, in
// its finished state (the answer, its cost and buttons, the plain-words trace collapsed under it).
import { installObsidianDomHelpers } from "../tests/fakes/obsidian-dom";
import { WorkspaceLeaf } from "obsidian";
import { AskView } from "../src/ui/ask-view";
import type { RouteResult } from "../src/core/route/route-types";

installObsidianDomHelpers();
const w = window as unknown as { KC_ROUTE: RouteResult; KC_ANSWER: string };
const titleOf = (path: string): string => {
  const name = path.slice(path.lastIndexOf("/") + 1).replace(/\.md$/, "").replace(/-/g, " ");
  return name.charAt(0).toUpperCase() + name.slice(1);
};
const view = new AskView(new WorkspaceLeaf(), {
  route: () => w.KC_ROUTE,
  answer: (_r, _t, onText) => {
    onText(w.KC_ANSWER);
    return Promise.resolve({ ok: true, value: { text: w.KC_ANSWER, usage: { inputTokens: 2412, outputTokens: 96, cacheReadTokens: 0, cacheWriteTokens: 0 }, stopReason: "end_turn", model: "claude-sonnet-4-5" } });
  },
  fileBack: () => Promise.resolve("knowledge/qa/x.md"),
  open: () => undefined,
  describeCost: (c) => `${c.usage.inputTokens} in + ${c.usage.outputTokens} out tokens · $0.0087`,
  renderMarkdown: (md, el) => {
    for (const part of md.split(/(\[\[[^\]]+\]\])/)) {
      if (part.startsWith("[[")) el.createEl("a", { text: part.slice(2, -2).split("/").pop()!, cls: "internal-link", href: part.slice(2, -2), attr: { "data-href": part.slice(2, -2) } });
      else el.appendText(part);
    }
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
void view.onOpen().then(() => {
  (view.contentEl.querySelector(".kc-ask-input") as HTMLTextAreaElement).value = w.KC_ROUTE.question;
  void view.ask();
});
