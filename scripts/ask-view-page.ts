// Browser entry for the Ask panel screenshot: the real AskView over the demo vault's route and a canned answer.
import { installObsidianDomHelpers } from "../tests/fakes/obsidian-dom";
import { WorkspaceLeaf } from "obsidian";
import { AskView } from "../src/ui/ask-view";
import type { RouteResult } from "../src/core/route/route-types";

installObsidianDomHelpers();
const w = window as unknown as { KC_ROUTE: RouteResult; KC_ANSWER: string };
const view = new AskView(new WorkspaceLeaf() as never, {
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
      if (part.startsWith("[[")) el.createEl("a", { text: part.slice(2, -2).split("/").pop()!, cls: "internal-link" });
      else el.appendText(part);
    }
    return Promise.resolve();
  },
});
document.getElementById("pane")!.appendChild(view.containerEl);
void view.onOpen().then(() => {
  (view.contentEl.querySelector(".kc-ask-input") as HTMLTextAreaElement).value = w.KC_ROUTE.question;
  void view.ask().then(() => view.contentEl.querySelector("details")?.setAttribute("open", ""));
});
