import { Component, ItemView, type HoverParent, type HoverPopover, type WorkspaceLeaf } from "obsidian";
import type { Completion, ModelError } from "../core/llm/language-model";
import type { Result } from "../core/result";
import type { RouteResult } from "../core/route/route-types";
import { titleCitations } from "../core/ask/title-citations";
import { refreshInsertButton, renderAnswerActions } from "./ask/ask-actions";
import { renderIdle, renderSetup } from "./ask/ask-idle";
import { wireLinks } from "./ask/ask-links";
import { AskProgress } from "./ask/ask-progress";
import { renderUnanswered } from "./ask/ask-unanswered";
import { renderTrace } from "./ask/ask-trace";
import type { AskHost, AskTurn } from "./ask/ask-types";
import { renderAnswerError } from "./ask/ask-error";
import { StreamingMarkdown } from "./ask/stream-markdown";
import { attachHistoryKeys } from "./ask/history-keys";
import { formatCount } from "../core/util/format-count";

export type { AskHost, AskTurn } from "./ask/ask-types";

/** The view type id of the Ask panel. */
export const ASK_VIEW_TYPE = "kc-ask";

const MAX_THREAD = 3;

/**
 * The Ask panel: a column whose output scrolls (turns: the question, the streamed answer, its cost and actions, the
 * plain-words trace collapsed under it) above a question box that keeps its size. One Ask / Stop button; New thread
 * aborts what runs. Each rendered answer belongs to a child Component of the view, unloaded with its thread.
 */
export class AskView extends ItemView implements HoverParent {
  hoverPopover: HoverPopover | null = null;
  private thread: AskTurn[] = [];
  /** True once this thread has dropped its earliest exchange (said once, under the answer where it happened). */
  private dropping = false;
  private controller: AbortController | null = null;
  /** Bumped by New thread and close: work started under an older generation drops its results. */
  private generation = 0;
  private owners: Component[] = [];
  private input!: HTMLTextAreaElement;
  private output!: HTMLElement;
  private status!: HTMLElement;
  private setup!: HTMLElement;
  private submit!: HTMLButtonElement;
  private announcer!: HTMLElement;
  private progress!: AskProgress;
  private idle: HTMLElement | null = null;
  private unsubscribe: (() => void) | null = null;
  /** True while the output is scrolled to its end: new text keeps it there; a person reading above is left alone. */
  private pinned = true;

