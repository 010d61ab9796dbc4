import type { LintEngine } from "../core/lint/lint-engine";
import { parseNoteSteps } from "../core/notes/parse-note";
import type { SliceScheduler } from "../core/util/slice-scheduler";
import type { LintNoteCache } from "./lint-note-cache";

/** Quiet time after the last change before a batch is applied. */
const BATCH_MS = 300;

/** What the queue asks of the service it feeds. */
export interface UpdateQueueHost {
  scheduler: SliceScheduler;
  cache: LintNoteCache;
  /** The engine of the last complete full lint, or null before the first. */
  engine(): LintEngine | null;
  /** True while a full lint runs: changes wait for it (it applies them when it ends). */
  fullRunning(): boolean;
  /** The service's run counter: an update started before a newer full lint is dropped. */
  generation(): number;
  fileExists(path: string): boolean;
  /** The findings changed: tell the views. */
  changed(): void;
}

/**
 * Incremental lint updates after the first lint: changes are collected (texts kept, parsed later), applied in one
 * batch 300 ms after the last, in ~3 ms slices, one batch at a time; changes made meanwhile wait for the next.
 */
export class LintUpdateQueue {
  private pending = new Set<string>();
  private removed = new Set<string>();
  /** Texts of changed notes not yet parsed: parsed by the next batch. */
  private texts = new Map<string, string>();
  private timer: number | null = null;
  /** True while an incremental update runs in slices: further changes wait for it. */
  updating = false;

  constructor(private readonly host: UpdateQueueHost) {}

  /** A note changed; its text (when the lint reads it) is parsed by the batch, so the handler costs nothing. */
  noteChanged(path: string, text: string | null): void {
    if (text !== null) this.texts.set(path, text);
    this.host.cache.view.invalidate(path);
    this.schedule(path);
  }

  /** A note moved (the cache has moved what was read of it). */
  noteRenamed(from: string, to: string): void {
    this.removed.add(from);
    this.schedule(to);
  }

  /** A note was deleted (the cache has forgotten it). */
  noteDeleted(path: string): void {
    this.texts.delete(path);
    this.removed.add(path);
    this.schedule(null);
  }

  /** Notes to revisit with the next batch (their findings depend on state that changed while the engine was busy). */
  defer(paths: Iterable<string>): void {
    for (const p of paths) this.pending.add(p);
  }

  /** Applies what waits, now, if anything does (after a full lint ended). */
  flushIfPending(): void {
    if (this.pending.size > 0 || this.removed.size > 0) this.flush();
  }

  private schedule(path: string | null): void {
    if (path) this.pending.add(path);
    if (this.timer !== null) window.clearTimeout(this.timer);
    this.timer = window.setTimeout(() => this.flush(), BATCH_MS);
  }

  private flush(): void {
    this.timer = null;
    // During a full run the changes wait: it reads the latest metadata, and they are applied when it ends. An update
    // still running in slices picks them up when it ends.
    const engine = this.host.engine();
    if (!engine || this.host.fullRunning() || this.updating) return;
    const view = this.host.cache.view;
    const changed = [...this.pending].filter((p) => view.note(p) !== undefined);
    const removed = [...this.removed];
    const texts = this.texts;
    this.pending = new Set();
    this.removed = new Set();
    this.texts = new Map();
    const gen = this.host.generation();
    this.updating = true;
    // This runs in a task of its own (a timer), so it starts a fresh slice: a small update ends within it, at once;
    // one that touches thousands of links (an edit of index.md) goes on in ~3 ms slices instead of one long task.
    const scheduler = this.host.scheduler;
    scheduler.restartSlice();
    // A step that throws must not leave `updating` set for good (no edit would ever be applied again).
    const drained = scheduler
      .drain(this.updateSteps(engine, texts, changed, removed), () => gen !== this.host.generation())
      .catch((e: unknown) => {
        console.error("Knowledge Compiler: a lint update failed", e);
        return false;
      });
    void drained.then((done) => {
      this.updating = false;
      if (done && gen === this.host.generation()) this.host.changed();
      this.flushIfPending();
    });
  }

  /**
   * Parses the changed notes' texts (a note, or a thousand lines of a long one, per step), then the engine's update step by step, then assembles the
   * ordered list of findings a few notes per step, so the views' first read after "changed" finds it ready.
   */
  private *updateSteps(
    engine: LintEngine,
    texts: ReadonlyMap<string, string>,
    changed: readonly string[],
    removed: readonly string[],
  ): Generator<void, void, void> {
    for (const [path, text] of texts) {
      if (!this.host.fileExists(path)) continue;
      // A long note (an index of every article) is parsed a thousand lines a step.
      const parsed = yield* parseNoteSteps(text);
      if (!this.host.fileExists(path)) continue;
      this.host.cache.absorb(path, text, parsed);
      yield;
    }
    yield* engine.updateSteps(changed, removed);
    yield* engine.allSteps();
  }
}
