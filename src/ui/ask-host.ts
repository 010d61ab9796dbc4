import { MarkdownRenderer, Notice, TFile, type App, type Component } from "obsidian";
import { buildAnswerRequest, type LoadedText } from "../core/ask/build-answer-prompt";
import { selectArticles } from "../core/route/select-articles";
import { DEFAULT_SELECT_PRICE } from "../core/llm/models";
import { planFileBack } from "../core/ask/file-back";
import { writeFileBack, type WriteHost } from "../core/workflows/reviewed-writes";
import { estimateCost, formatCost } from "../core/llm/cost";
import { ObsidianNoteStore } from "../obsidian/obsidian-note-store";
import type { PluginData } from "../obsidian/plugin-data";
import { createModel, createSelectModel, priceOf } from "../obsidian/create-model";
import type { RouterService } from "../obsidian/router-service";
import type { AskHost } from "./ask-view";

/** Connects the Ask panel to the router, the model (through requestUrl) and the vault. */
export function createAskHost(app: App, component: Component, router: RouterService, data: () => PluginData, writeHost: WriteHost): AskHost {
  const store = new ObsidianNoteStore(app);
  return {
    route: (q, closest) => router.route(q, data().ask.budget, closest),
    indexing: () => router.indexing(),
    select: async (question, signal) => {
      const ask = data().ask;
      if (!ask.selectWithModel) return null;
      const model = createSelectModel(app, ask);
      const r = await selectArticles(model, router.articleIndex(), question, router.resolve, { budget: ask.budget }, signal);
      if (!r.ok) return r.error.kind === "no-key" || r.error.kind === "aborted" ? null : { route: router.route(question, ask.budget), note: `Chosen by keywords: the model could not be asked (${r.error.message})` };
      const u = r.value.usage;
      const note = r.value.called
        ? `Chosen by ${ask.selectModel} from ${r.value.shortlist.length} shortlisted headers · ${u.inputTokens.toLocaleString("en")} in + ${u.outputTokens} out tokens · ${formatCost(estimateCost(u, DEFAULT_SELECT_PRICE))}`
        : "No model call: the question shares too few words with the knowledge base.";
      return { route: r.value.route, note };
    },
    onIndexing: (fn) => router.onIndexing(fn),
    answer: async (route, thread, onText, signal) => {
      const ask = data().ask;
      const texts: LoadedText[] = [];
      for (const l of route.loaded) {
        const doc = router.article(l.path);
        texts.push({ path: l.path, part: l.part, text: l.part === "tldr" ? `${doc?.header.title ?? l.path}: ${doc?.tldr ?? ""}` : await store.read(l.path) });
      }
      const req = buildAnswerRequest(route, texts);
      const history = thread.flatMap((t) => [{ role: "user" as const, content: t.question }, { role: "assistant" as const, content: t.answer }]);
      const onWait = (seconds: number, why: string): void => void new Notice(`Ask: waiting ${Math.ceil(seconds)} s before trying again (${why})…`, Math.min(60_000, seconds * 1000 + 2000));
      return createModel(app, ask, onWait).stream({ ...req, messages: [...history, ...req.messages], signal }, onText);
    },
    fileBack: async (route, answer) => {
      const folder = data().settings.knowledgeFolder;
      const plan = planFileBack(folder, route, answer, new Date().toISOString(), (p) => app.vault.getAbstractFileByPath(p) !== null);
      const written = await writeFileBack(writeHost, plan);
      if (!written.ok) {
        new Notice(written.error, 15000);
        return null;
      }
      new Notice(`Filed to ${plan.path}. "Undo last compile" removes it again.`);
      return plan.path;
    },
    open: (path) => {
      const f = app.vault.getAbstractFileByPath(path);
      if (f instanceof TFile) void app.workspace.getLeaf(false).openFile(f);
    },
    describeCost: (c) => {
      const usd = estimateCost(c.usage, priceOf(data().ask));
      return `${c.usage.inputTokens} in + ${c.usage.outputTokens} out tokens (${c.usage.cacheReadTokens} cached) · ${formatCost(usd)}${c.stopReason === "max_tokens" ? " · cut off at the token limit" : ""}`;
    },
    renderMarkdown: async (md, el) => {
      await MarkdownRenderer.render(app, md, el, "", component);
      // Rendered [[wikilinks]] in a custom view do nothing on their own: open them like links in a note.
      component.registerDomEvent(el, "click", (e) => {
        const a = (e.target as HTMLElement).closest("a.internal-link");
        const href = a?.getAttribute("data-href") ?? a?.getAttribute("href");
        if (!href) return;
        e.preventDefault();
        void app.workspace.openLinkText(href, "", e.ctrlKey || e.metaKey);
      });
    },
  };
}
