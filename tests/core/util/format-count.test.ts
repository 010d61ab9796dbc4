import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { formatCount } from "../../../src/core/util/format-count";

describe("formatCount", () => {
  it("writes whole numbers as toLocaleString('en') does", () => {
    for (const n of [0, 7, 999, 1000, 10000, 123456, 1234567, -1, -1000, -987654]) expect(formatCount(n)).toBe(n.toLocaleString("en"));
    fc.assert(fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (n) => formatCount(n) === n.toLocaleString("en")));
  });
});
