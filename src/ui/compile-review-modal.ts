import { Modal, Setting, type App } from "obsidian";
import { renderCompileReview, type CompileReviewModel } from "./compile-review";

/** What a review other than a compile's says: its title and its accept button's words for n files. */
export interface ReviewWords {
  title: string;
  accept(n: number): string;
}

/** The review of a compile proposal (or a batch of lint fixes); resolves with the accepted paths, or null when cancelled. */
export class CompileReviewModal extends Modal {
  private resolve: ((paths: Set<string> | null) => void) | null = null;

  constructor(
    app: App,
    private readonly model: CompileReviewModel,
    private readonly words?: ReviewWords,
  ) {
    super(app);
  }

  /** Opens the modal and waits for the decision. */
  choose(): Promise<Set<string> | null> {
    return new Promise((resolve) => {
      this.resolve = resolve;
      this.open();
    });
  }

  override onOpen(): void {
    this.titleEl.setText(this.words?.title ?? this.model.title ?? `Review compile of ${this.model.logPath}`);
    const body = this.contentEl.createDiv();
    let accept: HTMLButtonElement | null = null;
    const label = (n: number): string =>
      this.words?.accept(n) ?? (this.model.changes.length === 0 ? "Record as compiled" : `Write ${n} file${n === 1 ? "" : "s"}`);
    const selected = renderCompileReview(body, this.model, (n) => {
      if (accept) {
        accept.setText(label(n));
        accept.disabled = n === 0;
      }
    });
    // The decision row stays in view however long the diffs are.
    new Setting(this.contentEl.createDiv({ cls: "kc-review-actions" }))
      .addButton((b) => {
        b.setButtonText(label(selected().size))
          .setCta()
          .onClick(() => this.finish(selected()));
        accept = b.buttonEl;
      })
      .addButton((b) => b.setButtonText("Cancel").onClick(() => this.finish(null)));
  }

  override onClose(): void {
    this.contentEl.empty();
    this.finish(null);
  }

  private finish(paths: Set<string> | null): void {
    const r = this.resolve;
    this.resolve = null;
    r?.(paths);
    if (r) this.close();
  }
}

/** Asks before a model call whose estimated cost is above the person's threshold; resolves true to go on. */
export class CostConfirmModal extends Modal {
  private resolve: ((go: boolean) => void) | null = null;

  constructor(
    app: App,
    private readonly text: string,
    private readonly title = "Compile costs more than your threshold",
    private readonly goText = "Ask the model",
  ) {
    super(app);
  }

  /** Opens the question and waits for the answer (closing it is "no"). */
  ask(): Promise<boolean> {
    return new Promise((resolve) => {
      this.resolve = resolve;
      this.open();
    });
  }

  override onOpen(): void {
    this.titleEl.setText(this.title);
    this.contentEl.createEl("p", { text: this.text });
    new Setting(this.contentEl)
      .addButton((b) =>
        b
          .setButtonText(this.goText)
          .setCta()
          .onClick(() => this.finish(true)),
      )
      .addButton((b) => b.setButtonText("Cancel").onClick(() => this.finish(false)));
  }

  override onClose(): void {
    this.contentEl.empty();
    this.finish(false);
  }

  private finish(go: boolean): void {
    const r = this.resolve;
    this.resolve = null;
    r?.(go);
    if (r) this.close();
  }
}
