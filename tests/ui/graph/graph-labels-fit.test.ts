import { describe, expect, it } from "vitest";
const LABEL_COVER = 0.3,
  LABEL_GAP_X = 8,
  LABEL_GAP_Y = 2;
import { placeLabels, type LabelCandidate, type PlacedLabel } from "../../../src/ui/graph/graph-labels";

/** Whether two labels come closer than the gaps allow (side by side closer than LABEL_GAP_X, stacked than LABEL_GAP_Y). */
const tooClose = (a: PlacedLabel, b: PlacedLabel): boolean =>
  a.x < b.x + b.width + LABEL_GAP_X && b.x < a.x + a.width + LABEL_GAP_X && a.y < b.y + b.height + LABEL_GAP_Y && b.y < a.y + a.height + LABEL_GAP_Y;
const cut = (l: PlacedLabel, w: number, h: number): boolean => l.x < 0 || l.y < 0 || l.x + l.width > w || l.y + l.height > h;

function seeded(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 16807) % 2147483647) / 2147483647;
}

/** A hub's local graph as the real vault drew it: the hub in the middle, 69 neighbours around it, every label forced. */
function hub(width: number, height: number, n = 70): LabelCandidate[] {
  const rnd = seeded(35);
  return Array.from({ length: n }, (_, i) => {
    const a = rnd() * Math.PI * 2;
    const d = i === 0 ? 0 : 30 + rnd() * Math.min(width, height) * 0.55;
    const text = `Note about topic ${i} ${"x".repeat(Math.floor(rnd() * 14))}`;
    return { i, x: width / 2 + Math.cos(a) * d, y: height / 2 + Math.sin(a) * d, r: i === 0 ? 10 : 4, text, width: text.length * 6.5, forced: true };
  });
}

describe("labels that fit the canvas", () => {
  it("never cuts a label at the canvas edge: nodes on every edge get a label slid inside or none", () => {
    const w = 300,
      h = 400;
    const edge: LabelCandidate[] = [
      { i: 0, x: 2, y: 200, r: 4, text: "Left edge note", width: 90, forced: true },
      { i: 1, x: 298, y: 100, r: 4, text: "Right edge note", width: 95, forced: true },
      { i: 2, x: 150, y: 2, r: 4, text: "Top", width: 30, forced: false },
      { i: 3, x: 150, y: 398, r: 4, text: "Bottom edge note", width: 100, forced: false },
      { i: 4, x: 150, y: 250, r: 4, text: "A title far wider than the whole sidebar it sits in", width: 320, forced: true },
    ];
    const placed = placeLabels(edge, { budget: 30, fade: 6, lineHeight: 14, width: w, height: h });
    for (const l of placed) expect(cut(l, w, h)).toBe(false);
    // The edge notes keep their names, slid inside and still spanning their node; the over-wide title is left out.
    expect(placed.map((l) => l.i).sort()).toEqual([0, 1, 2, 3]);
    const right = placed.find((l) => l.i === 1)!;
    expect(right.x + right.width).toBeLessThanOrEqual(w);
    expect(right.x <= 298 && 298 <= right.x + right.width).toBe(true);
  });

  it("keeps a word's space and more between any two labels, so two names never read as one phrase", () => {
    const rnd = seeded(3);
    const crowd: LabelCandidate[] = Array.from({ length: 400 }, (_, i) => ({
      i,
      x: rnd() * 600,
      y: rnd() * 400,
      r: 3,
      text: `n${i}`,
      width: 40 + rnd() * 60,
      forced: i < 30,
    }));
    const placed = placeLabels(crowd, { budget: 300, fade: 50, lineHeight: 14, width: 600, height: 400 });
    expect(placed.length).toBeGreaterThan(20);
    for (let a = 0; a < placed.length; a++) for (let b = a + 1; b < placed.length; b++) expect(tooClose(placed[a]!, placed[b]!)).toBe(false);
  });

  it("shows a hub's 70 forced labels in a 282×347 sidebar only where they fit: none cut, none close, at most 20% covered", () => {
    const w = 282,
      h = 347;
    const placed = placeLabels(hub(w, h), { budget: 30, fade: 9, lineHeight: 14, width: w, height: h });
    expect(placed.length).toBeGreaterThan(5);
    expect(placed.length).toBeLessThan(30);
    expect(placed[0]!.i).toBe(0);
    for (const l of placed) expect(cut(l, w, h)).toBe(false);
    for (let a = 0; a < placed.length; a++) for (let b = a + 1; b < placed.length; b++) expect(tooClose(placed[a]!, placed[b]!)).toBe(false);
    expect(placed.reduce((s, l) => s + l.width * l.height, 0)).toBeLessThanOrEqual(LABEL_COVER * w * h);
  });

  it("puts no label under the controls over the canvas (the zoom buttons hid a name's end)", () => {
    const w = 390,
      h = 430;
    const opts = { budget: 30, fade: 9, lineHeight: 14, width: w, height: h };
    const free = placeLabels(hub(w, h), opts);
    // Controls just where two names would go without them.
    const zoom = { x: free[0]!.x, y: free[0]!.y, width: 40, height: 40 };
    const legend = { x: free[3]!.x, y: free[3]!.y, width: 70, height: 32 };
    const under = (l: PlacedLabel, r: typeof zoom) => l.x < r.x + r.width && r.x < l.x + l.width && l.y < r.y + r.height && r.y < l.y + l.height;
    const placed = placeLabels(hub(w, h), { ...opts, reserved: [zoom, legend] });
    expect(placed.length).toBeGreaterThan(5);
    expect(placed.filter((l) => under(l, zoom) || under(l, legend))).toEqual([]);
  });

  it("still names all 70 when the pane is large enough for them", () => {
    const placed = placeLabels(hub(1600, 1200), { budget: 30, fade: 9, lineHeight: 14, width: 1600, height: 1200 });
    expect(placed.length).toBeGreaterThanOrEqual(60);
  });
});
