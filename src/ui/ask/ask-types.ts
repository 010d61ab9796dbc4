import type { Component, HoverParent } from "obsidian";
import type { ExampleQuestion } from "../../core/ask/example-questions";
import type { Completion, ModelError } from "../../core/llm/language-model";
import type { Result } from "../../core/result";
import type { RouteResult } from "../../core/route/route-types";
import type { AskTurn } from "../../core/workflows/ask-workflow";

/** One finished exchange, kept for follow-up questions (the thread is bounded). */
export type { AskTurn };

/** The asked questions the question box browses with ArrowUp / ArrowDown (AskHistory). */
export interface QuestionHistory {
  list(): readonly string[];
  add(question: string): void;
  flush(): Promise<void>;
}

/** What the Ask panel needs from the plugin. The optional parts are the panel's conveniences; each works without the others. */
export interface AskHost {
  /** Routes a question; `closest` loads the best matches even when they cover too little of it. */
  route(question: string, closest?: boolean): RouteResult;
  /** Streams the answer's text through `onText` (deltas) and resolves with the whole completion. */
  answer(route: RouteResult, thread: AskTurn[], onText: (delta: string) => void, signal: AbortSignal): Promise<Result<Completion, ModelError>>;
  /**
   * The selection step: a model reads the shortlisted headers and picks what the question needs; resolves with that
   * route and a line saying what it cost, or null when the step is off or could not run (the keyword route stands).
   */
  select?(question: string, signal: AbortSignal): Promise<{ route: RouteResult; note: string } | null>;
  /** Files the answer back as a qa/ article; its path, or null when it was not written (the host says why). */
  fileBack(route: RouteResult, answer: string): Promise<string | null>;
  /** Opens a vault path or link text; in a new tab when `newTab`. */
  open(linktext: string, newTab?: boolean): void;
  describeCost(c: Completion): string;
  /** Renders markdown into `el`; what it registers belongs to `owner` (one per answer, unloaded with it). */
  renderMarkdown(markdown: string, el: HTMLElement, owner?: Component): Promise<void>;
  /** Articles indexed so far and how many there are while the index is still being built; null once complete. */
  indexing?(): { done: number; total: number } | null;
  /** Calls `fn` as indexing advances; returns the unsubscribe. */
  onIndexing?(fn: () => void): () => void;
  /** An article's title for the plain-words trace (default: its file name). */
  title?(path: string): string;
  /** Asks Obsidian's page preview for a link (the workspace's 'hover-link' event, this view as its source). */
  hoverLink?(event: MouseEvent, targetEl: HTMLElement, linktext: string, parent: HoverParent): void;
  /** The markdown link a dragged result drops into a note, e.g. `[[retry-with-backoff]]`. */
  markdownLink?(linktext: string): string;
  /** Puts text on the clipboard; false when it could not. */
  copy?(text: string): Promise<boolean>;
  /** The note "Insert into note" would write into (the last active markdown editor), or null when there is none. */
  insertTarget?(): string | null;
  /** Inserts text at that editor's cursor; false when there is no editor any more. */
  insertAtCursor?(text: string): boolean;
  /** Why no model can be asked yet (no API key), or null when one can. */
  setupProblem?(): string | null;
  /** Opens the plugin's settings tab. */
  openSettings?(): void;
  /** Up to three example questions from the base's own headers, for an idle panel. */
  examples?(): ExampleQuestion[];
  /** The questions asked before, persisted by the host. */
  history?: QuestionHistory;
  /** Why the whole vault is worth asking instead (the knowledge folder is empty or missing), or null. */
  wholeVaultOffer?(): string | null;
  /** Switches Ask to every note of the vault (the setting) and indexes them. */
  useWholeVault?(): Promise<void>;
}
