import { describe, expect, it } from "vitest";
import { SliceScheduler, type SliceClock } from "../../../src/core/util/slice-scheduler";
import { setTimeout } from "node:timers";

/** A clock that advances only when work says so, and records how many units ran between yields. */
function fakeClock() {
  let now = 0;
  const slices: number[] = [0];
  const clock: SliceClock = {
    now: () => now,
    yieldToMain: () => {
      slices.push(0);
      return Promise.resolve();
    },
  };
  const work = (cost: number) => {
    now += cost;
    slices[slices.length - 1]!++;
  };
  return { clock, work, slices };
}

function* units(n: number, work: () => void): Generator<void> {
  for (let i = 0; i < n; i++) {
    work();
    yield;
  }
}

describe("SliceScheduler", () => {
  it("fits as many units in a slice as its budget allows, then yields", async () => {
    const { clock, work, slices } = fakeClock();
    const s = new SliceScheduler(clock, 8);
    expect(await s.drain(units(100, () => work(1)))).toBe(true);
    expect(slices.slice(0, -1).every((n) => n === 8)).toBe(true);
    expect(slices.reduce((a, b) => a + b, 0)).toBe(100);
    expect(s.slices).toBe(12);
  });

  it("ends a slice early when units are slow, and lets fast units share one", async () => {
    const { clock, work, slices } = fakeClock();
    const s = new SliceScheduler(clock, 8);
    const costs = [5, 5, 0.5, 0.5, 0.5, 0.5, 20, 1];
    let i = 0;
    await s.drain(units(costs.length, () => work(costs[i++]!)));
    // 5+5 crosses the budget after two units; the slow 20 ms unit stands alone.
    expect(slices).toEqual([2, 5, 1]);
  });

  it("yields only at slice boundaries when units await it one by one", async () => {
    const { clock, work, slices } = fakeClock();
    const s = new SliceScheduler(clock, 4);
    for (let i = 0; i < 10; i++) {
      work(1);
      await s.yieldIfDue();
    }
    expect(slices).toEqual([4, 4, 2]);
  });

  it("stops at the next slice boundary once cancelled", async () => {
    const { clock, work } = fakeClock();
    const s = new SliceScheduler(clock, 8);
    let done = 0;
    const ok = await s.drain(
      units(100, () => (work(1), done++)),
      () => done >= 20,
    );
    expect(ok).toBe(false);
    expect(done).toBe(24);
  });

  it("halts every caller at its next slice boundary once stopped, and never resumes it", async () => {
    const { clock, work } = fakeClock();
    const s = new SliceScheduler(clock, 8);
    let done = 0;
    const draining = s.drain(
      units(100, () => {
        work(1);
        if (++done === 20) s.stop();
      }),
    );
    let waited = 0;
    const awaiting = (async () => {
      for (;;) {
        work(1);
        waited++;
        await s.yieldIfDue();
      }
    })();
    const settled = await Promise.race([
      draining.then(() => "drain settled"),
      awaiting.then(() => "loop settled"),
      new Promise((r) => setTimeout(() => r("pending"), 20)),
    ]);
    expect(settled).toBe("pending");
    // The slice that was running when stop() came ends at its budget; nothing runs after it, however long one waits.
    expect(done).toBeGreaterThanOrEqual(20);
    expect(done).toBeLessThan(28);
    const seen = [done, waited];
    await new Promise((r) => setTimeout(r, 20));
    expect([done, waited]).toEqual(seen);
    expect(waited).toBeLessThan(28);
  });
});
