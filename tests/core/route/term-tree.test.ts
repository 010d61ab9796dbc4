import { describe, expect, it } from "vitest";
import fc from "fast-check";
import SearchableMap from "minisearch/SearchableMap";
import { SortedTermTreeBuilder, sortedTerms, type TermTreeNode } from "../../../src/core/route/term-tree";

/** A tree as nested plain objects with sorted keys, so two trees compare equal whatever order their children were added in. */
function shape(node: TermTreeNode): unknown {
  const out: Record<string, unknown> = {};
  for (const key of [...node.keys()].sort()) {
    const child = node.get(key);
    out[key] = key === "" ? child : shape(child as TermTreeNode);
  }
  return out;
}

const treeOf = (map: SearchableMap<number>): TermTreeNode => (map as unknown as { _tree: TermTreeNode })._tree;

/** Keys over a small alphabet (shared prefixes, keys that are prefixes of others), surrogate pairs and the empty key. */
const keys = fc.uniqueArray(
  fc.array(fc.constantFrom("a", "b", "\u00e9", "\ud83d\ude00", "\ud83d"), { maxLength: 6 }).map((parts) => parts.join("")),
  { maxLength: 60 },
);

describe("term tree in ascending order", () => {
  it("builds from sorted keys the very tree that inserting them one by one builds, and walks it back in order", () => {
    fc.assert(
      fc.property(keys, fc.boolean(), (list, shuffled) => {
        const inserted = new SearchableMap<number>();
        const order = shuffled ? [...list].reverse() : list;
        order.forEach((k) => inserted.set(k, k.length));
        const sorted = [...list].sort();
        const builder = new SortedTermTreeBuilder();
        for (const k of sorted) expect(builder.add(k, k.length)).toBe(true);
        expect(shape(builder.root)).toEqual(shape(treeOf(inserted)));
        expect([...sortedTerms<number>(treeOf(inserted))]).toEqual(sorted.map((k) => [k, k.length]));
        // The built tree answers like the engine's own: the same lookups and prefix walks.
        const built = new SearchableMap<number>(builder.root as ConstructorParameters<typeof SearchableMap<number>>[0]);
        for (const k of sorted) expect(built.get(k)).toBe(k.length);
        expect([...built.atPrefix("a").keys()].sort()).toEqual([...inserted.atPrefix("a").keys()].sort());
      }),
    );
  });

  it("refuses a key that does not come after the one before (a repeat, or out of order) and keeps the tree as it was", () => {
    const builder = new SortedTermTreeBuilder();
    expect(builder.add("retry", 1)).toBe(true);
    expect(builder.add("retries", 2)).toBe(false);
    expect(builder.add("retry", 3)).toBe(false);
    expect(builder.add("retrying", 4)).toBe(true);
    expect([...sortedTerms(builder.root)]).toEqual([
      ["retry", 1],
      ["retrying", 4],
    ]);
  });

  it("walks a large tree without recursion", () => {
    const map = new SearchableMap<number>();
    const deep = Array.from({ length: 2_000 }, (_, i) => "x".repeat(i + 1));
    deep.forEach((k, i) => map.set(k, i));
    const walked = [...sortedTerms<number>(treeOf(map))];
    expect(walked.map(([k]) => k)).toEqual(deep);
    expect(walked.map(([, v]) => v)).toEqual(deep.map((_, i) => i));
  });
});
