import { describe, expect, it } from "vitest";
import { themeColours } from "../../../scripts/harness-theme";
import { contrastRatio, hslOf, hueGap, MIN_CONTRAST, paletteFrom, TYPE_HUE_GAP, withContrast } from "../../../src/ui/graph/graph-palette";

// The palette as the plugin builds it from the theme variables the browser harnesses draw with (Obsidian's default
// light and dark themes), against the canvas background of the same theme.
describe.each(["light", "dark"] as const)("graph colours in the default %s theme", (theme) => {
  const vars = themeColours(theme);
  const p = paletteFrom((name) => vars[name] ?? "");

  it("draws on the theme's own background", () => {
    expect(p.background).toBe(vars["--background-primary"]);
  });

  it("gives every colour that carries meaning at least 3:1 against the canvas", () => {
    const roles = { concept: p.concept, connection: p.connection, qa: p.qa, other: p.other, ghost: p.ghost, high: p.high, mid: p.mid };
    const all = { ...roles, connects: p.connects, stale: p.stale, text: p.text, highlight: p.highlight };
    const low = Object.entries(all).filter(([, c]) => contrastRatio(c, p.background) < MIN_CONTRAST);
    expect(low.map(([role, c]) => `${role} ${c} ${contrastRatio(c, p.background).toFixed(2)}:1`)).toEqual([]);
    for (const g of p.groups) expect(contrastRatio(g, p.background)).toBeGreaterThanOrEqual(MIN_CONTRAST);
  });

  it("never gives a region a node type's hue", () => {
    for (const g of p.groups.slice(0, p.hues))
      for (const type of [p.concept, p.connection, p.qa]) expect(hueGap(hslOf(g)[0], hslOf(type)[0])).toBeGreaterThanOrEqual(TYPE_HUE_GAP);
  });

  it("draws notes of no type in a mid grey, not the near-black of muted text", () => {
    const [, , l] = hslOf(p.other);
    expect(l).toBeGreaterThan(0.35);
    expect(l).toBeLessThan(0.65);
  });

  it("keeps untyped links quieter than every typed relationship", () => {
    for (const tier of [p.high, p.mid, p.connects, p.stale]) expect(contrastRatio(p.link, p.background)).toBeLessThan(contrastRatio(tier, p.background));
  });
});

describe("contrast helpers", () => {
  it("measures WCAG contrast: black on white is 21:1, a colour on itself 1:1", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#777777")).toBe(1);
  });

  it("moves a colour toward the text until it reaches the ratio, and leaves a readable one alone", () => {
    const cyan = withContrast("#00bfbc", "#ffffff", "#222222", 3);
    expect(contrastRatio("#00bfbc", "#ffffff")).toBeLessThan(3);
    expect(contrastRatio(cyan, "#ffffff")).toBeGreaterThanOrEqual(3);
    expect(hueGap(hslOf(cyan)[0], hslOf("#00bfbc")[0])).toBeLessThan(10);
    expect(withContrast("#222222", "#ffffff", "#000000", 3)).toBe("#222222");
  });
});
