import { afterEach, describe, expect, it, vi } from "vitest";
import { LayoutRunner } from "../../../src/ui/graph/layout-runner";
import type { WorkerInbound, WorkerOutbound } from "../../../src/ui/graph/graph-worker-handler";

/** A worker that keeps what it is sent and answers only when the test says: a layout busy with its ticks. */
class SlowWorker {
  static last: SlowWorker | null = null;
  onmessage: ((e: MessageEvent<WorkerOutbound>) => void) | null = null;
  readonly sent: WorkerInbound[] = [];
  constructor() {
    SlowWorker.last = this;
  }
  postMessage(m: WorkerInbound): void {
    this.sent.push(m);
  }
  terminate(): void {}
  /** Posts positions computed before the latest messages were read. */
  answer(positions: number[], done = false): void {
    const id = (this.sent.find((m) => m.kind === "start") as { id: number }).id;
    this.onmessage?.({ data: { kind: "positions", id, positions: new Float64Array(positions), done } } as MessageEvent<WorkerOutbound>);
  }
}

afterEach(() => vi.unstubAllGlobals());

describe("the layout runner with a worker", () => {
  it("keeps a dragged note under the pointer when the worker's positions lag behind the drag (the harness's flaky drag)", () => {
    vi.stubGlobal("Worker", SlowWorker);
    URL.createObjectURL = () => "blob:layout";
    URL.revokeObjectURL = () => undefined;
    const runner = new LayoutRunner("/* worker */");
    const got: number[][] = [];
    runner.start({ nodes: [{ r: 4 }, { r: 4 }], links: [] }, (pos) => void got.push([...pos]));
    const worker = SlowWorker.last!;
    runner.pin(1, 10, 10);
    runner.pin(1, 40, 30);
    // Positions from a batch of ticks the worker ran before it read the second pin, then before the first.
    worker.answer([0, 0, 10, 10]);
    worker.answer([0, 0, 0, 0]);
    expect(got).toEqual([
      [0, 0, 40, 30],
      [0, 0, 40, 30],
    ]);
    // Released, the note goes where the layout puts it.
    runner.pin(1, null, null);
    worker.answer([0, 0, 42, 31], true);
    expect(got[2]).toEqual([0, 0, 42, 31]);
    runner.dispose();
  });
});
