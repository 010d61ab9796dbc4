import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { sortSteps } from "../../../src/core/util/sort-steps";

/** Drains the steps, counting the comparisons made between two yields (the work of one step). */
function drain<T>(items: T[], compare: (a: T, b: T) => number, chunk: number): { sorted: T[]; longestStep: number; steps: number } {
  let inStep = 0;
  let longestStep = 0;
  let steps = 0;
  const counted = (a: T, b: T) => (inStep++, compare(a, b));
  const it = sortSteps(items, counted, chunk);
  for (;;) {
    const r = it.next();
    longestStep = Math.max(longestStep, inStep);
    inStep = 0;
    if (r.done) return { sorted: r.value, longestStep, steps };
    steps++;
  }
}

describe("sorting in steps", () => {
  it("sorts exactly as Array.prototype.sort does, ties in their order", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ key: fc.integer({ min: 0, max: 20 }), at: fc.nat() }), { maxLength: 300 }),
        fc.integer({ min: 1, max: 40 }),
        (items, chunk) => {
          const byKey = (a: { key: number }, b: { key: number }) => a.key - b.key;
          expect(drain(items, byKey, chunk).sorted).toEqual([...items].sort(byKey));
        },
      ),
    );
  });

  it("bounds the work of a step: 10,000 paths take many steps of about a chunk each", () => {
    const paths = Array.from({ length: 10_000 }, (_, i) => `notes/area-${(i * 7919) % 97}/note-${(i * 104729) % 10_000}.md`);
    const { sorted, longestStep, steps } = drain(paths, (a, b) => (a < b ? -1 : a > b ? 1 : 0), 1_000);
    expect(sorted).toEqual([...paths].sort());
    expect(steps).toBeGreaterThan(40);
    // Sorting a run of 1,000 makes ~10,000 comparisons; a merge step at most 1,000.
    expect(longestStep).toBeLessThan(15_000);
  });
});
