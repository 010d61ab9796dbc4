/** What the panel is doing while a question runs. */
export type AskPhase = "Choosing articles…" | "Waiting for the model…" | "Writing…";

/**
 * The line beside the Ask / Stop button while a request runs: the phase and the seconds since the question was
 * asked, updated once a second. Not a live region: a screen reader hears the finished answer, not every tick.
 */
export class AskProgress {
  private started = 0;
  private phase: AskPhase | null = null;
  private timer: number | null = null;

  constructor(
    private readonly el: HTMLElement,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Starts the clock (or keeps it running) and shows the phase. */
  show(phase: AskPhase): void {
    if (this.phase === null) {
      this.started = this.now();
      this.timer = window.setInterval(() => this.render(), 1000);
    }
    this.phase = phase;
    this.render();
  }

  /** Hides the line and stops the clock. */
  stop(): void {
    if (this.timer !== null) window.clearInterval(this.timer);
    this.timer = null;
    this.phase = null;
    this.el.setText("");
    this.el.addClass("kc-hidden");
  }

  private render(): void {
    if (this.phase === null) return;
    const seconds = Math.floor((this.now() - this.started) / 1000);
    this.el.removeClass("kc-hidden");
    this.el.setText(`${this.phase} ${seconds} s`);
  }
}
