// The graph layout's Web Worker: runs the d3-force simulation off the main thread and posts positions back in
// batches of ticks until it settles (or is told to stop). A note being dragged is pinned where the pointer is and
// warms the layout up, so its neighbours follow. Bundled on its own and started from a Blob.
import { createForceLayout, pinNode, positionsOf, type LayoutInput } from "./force-layout";

type Inbound = { kind: "start"; id: number; input: LayoutInput } | { kind: "stop" } | { kind: "pin"; id: number; i: number; x: number | null; y: number | null };

interface WorkerScope {
  onmessage: ((e: { data: Inbound }) => void) | null;
  postMessage(message: unknown): void;
  setTimeout(fn: () => void, ms: number): number;
}

const scope = self as unknown as WorkerScope;
let current = 0;
let sim: ReturnType<typeof createForceLayout> | null = null;
let running = false;

const step = (id: number) => (): void => {
  if (current !== id || !sim) {
    running = false;
    return;
  }
  sim.tick(5);
  const done = sim.alpha() < sim.alphaMin();
  scope.postMessage({ kind: "positions", id, positions: positionsOf(sim.nodes()), done });
  running = !done;
  if (!done) scope.setTimeout(step(id), 0);
};

scope.onmessage = (e) => {
  const msg = e.data;
  if (msg.kind === "stop") {
    current = 0;
    return;
  }
  if (msg.kind === "pin") {
    if (msg.id !== current || !sim) return;
    pinNode(sim, msg.i, msg.x, msg.y);
    if (!running) {
      running = true;
      step(msg.id)();
    }
    return;
  }
  current = msg.id;
  sim = createForceLayout(msg.input);
  running = true;
  step(msg.id)();
};
