import { describe, expect, it } from "vitest";
import { groupGraph } from "../../../src/core/graph/graph-groups";
import type { GraphEdge, GraphNode, GraphView } from "../../../src/core/graph/graph-types";

const node = (id: string): GraphNode => ({ id, kind: "concept", title: id.slice(id.lastIndexOf("/") + 1), tldr: "", tags: [], inboundHigh: 0, corroborations: 0 });
const edge = (from: string, to: string): GraphEdge => ({ from, to, tier: "high", stamp: null, stale: false, unstamped: false });

/** Two triangles joined by one edge, in two folders (the second folder also holds a lone note). */
const TWO_CLUSTERS: GraphView = {
  nodes: ["k/a/1", "k/a/2", "k/a/3", "k/b/4", "k/b/5", "k/b/6", "k/b/7"].map(node),
  edges: [edge("k/a/1", "k/a/2"), edge("k/a/2", "k/a/3"), edge("k/a/3", "k/a/1"), edge("k/b/4", "k/b/5"), edge("k/b/5", "k/b/6"), edge("k/b/6", "k/b/4"), edge("k/a/1", "k/b/4"), edge("k/a/2", "k/a/1")],
  omitted: 0,
};

describe("graph groups for colouring large bases", () => {
  it("groups by folder, the largest folder first", () => {
    const g = groupGraph(TWO_CLUSTERS, "folder");
    expect(g.groups).toEqual([{ name: "k/b", size: 4 }, { name: "k/a", size: 3 }]);
    expect(g.of).toEqual([1, 1, 1, 0, 0, 0, 0]);
  });

  it("finds densely linked communities, each named after its most connected note, and does so the same way every time", () => {
    const g = groupGraph(TWO_CLUSTERS, "community");
    expect(g.of.slice(0, 3).every((x) => x === g.of[0])).toBe(true);
    expect(g.of.slice(3, 6).every((x) => x === g.of[3])).toBe(true);
    expect(g.of[0]).not.toBe(g.of[3]);
    expect(g.of[6]).not.toBe(g.of[3]);
    expect(g.groups.map((x) => x.name).slice(0, 2).sort()).toEqual(["1", "4"]);
    expect(groupGraph(TWO_CLUSTERS, "community")).toEqual(g);
  });
});
