import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { graphToMermaid, graphToMermaidWithin, MERMAID_DEFAULTS } from "../../../src/core/graph/export-graph";
import type { GraphEdge, GraphNode, GraphView } from "../../../src/core/graph/graph-types";

const node = (id: string, title = id): GraphNode => ({ id, kind: "article", title, tldr: "", tags: [], inboundHigh: 0, corroborations: 0 });
const edge = (from: string, to: string): GraphEdge => ({ from, to, tier: "body", stamp: null, stale: false, unstamped: false });

/** A hub-and-spokes vault: `hubs` notes each linked from `spokes` notes of their own, and the hubs linked in a ring. */
function hubs(count: number, spokes: number, title = (id: string) => id): GraphView {
  const nodes: GraphNode[] = [];
  const edges: GraphEdge[] = [];
  for (let h = 0; h < count; h++) {
    nodes.push(node(`hub-${h}.md`, title(`hub-${h}`)));
    edges.push(edge(`hub-${h}.md`, `hub-${(h + 1) % count}.md`));
    for (let s = 0; s < spokes; s++) {
      nodes.push(node(`spoke-${h}-${s}.md`, title(`spoke-${h}-${s}`)));
      edges.push(edge(`spoke-${h}-${s}.md`, `hub-${h}.md`));
    }
  }
  return { nodes, edges, omitted: 0 };
}
const edgeLines = (text: string) => text.split("\n").filter((l) => /-->|==>|-\.->/.test(l)).length;

describe("Mermaid export within Mermaid's limits", () => {
  it("writes a graph that fits whole, unchanged", () => {
    const g = hubs(5, 10);
    expect(graphToMermaidWithin(g)).toEqual({ text: graphToMermaid(g), leftNodes: 0, leftEdges: 0 });
  });

  it("cuts a graph of 1,033 edges to at most 500, keeping the most connected notes, and says what it left out", () => {
    const g = hubs(33, 30);
    expect(g.edges.length).toBeGreaterThan(1000);
    const fit = graphToMermaidWithin(g);
    expect(edgeLines(fit.text)).toBeLessThanOrEqual(MERMAID_DEFAULTS.maxEdges);
    expect(fit.text.length).toBeLessThanOrEqual(MERMAID_DEFAULTS.maxTextSize);
    for (let h = 0; h < 33; h++) expect(fit.text).toContain(`["hub-${h}"]`);
    expect(fit.leftEdges).toBe(g.edges.length - edgeLines(fit.text));
    expect(fit.text).toMatch(new RegExp(`%% ${fit.leftNodes} of ${g.nodes.length} nodes and ${fit.leftEdges} of ${g.edges.length} edges left out`));
  });

  it("keeps the text within 50,000 characters when long titles, not edges, are what does not fit", () => {
    const g = hubs(4, 60, (id) => `${id} ${"a long title ".repeat(20)}`);
    expect(g.edges.length).toBeLessThan(MERMAID_DEFAULTS.maxEdges);
    const fit = graphToMermaidWithin(g);
    expect(fit.text.length).toBeLessThanOrEqual(MERMAID_DEFAULTS.maxTextSize);
    expect(fit.leftNodes).toBeGreaterThan(0);
  });

  it("always fits the limits it is given, and leaves nothing out when they are unbounded", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 200, max: 5000 }),
        (h, s, maxEdges, maxTextSize) => {
          const g = hubs(h, s);
          const fit = graphToMermaidWithin(g, { maxEdges, maxTextSize });
          const kept = g.nodes.length - fit.leftNodes;
          if (kept > 0) {
            expect(edgeLines(fit.text)).toBeLessThanOrEqual(maxEdges);
            expect(fit.text.length).toBeLessThanOrEqual(maxTextSize);
          }
          if (fit.leftNodes > 0) {
            const bigger = graphToMermaidWithin(g, { maxEdges: Number.MAX_SAFE_INTEGER, maxTextSize: Number.MAX_SAFE_INTEGER });
            expect(bigger.leftNodes).toBe(0);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
