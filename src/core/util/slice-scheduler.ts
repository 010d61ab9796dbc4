/** What a slice scheduler needs from its host: a clock and a way to give the thread back (a task boundary). */
export interface SliceClock {
  /** Milliseconds from any fixed origin. */
  now(): number;
  /** Resolves in a later task, after the host has had a chance to handle input and paint. */
  yieldToMain(): Promise<void>;
}

/**
 * The slice length the plugin uses: well under a 16 ms frame, so typing and scrolling stay smooth even when a garbage
 * collection falls in a slice. 3, not 5: during a warm start of 10,000 articles a young-generation collection took
 * 9.7–10.4 ms (KC_WARM_TRACE_GC=1), and 5 ms of work + a step + that made tasks of 17–18 ms; at 3 ms the longest in 12
 * warm starts was 14.1 ms. (5, not 8, before that, for collections of 5–10 ms.)
 */
export const DEFAULT_SLICE_MS = 3;

/**
 * Cuts long work into time-budgeted slices: callers do one unit of work, then `await scheduler.yieldIfDue()`, which
 * resolves at once while the slice has budget left and otherwise yields to the host first. Slices are measured by
 * the clock, never by a fixed count of units, so a slow unit ends its slice early and fast ones share one.
 */
const halt = (): Promise<never> => new Promise<never>(() => undefined);

export class SliceScheduler {
  private sliceStart: number;
  private stopped = false;
  /** Slices ended so far (yields to the host), for tests and benchmarks. */
  slices = 0;

  constructor(
    private readonly clock: SliceClock,
    readonly budgetMs: number = DEFAULT_SLICE_MS,
  ) {
    this.sliceStart = clock.now();
  }

  /** True when the current slice has used its budget. */
  due(): boolean {
    return this.clock.now() - this.sliceStart >= this.budgetMs;
  }

  /** Starts a fresh slice now: for work that begins in a task of its own (a timer's callback), which has the whole budget. */
  restartSlice(): void {
    this.sliceStart = this.clock.now();
  }

  /** Yields to the host when the slice is used up; otherwise resolves without leaving the current task. */
  async yieldIfDue(): Promise<void> {
    if (this.due()) await this.pause();
  }

  /** Ends the current slice: yields to the host and starts a new slice when it resumes (never, once stopped). */
  async pause(): Promise<void> {
    this.slices++;
    await this.clock.yieldToMain();
    if (this.stopped) return halt();
    this.sliceStart = this.clock.now();
  }

  /**
   * Stops all sliced work for good (the plugin is unloading): every caller halts at its next slice boundary, its
   * promise left pending so no code of an unloaded plugin runs again; what it holds is freed with it.
   */
  stop(): void {
    this.stopped = true;
  }

  /** Runs every step of a generator, yielding between slices; `cancelled` is checked at every slice boundary. */
  async drain(steps: Iterator<unknown>, cancelled: () => boolean = () => false): Promise<boolean> {
    for (;;) {
      if (this.due()) {
        await this.pause();
        if (cancelled()) return false;
      }
      if (steps.next().done) return true;
    }
  }
}
