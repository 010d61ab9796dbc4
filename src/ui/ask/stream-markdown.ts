import type { Component } from "obsidian";

/** Schedules a callback before the next paint (window.requestAnimationFrame in the app). */
export type FrameScheduler = (cb: () => void) => number;
/** Cancels a scheduled frame. */
export type FrameCanceller = (id: number) => void;

/** Renders markdown into an element; what it registers belongs to the owner. */
export type MarkdownRender = (markdown: string, el: HTMLElement, owner: Component) => Promise<void>;

/** What a StreamingMarkdown needs from its view: the renderer, owners for each rendering, frames and a clock. */
export interface StreamingMarkdownPorts {
  render: MarkdownRender;
  /** A fresh child Component of the view for one rendering. */
  newOwner(): Component;
  /** Unloads a rendering's Component once a newer rendering has replaced it. */
  dropOwner(owner: Component): void;
  schedule: FrameScheduler;
  cancel: FrameCanceller;
  now(): number;
  /** Called after each rendering is in place (the view keeps the newest text in sight). */
  drawn?(): void;
}

/** The least time between two renderings of a growing answer: a long answer re-rendered per frame would stall the panel. */
export const STREAM_RENDER_GAP_MS = 120;

/**
 * A streamed answer shown as markdown while it grows, as the finished answer will look: deltas are buffered, and at
 * most once every STREAM_RENDER_GAP_MS, in an animation frame, the whole text so far is rendered into a fresh block
 * that replaces the previous one in one swap (no reflow through raw markdown at the end). Each rendering has its own
 * Component; the one it replaces is unloaded. `finish` renders the final text and hands its Component to the caller.
 */
export class StreamingMarkdown {
  private text = "";
  private frame: number | null = null;
  private last = Number.NEGATIVE_INFINITY;
  private current: { block: HTMLElement; owner: Component } | null = null;

  constructor(
    private readonly el: HTMLElement,
    private readonly ports: StreamingMarkdownPorts,
    private readonly transform: (markdown: string) => string = (m) => m,
  ) {}

  /** Adds a delta; it is shown with the next rendering. */
  push(delta: string): void {
    this.text += delta;
    this.request();
  }

  /** All the text so far. */
  get value(): string {
    return this.text;
  }

  /** How many renderings ran (for tests and the harness). */
  renders = 0;

  /** Drops a pending rendering (the view is going away). */
  cancel(): void {
    if (this.frame !== null) this.ports.cancel(this.frame);
    this.frame = null;
  }

  /** Renders `markdown` (default: the text so far) now, and returns the Component that owns the result. */
  async finish(markdown: string = this.text): Promise<Component> {
    this.cancel();
    this.text = markdown;
    const owner = this.draw();
    await owner.done;
    return owner.owner;
  }

  private request(): void {
    this.frame ??= this.ports.schedule(() => {
      this.frame = null;
      if (this.ports.now() - this.last < STREAM_RENDER_GAP_MS) return this.request();
      void this.draw().done;
    });
  }

  private draw(): { owner: Component; done: Promise<void> } {
    this.renders++;
    this.last = this.ports.now();
    const owner = this.ports.newOwner();
    const block = createDiv({ cls: "kc-ask-md markdown-rendered" });
    // A renderer that fails still leaves the answer readable, as text.
    const done = this.ports.render(this.transform(this.text), block, owner).catch(() => block.setText(this.text));
    // Swapped in at once: the renderer writes most of the block synchronously; what it adds later lands in place.
    if (this.current) this.current.block.replaceWith(block);
    else this.el.appendChild(block);
    if (this.current) this.ports.dropOwner(this.current.owner);
    this.current = { block, owner };
    this.ports.drawn?.();
    return { owner, done };
  }
}
