import { afterEach, describe, expect, it, vi } from "vitest";
import { closeMainThreadClock, mainThreadClock } from "../../src/obsidian/main-thread-clock";

describe("mainThreadClock.yieldToMain", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("resumes slices that yielded together one per task, in order, never two in one timer callback", async () => {
    vi.stubGlobal("MessageChannel", undefined);
    const timers: (() => void)[] = [];
    vi.spyOn(window, "setTimeout").mockImplementation(((fn: () => void) => (timers.push(fn), timers.length)) as unknown as typeof window.setTimeout);
    const resumed: string[] = [];
    for (const name of ["lint", "router", "pane"]) void mainThreadClock.yieldToMain().then(() => resumed.push(name));
    // One task asked for, not one per slice.
    expect(timers).toHaveLength(1);
    for (let turn = 0; turn < 3; turn++) {
      timers.shift()!();
      await Promise.resolve();
      expect(resumed).toHaveLength(turn + 1);
    }
    expect(resumed).toEqual(["lint", "router", "pane"]);
    expect(timers).toHaveLength(0);
  });

  it("resumes in order through a message channel where there is one", async () => {
    const resumed: number[] = [];
    await Promise.all([1, 2, 3].map((n) => mainThreadClock.yieldToMain().then(() => resumed.push(n))));
    expect(resumed).toEqual([1, 2, 3]);
  });

  it("closes its channel at unload, drops what waited, and opens a new one for a later yield", async () => {
    closeMainThreadClock(); // a channel an earlier test opened
    const closed: string[] = [];
    const Real = MessageChannel;
    vi.stubGlobal(
      "MessageChannel",
      class extends Real {
        constructor() {
          super();
          const close1 = this.port1.close.bind(this.port1);
          const close2 = this.port2.close.bind(this.port2);
          this.port1.close = () => (closed.push("port1"), close1());
          this.port2.close = () => (closed.push("port2"), close2());
        }
      },
    );
    await mainThreadClock.yieldToMain();
    let dropped = false;
    void mainThreadClock.yieldToMain().then(() => (dropped = true));
    closeMainThreadClock();
    expect(closed).toEqual(["port1", "port2"]);
    await new Promise((r) => window.setTimeout(r, 20));
    expect(dropped).toBe(false);
    await mainThreadClock.yieldToMain();
    closeMainThreadClock();
  });
});
