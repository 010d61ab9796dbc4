import { MarkdownRenderer, MarkdownView, Notice, TFile, type App } from "obsidian";
import { exampleQuestions } from "../core/ask/example-questions";
import { insertionPoint } from "../core/ask/insertion-point";
import { formatCost } from "../core/llm/cost";
import type { Completion, ModelError } from "../core/llm/language-model";
import { describeSelection } from "../core/ask/describe-selection";
import { answerQuestion, articleTitle, fileBackAnswer, routeFor, selectFor, type AskError } from "../core/workflows/ask-workflow";
import type { KcHost } from "../core/ports/host";
import type { PluginData } from "../core/settings/plugin-data";
import type { RouterService } from "../obsidian/router-service";
import { AskHistory } from "./ask/ask-history";
import type { AskHost } from "./ask/ask-types";
import { wholeVaultOfferText } from "./whole-vault-offer";

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
 * Connects the Ask panel to the Ask workflow over the plugin's host (routing, the selection step, the streamed answer,
 * file-back) and to Obsidian (markdown, links, clipboard, the editor, notices, the settings modal); the router gives
 * the indexing progress. The question history lives in `<plugin folder>/ask-history.json`.
 */
export function createAskHost(
  app: App,
  host: KcHost,
  router: RouterService,
  data: () => PluginData,
  plugin: AskPlugin,
  useWholeVault?: () => Promise<void>,
): AskHost {
  // One history for all Ask panels of the plugin: each its own would write over the other's questions.
  const history = AskHistory.shared(app.vault.adapter, `${plugin.dir}/ask-history.json`);
  void history.load();
  // What each answer cost, at the answering model's price, for its footer.
  const costs = new WeakMap<Completion, number>();
  const editor = () => {
    // The most recent leaf of the main area: the note the person was in before turning to the panel, in an editing
    // mode (reading view has no cursor the person placed).
    const view = app.workspace.getMostRecentLeaf()?.view;
    return view instanceof MarkdownView && view.file && view.getMode() === "source" ? { editor: view.editor, name: view.file.basename } : null;
  };
  return {
    route: (q, closest) => routeFor(host, q, { closest: closest === true }),
    indexing: () => router.indexing(),
    select: async (question, signal) => {
      const picked = await selectFor(host, question, signal);
      return picked && { route: picked.route, note: describeSelection(picked.note) };
    },
    onIndexing: (fn) => router.onIndexing(fn),
    answer: async (route, thread, onText, signal) => {
      const onWait = (seconds: number, why: string): void =>
        void new Notice(`Ask: waiting ${Math.ceil(seconds)} s before trying again (${why})…`, Math.min(60_000, seconds * 1000 + 2000));
      const r = await answerQuestion(host, route, thread, onText, { signal, streaming: true, onWait });
      if (!r.ok) return { ok: false, error: modelErrorOf(r.error) };
      costs.set(r.value.completion, r.value.costUsd);
      return { ok: true, value: r.value.completion };
    },
    fileBack: async (route, answer) => {
      const written = await fileBackAnswer(host, route, answer);
      if (!written.ok) {
        new Notice(written.error, 15000);
        return null;
      }
      new Notice(`Filed to ${written.value}. "Undo last compile" removes it again.`);
      return written.value;
    },
    open: (linktext, newTab) => void app.workspace.openLinkText(linktext, "", newTab ? "tab" : false),
    describeCost: (c) => {
      const usd = costs.get(c);
      return `${c.usage.inputTokens} in + ${c.usage.outputTokens} out tokens (${c.usage.cacheReadTokens} cached)${usd === undefined ? "" : ` · ${formatCost(usd)}`}${c.stopReason === "max_tokens" ? " · cut off at the token limit" : ""}`;
    },
    renderMarkdown: (md, el, owner) => MarkdownRenderer.render(app, md, el, "", owner!),
    title: (path) => articleTitle(host, path),
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
    examples: () => exampleQuestions(host.index().all()),
    history,
    wholeVaultOffer: () =>
      useWholeVault && router.knowledgeFolderEmpty() ? wholeVaultOfferText(data().settings.knowledgeFolder, "Ask can answer from") : null,
    ...(useWholeVault ? { useWholeVault } : {}),
  };
}

/** The workflow's reasons for no answer as the panel's model errors (the panel shows their message). */
function modelErrorOf(e: AskError): ModelError {
  switch (e.kind) {
    case "bad-config":
    case "not-covered":
    case "empty-question":
      return { kind: "bad-request", message: e.message };
    case "no-key":
      return { kind: "no-key", message: e.message };
    default:
      return e;
  }
}
