import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { keepBest } from "../../../src/core/util/keep-best";

describe("keepBest", () => {
  it("keeps the first `max` of the items sorted best first, whatever order they come in", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 60 }), fc.integer({ min: 0, max: 8 }), (items, max) => {
        const best: number[] = [];
        for (const x of items) keepBest(best, x, max, (a, b) => a > b);
        expect(best).toEqual([...items].sort((a, b) => b - a).slice(0, max));
      }),
    );
  });
});
