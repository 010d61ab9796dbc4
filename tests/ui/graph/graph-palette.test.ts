import { describe, expect, it } from "vitest";
import { colourDistance, paletteFrom } from "../../../src/ui/graph/graph-palette";

/** Obsidian's default theme variables (app.css), light and dark, as the canvas reads them (hsl accent resolved). */
const DEFAULT_THEME: Record<"light" | "dark", Record<string, string>> = {
  light: {
    "--color-accent": "#8b6cef",
    "--interactive-accent": "#8b6cef",
    "--color-red": "#e93147",
    "--color-orange": "#ec7500",
    "--color-yellow": "#e0ac00",
    "--color-green": "#08b94e",
    "--color-cyan": "#00bfbc",
    "--color-blue": "#086ddd",
    "--color-purple": "#7852ee",
    "--color-pink": "#d53984",
    "--text-normal": "#222222",
    "--text-muted": "#5a5a5a",
    "--text-faint": "#ababab",
    "--text-error": "#e93147",
    "--text-warning": "#ec7500",
    "--background-primary": "#ffffff",
    "--graph-line": "#d4d4d4",
  },
  dark: {
    "--color-accent": "#8b6cef",
    "--interactive-accent": "#8b6cef",
    "--color-red": "#fb464c",
    "--color-orange": "#e9973f",
    "--color-yellow": "#e0de71",
    "--color-green": "#44cf6e",
    "--color-cyan": "#53dfdd",
    "--color-blue": "#027aff",
    "--color-purple": "#a882ff",
    "--color-pink": "#fa99cd",
    "--text-normal": "#dadada",
    "--text-muted": "#bababa",
    "--text-faint": "#666666",
    "--text-error": "#fb464c",
    "--text-warning": "#e9973f",
    "--background-primary": "#1e1e1e",
    "--graph-line": "#3f3f3f",
  },
};

describe.each(["light", "dark"] as const)("the graph palette under Obsidian's default %s theme", (theme) => {
  const p = paletteFrom((name) => DEFAULT_THEME[theme][name] ?? "");

  it("keeps the stale colour apart from every node type's colour (it was the connections' orange)", () => {
    for (const node of [p.concept, p.connection, p.qa, p.other]) expect(colourDistance(p.stale, node)).toBeGreaterThan(30);
  });

  it("tells the node types apart from each other and from the background", () => {
    const types = [p.concept, p.connection, p.qa, p.other];
    for (let a = 0; a < types.length; a++) for (let b = a + 1; b < types.length; b++) expect(colourDistance(types[a]!, types[b]!)).toBeGreaterThan(30);
    for (const c of types) expect(colourDistance(c, p.background)).toBeGreaterThan(30);
  });

  it("tells HIGH, MID, connects and stale edges apart by colour alone, each visible on the background", () => {
    const edges = [p.high, p.mid, p.connects, p.stale];
    for (let a = 0; a < edges.length; a++) for (let b = a + 1; b < edges.length; b++) expect(colourDistance(edges[a]!, edges[b]!)).toBeGreaterThan(25);
    for (const c of edges) expect(colourDistance(c, p.background)).toBeGreaterThanOrEqual(29);
  });

  it("draws untyped links quieter than every tier yet visible, in the theme's graph line colour", () => {
    expect(p.link).toBe(DEFAULT_THEME[theme]["--graph-line"]);
    for (const tier of [p.high, p.mid, p.connects, p.stale]) expect(colourDistance(p.link, tier)).toBeGreaterThan(12);
    expect(colourDistance(p.link, p.background)).toBeGreaterThan(10);
    const noLine = paletteFrom((name) => (name === "--graph-line" ? "" : (DEFAULT_THEME[theme][name] ?? "")));
    expect(colourDistance(noLine.link, p.mid)).toBeGreaterThan(12);
    expect(colourDistance(noLine.link, p.background)).toBeGreaterThan(10);
  });

  it("gives twelve distinct group colours, none of them the stale or missing colour", () => {
    expect(p.groups).toHaveLength(12);
    expect(new Set(p.groups).size).toBe(12);
    for (const g of p.groups) {
      expect(colourDistance(g, p.stale)).toBeGreaterThan(15);
      expect(colourDistance(g, p.ghost)).toBeGreaterThan(15);
    }
  });
});
