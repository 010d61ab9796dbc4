import { describe, expect, it } from "vitest";
import fc from "fast-check";
import SearchableMap from "minisearch/SearchableMap";
import { indexOfSorted, LazyTermTreeNode, sortedTerms, type TermTreeNode, type TermTreeView } from "../../../src/core/route/term-tree";

/** A tree as nested plain objects with sorted keys (opening every lazy node), so two trees compare equal whatever order their children were added in. */
function shape(node: TermTreeView): unknown {
  const out: Record<string, unknown> = {};
  for (const key of [...node.keys()].sort()) {
    const child = node.get(key);
    out[key] = key === "" ? child : shape(child as TermTreeView);
  }
  return out;
}

const treeOf = (map: SearchableMap<number>): TermTreeNode => (map as unknown as { _tree: TermTreeNode })._tree;
const lazyOf = (sorted: string[]) => new LazyTermTreeNode(sorted, (i) => sorted[i]!.length, 0, sorted.length, 0);
type Tree = ConstructorParameters<typeof SearchableMap<number>>[0];

/** Keys over a small alphabet (shared prefixes, keys that are prefixes of others), surrogate pairs, a lone surrogate and the empty key. */
const keys = fc.uniqueArray(
  fc.array(fc.constantFrom("a", "b", "\u00e9", "\ud83d\ude00", "\ud83d"), { maxLength: 6 }).map((parts) => parts.join("")),
  { maxLength: 60 },
);

describe("term tree in ascending order", () => {
  it("opens, node by node, into the very tree that inserting the keys one by one builds, and walks back in order", () => {
    fc.assert(
      fc.property(keys, fc.boolean(), (list, reversed) => {
        const inserted = new SearchableMap<number>();
        (reversed ? [...list].reverse() : list).forEach((k) => inserted.set(k, k.length));
        const sorted = [...list].sort();
        expect(shape(lazyOf(sorted))).toEqual(shape(treeOf(inserted)));
        expect([...sortedTerms<number>(treeOf(inserted))]).toEqual(sorted.map((k) => [k, k.length]));
        expect([...sortedTerms<number>(lazyOf(sorted))]).toEqual(sorted.map((k) => [k, k.length]));
      }),
    );
  });

  it("answers the engine's lookups, prefix walks, fuzzy matches and changes as the engine's own tree does", () => {
    fc.assert(
      fc.property(keys, fc.array(fc.string({ unit: fc.constantFrom("a", "b", "\u00e9") }), { maxLength: 8 }), (list, probes) => {
        const inserted = new SearchableMap<number>();
        list.forEach((k) => inserted.set(k, k.length));
        const lazy = new SearchableMap<number>(lazyOf([...list].sort()) as unknown as Tree);
        for (const p of probes) {
          expect(lazy.get(p)).toBe(inserted.get(p));
          expect([...lazy.atPrefix(p).keys()].sort()).toEqual([...inserted.atPrefix(p).keys()].sort());
          expect([...lazy.fuzzyGet(p, 1)].sort()).toEqual([...inserted.fuzzyGet(p, 1)].sort());
        }
        // Changes (the engine's set and delete reshape nodes) leave both trees alike.
        for (const p of probes) {
          for (const t of [lazy, inserted])
            if (t.has(p)) t.delete(p);
            else t.set(p, -1);
        }
        expect([...lazy.entries()].sort()).toEqual([...inserted.entries()].sort());
      }),
    );
  });

  it("opens only the nodes a lookup passes through", () => {
    const sorted = Array.from({ length: 1000 }, (_, i) => `term${String(i).padStart(4, "0")}`);
    const made: number[] = [];
    const root = new LazyTermTreeNode(sorted, (i) => (made.push(i), i), 0, sorted.length, 0);
    expect(new SearchableMap<number>(root as unknown as Tree).get("term0500")).toBe(500);
    expect(made).toEqual([500]);
  });

  it("walks a large tree without recursion, and finds keys by bisection", () => {
    const deep = Array.from({ length: 3_000 }, (_, i) => "x".repeat(i + 1));
    expect([...sortedTerms<number>(lazyOf(deep))].map(([k]) => k)).toEqual(deep);
    expect(indexOfSorted(deep, "xxx")).toBe(2);
    expect(indexOfSorted(deep, "y")).toBe(-1);
    expect(indexOfSorted([], "x")).toBe(-1);
  });
});
