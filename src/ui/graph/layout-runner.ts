import workerSource from "kc:graph-layout-worker";
import { groupGraph, type GraphGroups } from "../../core/graph/graph-groups";
import type { GraphView } from "../../core/graph/graph-types";
import { createForceLayout, pinNode, positionsOf, type LayoutInput } from "./force-layout";
import type { GroupRequest, WorkerOutbound } from "./graph-worker-handler";

/** Called with positions (x0, y0, x1, y1, …) as the layout moves, and `done` once it has settled. */
export type OnPositions = (positions: Float64Array, done: boolean) => void;

/** A colouring to compute with the layout, and where its groups go. */
export interface Colouring {
  request: GroupRequest;
  onGroups(groups: GraphGroups): void;
}

/** Longest slice of main-thread layout work when no worker is available. */
const SLICE_MS = 8;

/**
 * Runs the force layout in a Web Worker (a tick at thousands of nodes would block the main thread), falling back
 * to main-thread ticks in slices of about 8 ms where workers are unavailable. A colouring by community or folder
 * is computed in the worker too, before the layout's first positions. A new start cancels the previous one.
 */
export class LayoutRunner {
  private worker: Worker | null = null;
  private run = 0;
  private url: string | null = null;
  private sim: ReturnType<typeof createForceLayout> | null = null;
  private resume: (() => void) | null = null;
  /** The note being dragged and where the pointer holds it, ahead of what the worker has heard. */
  private pinned: { i: number; x: number; y: number } | null = null;
  /** When the last layout started, got its colours, first positions and settled (performance.now()), and its posts: for the harness. */
  timeline = { start: 0, groups: 0, first: 0, settled: 0, posts: 0, ticks: 0, busyMs: 0, groupMs: 0 };

  constructor(private readonly source: string = workerSource) {}

  start(input: LayoutInput, onPositions: OnPositions, colouring?: Colouring): void {
    const id = ++this.run;
    this.pinned = null;
    const line = (this.timeline = { start: performance.now(), groups: 0, first: 0, settled: 0, posts: 0, ticks: 0, busyMs: 0, groupMs: 0 });
    const worker = this.ensureWorker();
    if (worker) {
      worker.onmessage = (e: MessageEvent<WorkerOutbound>) => {
        const m = e.data;
        if (m.kind === "drawn" || m.id !== id || id !== this.run) return;
        if (m.kind === "groups") {
          line.groups = performance.now();
          colouring?.onGroups(m.groups);
          return;
        }
        line.posts++;
        line.ticks = m.ticks;
        line.busyMs = m.busyMs;
        line.groupMs = m.groupMs;
        if (!line.first) line.first = performance.now();
        if (m.done) line.settled = performance.now();
        onPositions(this.withPin(m.positions), m.done);
      };
      worker.postMessage({ kind: "start", id, input, ...(colouring ? { group: colouring.request } : {}) });
      return;
    }
    if (colouring)
      colouring.onGroups(groupGraph({ ...colouring.request, omitted: 0 } as unknown as GraphView, colouring.request.by, colouring.request.colours));
    const sim = createForceLayout(input);
    this.sim = sim;
    let running = true;
    const step = (): void => {
      if (id !== this.run) return;
      running = true;
      const until = performance.now() + SLICE_MS;
      let done = false;
      do {
        sim.tick(1);
        done = sim.alpha() < sim.alphaMin();
      } while (!done && performance.now() < until);
      onPositions(positionsOf(sim.nodes()), done);
      running = !done;
      if (!done) window.setTimeout(step, 0);
    };
    this.resume = () => {
      if (!running) step();
    };
    step();
  }

  /** Pins node `i` at world (x, y) while it is dragged (the layout warms up around it); null releases it. */
  pin(i: number, x: number | null, y: number | null): void {
    this.pinned = x === null || y === null ? null : { i, x, y };
    if (this.worker) {
      this.worker.postMessage({ kind: "pin", id: this.run, i, x, y });
      return;
    }
    if (!this.sim) return;
    pinNode(this.sim, i, x, y);
    this.resume?.();
  }

  /**
   * Positions from the worker with the dragged note where the pointer is now: the worker computed them before it heard
   * of the latest pointer moves (several behind while a tick of thousands of notes runs), and drawn as they came they
   * pulled the note back toward where the drag started.
   */
  private withPin(positions: Float64Array): Float64Array {
    const p = this.pinned;
    if (p && p.i * 2 + 1 < positions.length) {
      positions[p.i * 2] = p.x;
      positions[p.i * 2 + 1] = p.y;
    }
    return positions;
  }

  stop(): void {
    this.run++;
    this.worker?.postMessage({ kind: "stop" });
  }

  /** Ends the worker (view closed). */
  dispose(): void {
    this.stop();
    this.worker?.terminate();
    this.worker = null;
    if (this.url) URL.revokeObjectURL(this.url);
    this.url = null;
  }

  private ensureWorker(): Worker | null {
    if (this.worker || !this.source || typeof Worker === "undefined") return this.worker;
    try {
      this.url = URL.createObjectURL(new Blob([this.source], { type: "text/javascript" }));
      this.worker = new Worker(this.url);
    } catch {
      this.worker = null;
    }
    return this.worker;
  }
}
