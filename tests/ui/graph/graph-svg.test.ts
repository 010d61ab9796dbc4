// The exported SVG draws what the canvas draws: arrowheads on relationships while the Arrows toggle is on (never on
// untyped body links), none when it is off, and each arrowed line ends at the edge of the node it points to.
import { describe, expect, it } from "vitest";
import type { GraphEdge, GraphNode } from "../../../src/core/graph/graph-types";
import { sceneOf } from "../../../src/ui/graph/graph-canvas";
import { radiusOf } from "../../../src/ui/graph/graph-geometry";
import { paletteFrom } from "../../../src/ui/graph/graph-palette";
import { sceneToSvg } from "../../../src/ui/graph/graph-svg";

const node = (id: string): GraphNode => ({ id, kind: "concept", title: id, tldr: "", tags: [], inboundHigh: 0, corroborations: 0 });
const edge = (from: string, to: string, tier: GraphEdge["tier"]): GraphEdge => ({ from, to, tier, stamp: null, stale: false, unstamped: false });

function scene(arrows: boolean) {
  const nodes = [node("a"), node("b"), node("c")];
  const s = sceneOf(nodes, [
    { a: 0, b: 1, edge: edge("a", "b", "high") },
    { a: 0, b: 2, edge: edge("a", "c", "body") },
  ]);
  s.positions.set([0, 0, 100, 0, 0, 100]);
  s.arrows = arrows;
  return s;
}

describe("the graph as SVG", () => {
  const palette = paletteFrom(() => "#336699");

  it("puts an arrowhead on a relationship, none on a body link, and ends the arrowed line at the node's edge", () => {
    const svg = sceneToSvg(scene(true), palette);
    const lines = svg.split("\n").filter((l) => l.startsWith("<line"));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('marker-end="url(#kc-arrow-0)"');
    expect(lines[1]).not.toContain("marker-end");
    expect(svg).toContain('<marker id="kc-arrow-0"');
    const x2 = Number(/x2="([\d.]+)"/.exec(lines[0]!)![1]);
    expect(x2).toBeCloseTo(100 - radiusOf(node("b")) - 1, 0);
  });

  it("draws no arrowheads with the Arrows toggle off", () => {
    const svg = sceneToSvg(scene(false), palette);
    expect(svg).not.toContain("marker");
    expect(svg).toContain('x2="100.0"');
  });
});
