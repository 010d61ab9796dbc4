/** A label that could be drawn: its node's screen position and radius, its text and width, and how it ranks. */
export interface LabelCandidate {
  /** Index of the node. */
  i: number;
  x: number;
  y: number;
  r: number;
  text: string;
  width: number;
  /** Always drawn at full strength when there is room (the active note, the hovered note and their neighbours). */
  forced: boolean;
}

/** A label to draw: its text's top-left corner on screen, its size, and its opacity (0 to 1). */
export interface PlacedLabel {
  i: number;
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
  alpha: number;
}

/** A rectangle on screen (pixels of the canvas). */
export interface ScreenRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** How many labels a zoom shows and where: `budget` labels at full strength, the next `fade` fading out. */
export interface LabelOptions {
  budget: number;
  fade: number;
  lineHeight: number;
  width: number;
  height: number;
  /** Parts of the canvas covered by controls (the zoom buttons, the legend): no label goes under them. */
  reserved?: readonly ScreenRect[];
}

/** Least space between two labels side by side (more than a word space, so two names never read as one phrase). */
export const LABEL_GAP_X = 8;

/** Least space between two labels one above the other. */
export const LABEL_GAP_Y = 2;

/** Largest share of the canvas labels may cover: past it a small pane is text over text, so the rest are left out. */
export const LABEL_COVER = 0.2;

/** Labels at the zoom that fits the whole graph; zooming in by 2 shows four times as many. */
export const LABELS_AT_FIT = 30;

/** How many labels a zoom `k` shows when `fitK` is the zoom that shows the whole graph (grows with the area). */
export function labelBudget(k: number, fitK: number): number {
  return Math.min(5000, LABELS_AT_FIT * Math.max(1, (k / Math.max(1e-6, fitK)) ** 2));
}

/**
 * Places labels in the order given (most important first, as Obsidian's graph fades in its hubs' names first), each
 * below its node or, when that is taken, above, right, left, at a corner or one line further out; a label near the
 * canvas's edge slides along it while it still spans its node. A label that fits nowhere (whole, inside the canvas,
 * LABEL_GAP_X / LABEL_GAP_Y clear of every other and of the controls over the canvas) is left out, and once labels cover LABEL_COVER of the canvas the
 * rest are: no label is cut at the edge, none overlaps or runs into another. Forced labels come first whatever the
 * budget, but only where they fit; the others fade in with their rank.
 */
export function placeLabels(candidates: readonly LabelCandidate[], o: LabelOptions): PlacedLabel[] {
  const placed: PlacedLabel[] = [];
  const grid = new Map<number, [number, number, number, number][]>();
  const CELL = 64;
  const cellsOf = (x0: number, y0: number, x1: number, y1: number): number[] => {
    const out: number[] = [];
    for (let cx = Math.floor(x0 / CELL); cx <= Math.floor(x1 / CELL); cx++)
      for (let cy = Math.floor(y0 / CELL); cy <= Math.floor(y1 / CELL); cy++) out.push(cx * 100_003 + cy);
    return out;
  };
  const free = (x0: number, y0: number, x1: number, y1: number): boolean =>
    cellsOf(x0, y0, x1, y1).every((c) => (grid.get(c) ?? []).every(([a0, b0, a1, b1]) => x1 <= a0 || x0 >= a1 || y1 <= b0 || y0 >= b1));
  const take = (x0: number, y0: number, x1: number, y1: number): void => {
    for (const c of cellsOf(x0, y0, x1, y1)) {
      const list = grid.get(c) ?? [];
      list.push([x0, y0, x1, y1]);
      grid.set(c, list);
    }
  };
  const ordered = [...candidates.filter((c) => c.forced), ...candidates.filter((c) => !c.forced)];
  const gx = LABEL_GAP_X / 2;
  const gy = LABEL_GAP_Y / 2;
  const room = LABEL_COVER * o.width * o.height;
  let covered = 0;
  let rank = 0;
  for (const r of o.reserved ?? []) take(r.x - gx, r.y - gy, r.x + r.width + gx, r.y + r.height + gy);
  for (const c of ordered) {
    const alpha = c.forced ? 1 : Math.min(1, Math.max(0, (o.budget + o.fade - rank) / o.fade));
    if (!c.forced) rank++;
    if (alpha <= 0.05) break;
    const h = o.lineHeight;
    if (c.width > o.width || covered + c.width * h > room) continue;
    // Under or over the node, slid inside the canvas where the edge would cut it (while it still spans the node).
    const slid = (x: number): number => Math.min(Math.max(0, x), o.width - c.width);
    const spansNode = (x: number): boolean => x <= c.x && c.x <= x + c.width;
    const spots: [number, number][] = [
      [c.x - c.width / 2, c.y + c.r + 2],
      [c.x - c.width / 2, c.y - c.r - 2 - h],
      [c.x + c.r + 4, c.y - h / 2],
      [c.x - c.r - 4 - c.width, c.y - h / 2],
      [c.x + c.r, c.y + c.r],
      [c.x - c.r - c.width, c.y + c.r],
      [c.x + c.r, c.y - c.r - h],
      [c.x - c.r - c.width, c.y - c.r - h],
      // One line further out, when two hubs sit close together.
      [c.x - c.width / 2, c.y + c.r + 4 + h],
      [c.x - c.width / 2, c.y - c.r - 4 - 2 * h],
      // Beside, a line lower or higher, then two lines out: a hub in a crowd of hubs still gets its name.
      [c.x + c.r + 4, c.y + h / 2 + 2],
      [c.x + c.r + 4, c.y - 1.5 * h - 2],
      [c.x - c.r - 4 - c.width, c.y + h / 2 + 2],
      [c.x - c.r - 4 - c.width, c.y - 1.5 * h - 2],
      [c.x - c.width / 2, c.y + c.r + 6 + 2 * h],
      [c.x - c.width / 2, c.y - c.r - 6 - 3 * h],
      // A tight knot of hubs: their names stack in a column under, over or beside the knot, up to five lines out.
      ...[3, 4, 5].flatMap((n): [number, number][] => [
        [c.x - c.width / 2, c.y + c.r + 2 * n + n * h],
        [c.x - c.width / 2, c.y - c.r - 2 * n - (n + 1) * h],
        [c.x + c.r + 4, c.y + (n - 1.5) * (h + 2)],
        [c.x + c.r + 4, c.y - (n - 0.5) * (h + 2)],
        [c.x - c.r - 4 - c.width, c.y + (n - 1.5) * (h + 2)],
        [c.x - c.r - 4 - c.width, c.y - (n - 0.5) * (h + 2)],
      ]),
    ];
    const [below, above] = spots;
    const inside = [below!, above!].map(([x, y]): [number, number] => [slid(x), y]).filter(([x]) => spansNode(x));
    spots.splice(2, 0, ...inside);
    for (const [x, y] of spots) {
      if (x < 0 || y < 0 || x + c.width > o.width || y + h > o.height) continue;
      if (!free(x - gx, y - gy, x + c.width + gx, y + h + gy)) continue;
      take(x - gx, y - gy, x + c.width + gx, y + h + gy);
      placed.push({ i: c.i, text: c.text, x, y, width: c.width, height: h, alpha });
      covered += c.width * h;
      break;
    }
  }
  return placed;
}

/** A title cut to `max` characters with an ellipsis (labels of notes that are not in focus stay short). */
export function shortTitle(title: string, max = 28): string {
  return title.length > max ? `${title.slice(0, max - 1).trimEnd()}…` : title;
}
