// The graph's Web Worker: runs the d3-force layout, colours large graphs by community and draws frames on a canvas
// handed over by the view, all off the main thread (see graph-worker-handler). Bundled on its own and started from
// a Blob.
import { createGraphWorkerHandler, type WorkerInbound, type WorkerOutbound } from "./graph-worker-handler";

interface WorkerScope {
  onmessage: ((e: { data: WorkerInbound }) => void) | null;
  postMessage(message: WorkerOutbound): void;
  setTimeout(fn: () => void, ms: number): number;
}

const scope = self as unknown as WorkerScope;
const handle = createGraphWorkerHandler({ post: (m) => scope.postMessage(m), later: (fn) => void scope.setTimeout(fn, 0) });
scope.onmessage = (e) => handle(e.data);
