/** Schedules a callback before the next paint (window.requestAnimationFrame in the app). */
export type FrameScheduler = (cb: () => void) => number;
/** Cancels a scheduled frame. */
export type FrameCanceller = (id: number) => void;

/**
 * Streamed text shown at most once per animation frame: deltas are appended to a buffer and the element is updated
 * in the next frame, however many deltas arrived in between (a fast stream sends dozens per frame).
 */
export class FrameText {
  private text = "";
  private frame: number | null = null;

  constructor(
    private readonly el: HTMLElement,
    private readonly schedule: FrameScheduler,
    private readonly cancelFrame: FrameCanceller,
    private readonly drawn: () => void = () => undefined,
  ) {}

  /** Adds a delta; the element shows it in the next frame. */
  push(delta: string): void {
    this.text += delta;
    this.frame ??= this.schedule(() => {
      this.frame = null;
      this.el.setText(this.text);
      this.drawn();
    });
  }

  /** All the text so far. */
  get value(): string {
    return this.text;
  }

  /** Stops a pending update (the answer is rendered whole, or the view is going away). */
  cancel(): void {
    if (this.frame !== null) this.cancelFrame(this.frame);
    this.frame = null;
  }

  /** Shows the text now and drops the pending frame. */
  flush(): void {
    this.cancel();
    this.el.setText(this.text);
  }
}
