import { MarkdownRenderer, MarkdownView, Notice, TFile, type App } from "obsidian";
import { buildAnswerRequest, type LoadedText } from "../core/ask/build-answer-prompt";
import { exampleQuestions } from "../core/ask/example-questions";
import { insertionPoint } from "../core/ask/insertion-point";
import { selectArticles } from "../core/route/select-articles";
import { baseName } from "../core/route/article-doc";
import { DEFAULT_SELECT_PRICE } from "../core/llm/models";
import { planFileBack } from "../core/ask/file-back";
import { writeFileBack, type WriteHost } from "../core/workflows/reviewed-writes";
import { estimateCost, formatCost } from "../core/llm/cost";
import { ObsidianNoteStore } from "../obsidian/obsidian-note-store";
import type { PluginData } from "../obsidian/plugin-data";
import { createBrowserFirstFetch } from "../obsidian/browser-first-fetch";
import { createModel, createSelectModel, priceOf } from "../obsidian/create-model";
import { createRequestUrlFetch } from "../obsidian/request-url-fetch";
import type { RouterService } from "../obsidian/router-service";
import { AskHistory } from "./ask/ask-history";
import type { AskHost } from "./ask/ask-types";

/** Where the plugin keeps its own files, and its id (for the settings tab and the page preview's source). */
export interface AskPlugin {
  id: string;
  dir: string;
  viewType: string;
}

/** Obsidian's settings modal: present in the app, not in the public typings. */
interface SettingModal {
  open(): void;
  openTabById(id: string): void;
}

/**
 * Connects the Ask panel to the router, the model and the vault. The answer streams through the renderer's fetch
 * and falls back to requestUrl where that fails (createBrowserFirstFetch; one per host, so a server found without
 * CORS is not tried again); the question history lives in `<plugin folder>/ask-history.json`.
 */
export function createAskHost(app: App, router: RouterService, data: () => PluginData, writeHost: WriteHost, plugin: AskPlugin): AskHost {
  const store = new ObsidianNoteStore(app);
  const answerFetch = createBrowserFirstFetch((input, init) => activeWindow.fetch(input, init), createRequestUrlFetch());
  // One history for all Ask panels of the plugin: each its own would write over the other's questions.
  const history = AskHistory.shared(app.vault.adapter, `${plugin.dir}/ask-history.json`);
  void history.load();
  const editor = () => {
    // The most recent leaf of the main area: the note the person was in before turning to the panel, in an editing
    // mode (reading view has no cursor the person placed).
    const view = app.workspace.getMostRecentLeaf()?.view;
    return view instanceof MarkdownView && view.file && view.getMode() === "source" ? { editor: view.editor, name: view.file.basename } : null;
  };
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
      return createModel(app, ask, onWait, answerFetch).stream({ ...req, messages: [...history, ...req.messages], signal }, onText);
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
    open: (linktext, newTab) => void app.workspace.openLinkText(linktext, "", newTab ? "tab" : false),
    describeCost: (c) => {
      const usd = estimateCost(c.usage, priceOf(data().ask));
      return `${c.usage.inputTokens} in + ${c.usage.outputTokens} out tokens (${c.usage.cacheReadTokens} cached) · ${formatCost(usd)}${c.stopReason === "max_tokens" ? " · cut off at the token limit" : ""}`;
    },
    renderMarkdown: (md, el, owner) => MarkdownRenderer.render(app, md, el, "", owner!),
    title: (path) => router.article(path)?.title ?? baseName(path),
    hoverLink: (event, targetEl, linktext, parent) => {
      app.workspace.trigger("hover-link", { event, source: plugin.viewType, hoverParent: parent, targetEl, linktext, sourcePath: "" });
    },
    markdownLink: (linktext) => {
      const file = app.metadataCache.getFirstLinkpathDest(linktext.replace(/\.md$/i, ""), "");
      return file instanceof TFile ? app.fileManager.generateMarkdownLink(file, "") : `[[${linktext.replace(/\.md$/i, "")}]]`;
    },
    copy: async (text) => {
      try {
        await navigator.clipboard.writeText(text);
        return true;
      } catch {
        return false;
      }
    },
    insertTarget: () => editor()?.name ?? null,
    insertAtCursor: (text) => {
      const target = editor();
      if (!target) return false;
      // After the selection, never over it; never inside the frontmatter (the note's properties would break).
      const { at, prefix } = insertionPoint(target.editor.getValue(), target.editor.getCursor("to"));
      target.editor.replaceRange(`${prefix}${text}\n`, at);
      return true;
    },
    setupProblem: () => {
      const ask = data().ask;
      // A base URL may name a local server that needs no key: then nothing is missing that the panel can know of.
      if (ask.baseUrl.trim() !== "" || app.secretStorage.getSecret(ask.apiKeySecret)) return null;
      return "No Anthropic API key yet, so questions cannot be answered. Without one the panel still shows which articles would answer them.";
    },
    openSettings: () => {
      const setting = (app as unknown as { setting?: Partial<SettingModal> }).setting;
      if (typeof setting?.open === "function" && typeof setting.openTabById === "function") {
        setting.open();
        setting.openTabById(plugin.id);
      } else new Notice("Open the plugin's settings to add an API key.");
    },
    examples: () => exampleQuestions(router.articleIndex().all()),
    history,
  };
}
