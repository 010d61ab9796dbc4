import { afterEach, describe, expect, it, vi } from "vitest";
import { mainThreadClock } from "../../src/obsidian/main-thread-clock";

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
});
