import { describe, expect, it } from "vitest";
import { labelBudget, placeLabels, shortTitle, type LabelCandidate, type PlacedLabel } from "../../../src/ui/graph/graph-labels";

const overlaps = (a: PlacedLabel, b: PlacedLabel): boolean => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const view = { lineHeight: 14, width: 1100, height: 760 };

/** A seeded cloud of `n` nodes; node i's importance falls with i. */
function cloud(n: number, seed = 1): LabelCandidate[] {
  let s = seed;
  const rnd = (): number => (s = (s * 16807) % 2147483647) / 2147483647;
  return Array.from({ length: n }, (_, i) => ({ i, x: rnd() * 1100, y: rnd() * 760, r: 3, text: `Article number ${i}`, width: 100, forced: false }));
}

describe("label placement", () => {
  it("never lets two placed labels overlap, even with thousands of candidates in one place", () => {
    const crowd = cloud(2000).map((c) => ({ ...c, x: 500 + (c.x % 60), y: 300 + (c.y % 40) }));
    const placed = placeLabels(crowd, { ...view, budget: 400, fade: 100 });
    expect(placed.length).toBeGreaterThan(3);
    for (let a = 0; a < placed.length; a++) for (let b = a + 1; b < placed.length; b++) expect(overlaps(placed[a]!, placed[b]!)).toBe(false);
  });

  it("names every hub of a tight knot of eight (their names stack in a column), still without overlaps", () => {
    const knot: LabelCandidate[] = Array.from({ length: 8 }, (_, i) => ({
      i,
      x: 400 + (i % 4) * 9,
      y: 300 + Math.floor(i / 4) * 9,
      r: 4,
      text: `Kalomiren dustorvel ${i}`,
      width: 130,
      forced: false,
    }));
    const placed = placeLabels(knot, { ...view, budget: 30, fade: 9 });
    expect(placed.map((l) => l.i).sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    for (let a = 0; a < placed.length; a++) for (let b = a + 1; b < placed.length; b++) expect(overlaps(placed[a]!, placed[b]!)).toBe(false);
  });

  it("places the most important labels first and moves a label beside its node when below is taken", () => {
    const twins: LabelCandidate[] = [
      { i: 0, x: 200, y: 200, r: 4, text: "Hub", width: 60, forced: false },
      { i: 1, x: 205, y: 204, r: 4, text: "Near hub", width: 60, forced: false },
    ];
    const placed = placeLabels(twins, { ...view, budget: 30, fade: 6 });
    expect(placed.map((l) => l.i)).toEqual([0, 1]);
    expect(placed[0]!.y).toBeGreaterThan(200);
    expect(placed[1]!.y).toBeLessThan(204);
  });

  it("fades labels in with zoom: more at a closer zoom, the least important faint, forced ones always at full strength", () => {
    const nodes = cloud(500);
    const at = (k: number) => placeLabels(nodes, { ...view, budget: labelBudget(k, 0.2), fade: 8 });
    expect(at(0.2).length).toBeLessThan(at(0.4).length);
    const fit = at(0.2);
    expect(
      fit
        .filter((l) => l.alpha === 1)
        .map((l) => l.i)
        .slice(0, 5),
    ).toEqual(fit.slice(0, 5).map((l) => l.i));
    expect(Math.min(...fit.map((l) => l.alpha))).toBeLessThan(1);
    const forced = placeLabels([...nodes.slice(0, 100), { ...nodes[400]!, forced: true }], { ...view, budget: 2, fade: 2 });
    expect(forced[0]).toMatchObject({ i: 400, alpha: 1 });
  });

  it("labels at least the 20 most important notes at the zoom that fits the graph", () => {
    const placed = placeLabels(cloud(2000, 7), { ...view, budget: labelBudget(0.15, 0.15), fade: 9 });
    const top = new Set(placed.filter((l) => l.alpha > 0.9).map((l) => l.i));
    expect([...Array(20).keys()].filter((i) => top.has(i)).length).toBeGreaterThanOrEqual(19);
  });

  it("shortens long titles with an ellipsis", () => {
    expect(shortTitle("Retry with exponential backoff and full jitter")).toBe("Retry with exponential back…");
    expect(shortTitle("Sync")).toBe("Sync");
  });
});
