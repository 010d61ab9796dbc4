import { ItemView, type WorkspaceLeaf } from "obsidian";
import type { Completion, ModelError } from "../core/llm/language-model";
import type { Result } from "../core/result";
import { describeLoadReason, describeSkipReason, questionWords, saving, skippedToShow } from "../core/route/format-route-trace";
import type { RouteResult } from "../core/route/route-types";
import { NOT_COVERED_ANSWER } from "../core/ask/build-answer-prompt";

/** The view type id of the Ask panel. */
export const ASK_VIEW_TYPE = "kc-ask";

/** One finished exchange, kept for follow-up questions (the thread is bounded). */
export interface AskTurn {
  question: string;
  answer: string;
}

/** What the Ask panel needs from the plugin. */
export interface AskHost {
  /** Routes a question; `closest` loads the best matches even when they cover too little of it. */
  route(question: string, closest?: boolean): RouteResult;
  answer(route: RouteResult, thread: AskTurn[], onText: (delta: string) => void, signal: AbortSignal): Promise<Result<Completion, ModelError>>;
  /**
   * The selection step: a model reads the shortlisted headers and picks what the question needs; resolves with that
   * route and a line saying what it cost, or null when the step is off or could not run (the keyword route stands).
   */
  select?(question: string, signal: AbortSignal): Promise<{ route: RouteResult; note: string } | null>;
  /** Files the answer back as a qa/ article; its path, or null when it was not written (the host says why). */
  fileBack(route: RouteResult, answer: string): Promise<string | null>;
  open(path: string): void;
  describeCost(c: Completion): string;
  renderMarkdown(markdown: string, el: HTMLElement): Promise<void>;
  /** Articles indexed so far and how many there are while the index is still being built; null once complete. */
  indexing?(): { done: number; total: number } | null;
  /** Calls `fn` as indexing advances; returns the unsubscribe. */
  onIndexing?(fn: () => void): () => void;
}

const MAX_THREAD = 3;

/** The Ask panel: question box, the route trace, the streamed cited answer, stop, tokens and cost, file back. */
export class AskView extends ItemView {
  private thread: AskTurn[] = [];
  private controller: AbortController | null = null;
  private input!: HTMLTextAreaElement;
  private output!: HTMLElement;
  private status!: HTMLElement;
  private unsubscribe: (() => void) | null = null;

  constructor(leaf: WorkspaceLeaf, private readonly host: AskHost) {
    super(leaf);
  }

  override getViewType(): string {
    return ASK_VIEW_TYPE;
  }

  override getDisplayText(): string {
    return "Ask the knowledge base";
  }

  override getIcon(): string {
    return "message-circle-question";
  }

