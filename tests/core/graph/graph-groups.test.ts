import { describe, expect, it } from "vitest";
import { groupGraph } from "../../../src/core/graph/graph-groups";
import { mergeRegions } from "../../../src/core/graph/graph-regions";
import type { GraphEdge, GraphNode, GraphView } from "../../../src/core/graph/graph-types";

const node = (id: string): GraphNode => ({
  id,
  kind: "concept",
  title: id.slice(id.lastIndexOf("/") + 1),
  tldr: "",
  tags: [],
  inboundHigh: 0,
  corroborations: 0,
});
const edge = (from: string, to: string): GraphEdge => ({ from, to, tier: "high", stamp: null, stale: false, unstamped: false });

/** Two triangles joined by one edge, in two folders (the second folder also holds a lone note). */
const TWO_CLUSTERS: GraphView = {
  nodes: ["k/a/1", "k/a/2", "k/a/3", "k/b/4", "k/b/5", "k/b/6", "k/b/7"].map(node),
  edges: [
    edge("k/a/1", "k/a/2"),
    edge("k/a/2", "k/a/3"),
    edge("k/a/3", "k/a/1"),
    edge("k/b/4", "k/b/5"),
    edge("k/b/5", "k/b/6"),
    edge("k/b/6", "k/b/4"),
    edge("k/a/1", "k/b/4"),
    edge("k/a/2", "k/a/1"),
  ],
  omitted: 0,
};

describe("graph groups for colouring large bases", () => {
  it("groups by folder, the largest folder first", () => {
    const g = groupGraph(TWO_CLUSTERS, "folder");
    expect(g.groups).toEqual([
      { name: "k/b", size: 4, colour: 0 },
      { name: "k/a", size: 3, colour: 1 },
    ]);
    expect(groupGraph(TWO_CLUSTERS, "folder", 1).groups.map((x) => x.colour)).toEqual([0, -1]);
    expect(g.of).toEqual([1, 1, 1, 0, 0, 0, 0]);
  });

  it("finds densely linked communities, each named after its most connected note, and does so the same way every time", () => {
    const g = groupGraph(TWO_CLUSTERS, "community");
    expect(g.of.slice(0, 3).every((x) => x === g.of[0])).toBe(true);
    expect(g.of.slice(3, 6).every((x) => x === g.of[3])).toBe(true);
    expect(g.of[0]).not.toBe(g.of[3]);
    expect(g.of[6]).not.toBe(g.of[3]);
    expect(
      g.groups
        .map((x) => x.name)
        .slice(0, 2)
        .sort(),
    ).toEqual(["1", "4"]);
    expect(groupGraph(TWO_CLUSTERS, "community")).toEqual(g);
  });

  it("colours a large base as regions: tiny communities merge into their neighbours, and nearly every note gets a colour", () => {
    // A ring of 2,000 notes, each linked to the next two (the generated benchmark base): hundreds of communities of
    // a few notes each, far more than six colours. Ids out of ring order, as the generated titles are.
    const ids = Array.from({ length: 2000 }, (_, i) => `k/n${String((i * 7919) % 2000).padStart(4, "0")}`);
    const ring: GraphView = {
      nodes: ids.map(node),
      edges: ids.flatMap((id, i) => [edge(id, ids[(i + 1) % 2000]!), edge(id, ids[(i + 2) % 2000]!)]),
      omitted: 0,
    };
    const g = groupGraph(ring, "community", 6);
    const coloured = g.of.filter((r) => g.groups[r]!.colour >= 0).length;
    expect(coloured / 2000).toBeGreaterThanOrEqual(0.8);
    expect(g.groups.length).toBeGreaterThan(6);
    expect(g.groups.length).toBeLessThanOrEqual(48);
    // Linked notes in different regions have different colours.
    const index = new Map(ids.map((id, i) => [id, i]));
    for (const e of ring.edges) {
      const a = g.of[index.get(e.from)!]!,
        b = g.of[index.get(e.to)!]!;
      if (a !== b) expect(g.groups[a]!.colour).not.toBe(g.groups[b]!.colour);
    }
  });

  it("merges a small community into the neighbour it has most edges to, and leaves a lone note uncoloured", () => {
    // Communities: 0 (16 notes), 1 (16 notes), 2 (2 notes: two edges to 1, one to 0), 3 (a lone note); with two
    // colours a region needs 35 / 8 = 4 notes.
    const label = [...Array<number>(16).fill(0), ...Array<number>(16).fill(1), 2, 2, 3];
    const ends: [number, number][] = [
      [0, 16],
      [32, 16],
      [33, 17],
      [32, 0],
    ];
    const r = mergeRegions(label, ends, 2);
    expect(r.of[32]).toBe(r.of[16]);
    expect(r.of[32]).not.toBe(r.of[0]);
    expect(r.colour[r.of[34]!]).toBe(-1);
    expect(r.colour[r.of[0]!]).not.toBe(r.colour[r.of[16]!]);
  });
});
