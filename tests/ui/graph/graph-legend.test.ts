import { describe, expect, it } from "vitest";
import { themeColours } from "../../../scripts/harness-theme";
import { legendEntries, type LegendInput } from "../../../src/ui/graph/graph-legend";
import { paletteFrom } from "../../../src/ui/graph/graph-palette";

const p = paletteFrom((name) => themeColours("light")[name] ?? "");
const edge = (tier: "high" | "mid" | "connects" | "body" | "source", stale = false) => ({ edge: { tier, stale } });
const texts = (g: LegendInput, named: Parameters<typeof legendEntries>[2] = null) => legendEntries(g, p, named);

describe("the legend", () => {
  it("names only what an ordinary vault's graph draws: notes and untyped links (it listed 18 lines, 8 of them for nothing)", () => {
    const g: LegendInput = { nodes: [{ kind: "article" }, { kind: "article" }], edges: [edge("body")], groups: null, arrows: true };
    expect(texts(g).items.map((i) => i.text)).toEqual(["Note", "Link (untyped)"]);
  });

  it("lists each node kind, tier and stale edges present, and the arrow only when arrowheads are drawn on a relationship", () => {
    const g: LegendInput = {
      nodes: [{ kind: "concept" }, { kind: "connection" }, { kind: "ghost" }],
      edges: [edge("high"), edge("connects"), edge("mid", true)],
      groups: null,
      arrows: true,
    };
    expect(texts(g).items.map((i) => i.text)).toEqual(["Concept", "Connection", "Missing note", "HIGH", "Connects", "Stale", "Points to the related note"]);
    expect(texts({ ...g, arrows: false }).items.map((i) => i.text)).not.toContain("Points to the related note");
    // A stale MID edge is drawn as stale, not as MID.
    expect(texts(g).items.map((i) => i.text)).not.toContain("MID");
  });

  it("draws each line in the colour the canvas uses for it", () => {
    const g: LegendInput = { nodes: [{ kind: "qa" }], edges: [edge("mid"), edge("high", true)], groups: null, arrows: false };
    expect(Object.fromEntries(texts(g).items.map((i) => [i.text, i.colour]))).toEqual({ "Q&A": p.qa, MID: p.mid, Stale: p.stale });
  });

  it("names only the groups some node wears, one per colour, at most six", () => {
    const names = ["Around A", "Around B", "Around C", "Around D", "Around E", "Around F", "Around G", "Around H"];
    const named = { by: "community" as const, names, colours: [0, 1, 0, 2, 3, 4, 5, 6] };
    const g: LegendInput = {
      nodes: Array.from({ length: 8 }, () => ({ kind: "article" as const })),
      edges: [],
      groups: [0, 1, 1, 3, 4, 5, 6, 6],
      arrows: true,
    };
    const { heading, groups } = texts(g, named);
    expect(heading).toBe("Colour: community");
    // C shares A's colour; D's colour (2) is worn by no node.
    expect(groups.map((e) => e.text)).toEqual(["Around A", "Around B", "Around E", "Around F", "Around G", "Around H"]);
    expect(groups[0]!.colour).toBe(p.groups[0]);
  });

  it("is empty for an empty graph", () => {
    expect(texts({ nodes: [], edges: [], groups: null, arrows: true }).items).toEqual([]);
  });
});