  override async onOpen(): Promise<void> {
    const root = this.contentEl;
    root.empty();
    root.addClass("kc-ask");
    this.input = root.createEl("textarea", { cls: "kc-ask-input", attr: { placeholder: "Ask a question…", rows: 3 } });
    const bar = root.createDiv({ cls: "kc-ask-bar" });
    const ask = bar.createEl("button", { cls: "mod-cta", text: "Ask" });
    const stop = bar.createEl("button", { text: "Stop", cls: "kc-ask-stop" });
    const fresh = bar.createEl("button", { text: "New thread", cls: "kc-ask-new" });
    ask.addEventListener("click", () => void this.ask());
    stop.addEventListener("click", () => this.controller?.abort());
    fresh.addEventListener("click", () => {
      this.thread = [];
      this.output.empty();
    });
    this.input.addEventListener("keydown", (e) => {
      if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) void this.ask();
    });
    this.status = root.createDiv({ cls: "kc-ask-status", attr: { role: "status", "aria-live": "polite" } });
    this.output = root.createDiv({ cls: "kc-ask-output" });
    this.unsubscribe = this.host.onIndexing?.(() => this.renderStatus()) ?? null;
    this.renderStatus();
    await Promise.resolve();
  }

  override async onClose(): Promise<void> {
    this.controller?.abort();
    this.unsubscribe?.();
    await Promise.resolve();
  }

  /** "Still indexing (n / N)" while the article index is being built: questions are routed on what it holds. */
  private renderStatus(): void {
    const text = this.indexingText();
    this.status.toggleClass("kc-hidden", text === null);
    this.status.setText(text === null ? "" : `${text}: questions are answered from the articles indexed so far.`);
  }

  private indexingText(): string | null {
    const p = this.host.indexing?.() ?? null;
    return p ? `Still indexing (${p.done.toLocaleString("en")} / ${p.total.toLocaleString("en")})` : null;
  }

  /** Routes and answers the question in the box. */
  async ask(): Promise<void> {
    const question = this.input.value.trim();
    if (question === "" || this.controller) return;
    const turn = this.output.createDiv({ cls: "kc-ask-turn" });
    turn.createDiv({ cls: "kc-ask-question", text: question });
    let route = this.host.route(question);
    const indexing = this.indexingText();
    let selection: string | null = null;
    if (this.host.select && route.status !== "empty-question" && indexing === null) {
      const working = turn.createDiv({ cls: "kc-ask-working", text: "Choosing the articles this question needs…" });
      this.controller = new AbortController();
      const picked = await this.host.select(question, this.controller.signal).catch(() => null);
      this.controller = null;
      working.remove();
      if (picked) {
        route = picked.route;
        selection = picked.note;
      }
    }
    const trace = this.renderTrace(turn, route);
    if (selection !== null) turn.createDiv({ cls: "kc-ask-selection", text: selection });
    if (indexing !== null) turn.createDiv({ cls: "kc-ask-indexing", text: `${indexing}: routed on the articles indexed so far.` });
    const answerEl = turn.createDiv({ cls: "kc-ask-answer" });
    if (route.status !== "routed") {
      answerEl.setText(
        route.status === "empty-question"
          ? "The question has no words to search for."
          : indexing !== null
            ? `Not found in the articles indexed so far. ${indexing}; ask again when it is done.`
            : NOT_COVERED_ANSWER,
      );
      // A "not covered" verdict can be wrong for a question phrased far from the articles: offer the closest ones.
      if (route.status === "not-covered" && route.skipped.some((s) => s.reason.kind === "weak-match")) {
        const closest = answerEl.createEl("button", { text: "Answer from the closest articles anyway", cls: "kc-ask-closest" });
        closest.addEventListener("click", () => {
          if (this.controller) return;
          closest.remove();
          const forced = this.host.route(question, true);
          trace.replaceWith(this.renderTrace(turn, forced));
          answerEl.empty();
          void this.answer(turn, answerEl, question, forced);
        });
      }
      return;
    }
    await this.answer(turn, answerEl, question, route);
  }

  /** Streams the answer for a routed question, then shows its cost and the File back button. */
  private async answer(turn: HTMLElement, answerEl: HTMLElement, question: string, route: RouteResult): Promise<void> {
    this.controller = new AbortController();
    let text = "";
    const result = await this.host.answer(route, this.thread, (d) => {
      text += d;
      answerEl.setText(text);
    }, this.controller.signal);
    this.controller = null;
    const foot = turn.createDiv({ cls: "kc-ask-foot" });
    if (!result.ok || result.value.text.trim() === "") {
      foot.addClass("kc-ask-error");
      foot.setText(result.ok ? "The model returned an empty answer; nothing to file back. Try again or rephrase." : result.error.message);
      return;
    }
    answerEl.empty();
    await this.host.renderMarkdown(result.value.text, answerEl);
    foot.setText(this.host.describeCost(result.value));
    this.thread = [...this.thread, { question, answer: result.value.text }].slice(-MAX_THREAD);
    const file = foot.createEl("button", { text: "File back", cls: "kc-ask-file" });
    file.addEventListener("click", () => {
      file.disabled = true;
      void this.host.fileBack(route, result.value.text).then((path) => {
        if (path) file.setText(`Filed to ${path}`);
        else file.disabled = false;
      });
    });
    this.input.value = "";
  }

  private renderTrace(parent: HTMLElement, route: RouteResult): HTMLElement {
    const box = parent.createEl("details", { cls: "kc-ask-trace" });
    const loaded = route.loaded.length;
    box.createEl("summary", {
      text: route.status === "routed"
        ? `Loaded ${loaded} file${loaded === 1 ? "" : "s"}${route.mode === "tldr" ? " (TLDR only)" : ""}: ${route.totalTokens} of ${route.loadAllTokens} tokens (${Math.round(saving(route) * 100)}% saved)`
        : "Nothing loaded",
    });
    // The question's own words, never stems; each skipped file once, and never one that was loaded after all.
    const words = questionWords(route.question);
    for (const l of route.loaded) {
      const row = box.createDiv({ cls: "kc-ask-loaded" });
      const a = row.createEl("a", { text: l.path, cls: "kc-ask-link", href: "#" });
      a.addEventListener("click", (e) => {
        e.preventDefault();
        this.host.open(l.path);
      });
      row.createSpan({ text: ` ~${l.tokens} tok · ${describeLoadReason(l.reason, words)}`, cls: "kc-ask-why" });
    }
    for (const s of skippedToShow(route)) box.createDiv({ cls: "kc-ask-skipped", text: `skipped ${s.path}: ${describeSkipReason(s.reason, route)}` });
    return box;
  }
}
