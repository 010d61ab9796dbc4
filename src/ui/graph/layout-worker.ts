// The graph layout's Web Worker: runs the d3-force simulation off the main thread and posts positions back in
// batches of ticks until it settles (or is told to stop). Bundled on its own and started from a Blob.
import { createForceLayout, positionsOf, type LayoutInput } from "./force-layout";

type Inbound = { kind: "start"; id: number; input: LayoutInput } | { kind: "stop" };

interface WorkerScope {
  onmessage: ((e: { data: Inbound }) => void) | null;
  postMessage(message: unknown): void;
  setTimeout(fn: () => void, ms: number): number;
}

const scope = self as unknown as WorkerScope;
let current = 0;

scope.onmessage = (e) => {
  const msg = e.data;
  if (msg.kind === "stop") {
    current = 0;
    return;
  }
  current = msg.id;
  const sim = createForceLayout(msg.input);
  const id = msg.id;
  const step = (): void => {
    if (current !== id) return;
    sim.tick(5);
    const done = sim.alpha() < sim.alphaMin();
    scope.postMessage({ kind: "positions", id, positions: positionsOf(sim.nodes()), done });
    if (!done) scope.setTimeout(step, 0);
  };
  step();
};
