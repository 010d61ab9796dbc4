import workerSource from "kc:graph-layout-worker";
import type { PlacedLabel } from "./graph-labels";
import type { FrameRequest, WorkerOutbound } from "./graph-worker-handler";

/**
 * Draws the graph's frames in a worker that owns the canvas (transferControlToOffscreen): rasterising thousands of
 * edges and nodes is the longest work a frame does, and off the main thread it cannot block input or the editor.
 * One frame is in flight at a time; asks made meanwhile collapse into one frame drawn when it is done.
 */
export class OffscreenRenderer {
  private pending: (() => FrameRequest) | null = null;
  private inFlight = false;
  private frame = 0;

  private constructor(
    private readonly worker: Worker,
    private readonly url: string,
    private readonly onDrawn: (labels: PlacedLabel[]) => void,
  ) {
    worker.onmessage = (e: MessageEvent<WorkerOutbound>) => {
      if (e.data.kind !== "drawn") return;
      this.inFlight = false;
      this.onDrawn(e.data.labels);
      this.flush();
    };
  }

  /** Hands the canvas to a worker, or returns null where that is unavailable (the caller then draws itself). */
  static attach(canvas: HTMLCanvasElement, onDrawn: (labels: PlacedLabel[]) => void, source: string = workerSource): OffscreenRenderer | null {
    if (!source || typeof Worker === "undefined" || typeof canvas.transferControlToOffscreen !== "function") return null;
    let url = "";
    try {
      url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
      const worker = new Worker(url);
      const offscreen = canvas.transferControlToOffscreen();
      worker.postMessage({ kind: "canvas", canvas: offscreen }, [offscreen]);
      return new OffscreenRenderer(worker, url, onDrawn);
    } catch {
      if (url) URL.revokeObjectURL(url);
      return null;
    }
  }

  /** Asks for a frame; `build` runs when the worker is free, so only the newest state is sent. */
  draw(build: () => FrameRequest): void {
    this.pending = build;
    if (!this.inFlight) this.flush();
  }

  /** Whether a frame is being drawn or waits to be. */
  busy(): boolean {
    return this.inFlight || this.pending !== null;
  }

  /** Ends the worker (view closed). */
  dispose(): void {
    this.worker.terminate();
    URL.revokeObjectURL(this.url);
  }

  private flush(): void {
    const build = this.pending;
    if (!build) return;
    this.pending = null;
    this.inFlight = true;
    this.worker.postMessage({ kind: "frame", frame: ++this.frame, ...build() });
  }
}
