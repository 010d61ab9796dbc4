import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { DocumentFrequencies } from "../../../src/core/route/article-terms";

// A restored index's document frequencies: the snapshot's sorted table, looked up term by term (each bisected once and
// remembered), under the counts set since. Whatever the order and number of lookups, they read as a plain Map would.
describe("DocumentFrequencies", () => {
  it("reads every term as a Map of the table under the later changes, however many lookups and in any order", () => {
    const word = fc.stringMatching(/^[a-e]{1,4}$/);
    fc.assert(
      fc.property(
        fc.uniqueArray(word, { maxLength: 60 }),
        fc.array(
          fc.oneof(
            word.map((t) => ({ look: t })),
            fc.tuple(word, fc.nat(9)).map(([t, n]) => ({ set: t, n })),
          ),
          { maxLength: 300 },
        ),
        (terms, ops) => {
          const table = [...terms].sort();
          const counts = table.map((_, i) => i + 1);
          const df = new DocumentFrequencies(table, (i) => counts[i]!);
          const reference = new Map(table.map((t, i) => [t, counts[i]!]));
          for (const op of ops) {
            if ("look" in op) expect(df.get(op.look)).toBe(reference.get(op.look));
            else if (op.n === 0) {
              df.delete(op.set);
              reference.delete(op.set);
            } else {
              df.set(op.set, op.n);
              reference.set(op.set, op.n);
            }
          }
          // Every term again, after as many lookups as the table has terms and more.
          for (const t of [...table, "zz", ""]) expect(df.get(t)).toBe(reference.get(t));
        },
      ),
      { numRuns: 300 },
    );
  });
});
