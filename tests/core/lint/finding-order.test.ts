import { describe, expect, it } from "vitest";
import { byPlace, sortByPlace } from "../../../src/core/lint/finding-order";
import type { LintFinding } from "../../../src/core/lint/lint-types";

// A small deterministic generator, so a failure names a seed that reproduces it.
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

describe("sortByPlace", () => {
  it("orders as Array's stable sort does, in place, ties kept in their order, for short and long lists", () => {
    for (let seed = 1; seed <= 3000; seed++) {
      const r = rng(seed);
      const n = Math.floor(r() * 40);
      // Few lines, columns and checks, so equal places (ties) are common.
      const list: LintFinding[] = Array.from({ length: n }, (_, i) => ({
        check: ["a", "b", "c"][Math.floor(r() * 3)]!,
        severity: "warning",
        path: "p.md",
        line: Math.floor(r() * 4),
        col: Math.floor(r() * 3),
        message: String(i),
      }));
      const expected = [...list].sort(byPlace);
      const sorted = sortByPlace(list);
      expect(sorted).toBe(list);
      if (sorted.some((f, i) => f !== expected[i]))
        expect.fail(`seed ${seed}: ${sorted.map((f) => f.message).join(",")} against ${expected.map((f) => f.message).join(",")}`);
    }
  });
});