  constructor(
    leaf: WorkspaceLeaf,
    private readonly host: AskHost,
  ) {
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
    this.status = root.createDiv({ cls: "kc-ask-status", attr: { role: "status", "aria-live": "polite" } });
    this.setup = root.createDiv({ cls: "kc-ask-setup kc-hidden" });
    this.output = root.createDiv({ cls: "kc-ask-output" });
    const form = root.createDiv({ cls: "kc-ask-form" });
    this.input = form.createEl("textarea", { cls: "kc-ask-input", attr: { placeholder: "Ask a question…", rows: 3, "aria-label": "Question" } });
    const bar = form.createDiv({ cls: "kc-ask-bar" });
    this.submit = bar.createEl("button", { cls: "mod-cta kc-ask-submit", text: "Ask" });
    const fresh = bar.createEl("button", { text: "New thread", cls: "kc-ask-new" });
    this.progress = new AskProgress(bar.createSpan({ cls: "kc-ask-progress kc-hidden" }));
    this.announcer = root.createDiv({ cls: "kc-ask-announce", attr: { "aria-live": "polite", "aria-atomic": "true" } });
    this.registerDomEvent(this.submit, "click", () => (this.controller ? this.controller.abort() : void this.ask()));
    this.registerDomEvent(fresh, "click", () => this.newThread());
    this.registerDomEvent(this.input, "keydown", (e: KeyboardEvent) => {
      if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) void this.ask();
    });
    // Escape stops a running request from anywhere in the panel (and is left to Obsidian otherwise).
    this.registerDomEvent(root, "keydown", (e: KeyboardEvent) => {
      if (e.key !== "Escape" || !this.controller) return;
      e.preventDefault();
      this.controller.abort();
    });
    // The key may have been added, or the editor changed, while the panel sat there: look again when it is used.
    const refresh = (): void => {
      renderSetup(this.setup, this.host);
      for (const b of Array.from(this.output.querySelectorAll<HTMLElement>(".kc-ask-insert"))) refreshInsertButton(b, this.host);
    };
    this.registerDomEvent(root, "focusin", refresh);
    this.registerDomEvent(root, "mouseenter", refresh);
    this.registerDomEvent(this.output, "scroll", () => {
      this.pinned = this.output.scrollHeight - this.output.scrollTop - this.output.clientHeight < 24;
    });
    wireLinks(this, this.output, this.host, this);
    if (this.host.history) attachHistoryKeys(this, this.input, this.host.history);
    this.unsubscribe = this.host.onIndexing?.(() => this.renderStatus()) ?? null;
    this.renderStatus();
    renderSetup(this.setup, this.host);
    this.renderIdle();
    await Promise.resolve();
  }

  override async onClose(): Promise<void> {
    this.generation++;
    this.controller?.abort();
    this.controller = null;
    this.progress.stop();
    this.unsubscribe?.();
    this.dropAnswers();
    await this.host.history?.flush();
  }

  /** Aborts what runs, forgets the thread and its rendered answers, and shows the idle panel again. */
  newThread(): void {
    this.generation++;
    this.controller?.abort();
    this.setRunning(null);
    this.thread = [];
    this.dropping = false;
    this.dropAnswers();
    this.output.empty();
    this.renderIdle();
  }

  /** Routes and answers the question in the box. */
  async ask(): Promise<void> {
    const question = this.input.value.trim();
    if (question === "" || this.controller) return;
    const gen = this.generation;
    this.host.history?.add(question);
    renderSetup(this.setup, this.host);
    this.idle?.remove();
    this.idle = null;
    const turn = this.output.createDiv({ cls: "kc-ask-turn" });
    turn.createDiv({ cls: "kc-ask-question", text: question });
    this.pinned = true;
    this.followEnd();
    let route = this.host.route(question);
    const indexing = this.indexingText();
    let selection: string | null = null;
    if (this.host.select && route.status !== "empty-question" && indexing === null) {
      const controller = this.setRunning(new AbortController());
      this.progress.show("Choosing articles…");
      const picked = await this.host.select(question, controller.signal).catch(() => null);
      if (gen !== this.generation) return;
      // The clock runs on from the question into the answer: the seconds shown are the person's wait.
      this.setRunning(null, route.status === "routed" || picked?.route.status === "routed");
      if (controller.signal.aborted) {
        this.progress.stop();
        return void turn.createDiv({ cls: "kc-ask-answer", text: "Stopped." });
      }
      if (picked) {
        route = picked.route;
        selection = picked.note;
      }
    }
    if (indexing !== null) turn.createDiv({ cls: "kc-ask-indexing", text: `${indexing}: routed on the articles indexed so far.` });
    const answerEl = turn.createDiv({ cls: "kc-ask-answer" });
    // What choosing cost is shown with the answer's cost; with no answer, in the trace's details.
    const trace = turn.appendChild(renderTrace(route, this.host, route.status === "routed" ? null : selection));
    if (route.status === "routed") return this.answer(turn, answerEl, question, route, selection);
    this.progress.stop();
    const said = renderUnanswered(answerEl, route, indexing, (closest) => {
      if (this.controller || gen !== this.generation) return;
      const forced = this.host.route(question, true);
      trace.replaceWith(renderTrace(forced, this.host, null));
      // The button goes away with the text: keep the keyboard focus in the panel, on the button that can stop.
      const hadFocus = closest.ownerDocument.activeElement === closest;
      answerEl.empty();
      if (hadFocus) this.submit.focus();
      void this.answer(turn, answerEl, question, forced, selection);
    });
    this.announce(said);
  }

  /** Streams the answer as markdown (re-rendered at most every ~120 ms), then renders it whole with its cost and actions. */
  private async answer(turn: HTMLElement, answerEl: HTMLElement, question: string, route: RouteResult, selection: string | null): Promise<void> {
    const gen = this.generation;
    const controller = this.setRunning(new AbortController());
    this.progress.show("Waiting for the model…");
    const win = answerEl.ownerDocument.defaultView ?? window;
    const titleOf = this.host.title?.bind(this.host);
    const text = new StreamingMarkdown(
      answerEl,
      {
        render: (md, el, owner) => this.host.renderMarkdown(md, el, owner),
        newOwner: () => this.addChild(new Component()),
        dropOwner: (owner) => this.removeChild(owner),
        schedule: (cb) => win.requestAnimationFrame(cb),
        cancel: (id) => win.cancelAnimationFrame(id),
        now: () => win.performance.now(),
        drawn: () => this.followEnd(),
      },
      titleOf ? (md) => titleCitations(md, titleOf) : undefined,
    );
    answerEl.addClass("kc-ask-streaming");
    const result: Result<Completion, ModelError> = await this.host
      .answer(
        route,
        this.thread,
        (d) => {
          if (gen !== this.generation) return;
          if (text.value === "") this.progress.show("Writing…");
          text.push(d);
        },
        controller.signal,
      )
      .catch((e: unknown) => ({
        ok: false,
        error: { kind: "bad-request", message: `The question could not be sent: ${e instanceof Error ? e.message : String(e)}` },
      }));
    text.cancel();
    if (gen !== this.generation) return;
    this.setRunning(null);
    answerEl.removeClass("kc-ask-streaming");
    const foot = createDiv({ cls: "kc-ask-foot" });
    const trace = turn.querySelector(":scope > .kc-ask-trace");
    turn.insertBefore(foot, trace);
    if (selection !== null) turn.insertBefore(createDiv({ cls: "kc-ask-selection", text: selection }), trace);
    if (!result.ok || result.value.text.trim() === "") {
      if (text.value !== "") this.owners.push(await text.finish());
      if (gen !== this.generation) return;
      renderAnswerError(foot, result.ok ? null : result.error, this.host);
      this.announce(foot.querySelector(".kc-ask-error-text")?.textContent ?? "");
      return;
    }
    this.owners.push(await text.finish(result.value.text));
    if (gen !== this.generation) return;
    foot.createSpan({ cls: "kc-ask-cost", text: this.host.describeCost(result.value) });
    renderAnswerActions(foot, result.value.text, route, this.host);
    const kept = [...this.thread, { question, answer: result.value.text }];
    // Said once, on the turn that first drops an exchange: follow-ups no longer see the start of the thread.
    if (kept.length > MAX_THREAD && !this.dropping) {
      this.dropping = true;
      foot.createDiv({
        cls: "kc-ask-thread-note",
        text: `Follow-ups now see only the last ${MAX_THREAD} questions and answers; earlier ones in this thread are no longer sent. New thread starts afresh.`,
      });
    }
    this.thread = kept.slice(-MAX_THREAD);
    this.followEnd();
    this.announce(`Answer: ${result.value.text}`);
    if (this.input.value.trim() === question) this.input.value = "";
  }

  /** One button asks or stops: Stop (and the abort) while a request runs, Ask otherwise; it keeps the focus either way. */
  private setRunning(controller: AbortController | null, keepClock = false): AbortController {
    this.controller = controller;
    this.submit.setText(controller ? "Stop" : "Ask");
    this.submit.toggleClass("mod-cta", controller === null);
    this.submit.toggleClass("mod-warning", controller !== null);
    if (!controller && !keepClock) this.progress.stop();
    return controller ?? new AbortController();
  }

  /** Keeps the newest text in sight while the person has not scrolled up to read something else. */
  private followEnd(): void {
    if (this.pinned) this.output.scrollTop = this.output.scrollHeight;
  }

  /** The live region: said once when an answer (or why there is none) is complete, never per streamed delta. */
  private announce(text: string): void {
    this.announcer.setText(text.slice(0, 4000));
  }

  private dropAnswers(): void {
    for (const owner of this.owners) this.removeChild(owner);
    this.owners = [];
  }

  private renderIdle(): void {
    if (this.output.querySelector(".kc-ask-turn")) return;
    const hadFocus = this.idle?.contains(this.idle.ownerDocument.activeElement) ?? false;
    this.idle?.remove();
    this.idle = renderIdle(this.output, this.host, (q) => {
      this.input.value = q;
      this.input.focus();
    });
    if (hadFocus) this.input.focus();
  }

  /** "Still indexing (n / N)" while the article index is being built: questions are routed on what it holds. */
  private renderStatus(): void {
    const text = this.indexingText();
    this.status.toggleClass("kc-hidden", text === null);
    this.status.setText(text === null ? "" : `${text}: questions are answered from the articles indexed so far.`);
    // The examples come from the index: once it is complete they are worth showing again.
    if (text === null && this.idle) this.renderIdle();
  }

  private indexingText(): string | null {
    const p = this.host.indexing?.() ?? null;
    return p ? `Still indexing (${formatCount(p.done)} / ${formatCount(p.total)})` : null;
  }
}
