import type { GraphEdge, GraphNode } from "../../core/graph/graph-types";
import { adjacencyOf, drawnRadius, type Adjacency, type Transform } from "./graph-geometry";
import { labelBudget, placeLabels, shortTitle, type LabelCandidate, type PlacedLabel, type ScreenRect } from "./graph-labels";
import { blend, type GraphPalette } from "./graph-palette";

export type { Transform } from "./graph-geometry";

/** What one frame draws: nodes with positions, edges by index, and what is highlighted. */
export interface GraphScene {
  nodes: GraphNode[];
  edges: { a: number; b: number; edge: GraphEdge }[];
  positions: Float64Array;
  /** Route preview: ids of loaded articles and why; everything else is dimmed. */
  highlights: Map<string, string> | null;
  center: string | null;
  hovered: number;
  /** Colour of each node as an index into the palette's groups (−1: the neutral colour), or null to colour by type. */
  groups: number[] | null;
  adjacency: Adjacency;
  /** Arrowheads on relationships (the Arrows toggle). */
  arrows: boolean;
}

/** A scene over nodes and edges, nothing highlighted, every node at the origin. */
export function sceneOf(nodes: GraphNode[], edges: GraphScene["edges"]): GraphScene {
  return {
    nodes,
    edges,
    positions: new Float64Array(nodes.length * 2),
    highlights: null,
    center: null,
    hovered: -1,
    groups: null,
    adjacency: adjacencyOf(nodes.length, edges),
    arrows: true,
  };
}

/** The nodes in focus: the hovered note and its neighbours, else the route preview's articles; null when none is. */
export function focusOf(scene: GraphScene): Set<number> | null {
  if (scene.hovered >= 0 && scene.hovered < scene.nodes.length) return new Set([scene.hovered, ...scene.adjacency.neighbours[scene.hovered]!]);
  if (!scene.highlights) return null;
  const lit = scene.highlights;
  return new Set(scene.nodes.flatMap((n, i) => (lit.has(n.id) ? [i] : [])));
}

interface EdgeStyle {
  color: string;
  width: number;
  dash: number[];
  /** False for untyped links: no arrowheads (as Obsidian's own graph), so thousands of them stay quiet. */
  arrows: boolean;
  test: (e: GraphEdge) => boolean;
}

/**
 * Draws a frame on a 2D canvas. Edges batched into one path per style, each told apart by colour at any zoom (HIGH
 * in the muted text colour and thicker, MID faint, a connection's links in the connection colour, stale thin and dashed
 * in the warning colour), with arrowheads (unless the Arrows toggle is off) pointing at the related note wherever an edge is long enough to carry one;
 * untyped body links (the whole-vault graph) thin, in the theme's graph line colour, without arrowheads. Nodes by shape (circle concept, diamond connection, square Q&A, ring missing) and colour (type, or folder or
 * community), never smaller than a few pixels. Hovering a note dims all but it and its neighbours. Labels fade in
 * with zoom by importance and never overlap (see placeLabels).
 */
export function drawGraph(
  ctx: CanvasRenderingContext2D,
  scene: GraphScene,
  t: Transform,
  p: GraphPalette,
  width: number,
  height: number,
  fitK = t.k,
  reserved: readonly ScreenRect[] = [],
): PlacedLabel[] {
  ctx.save();
  ctx.fillStyle = p.background;
  ctx.fillRect(0, 0, width, height);
  ctx.translate(t.x, t.y);
  ctx.scale(t.k, t.k);
  const pos = scene.positions;
  const focus = focusOf(scene);
  const dimmed = (i: number): boolean => focus !== null && !focus.has(i);
  // Only what is on screen is drawn (zoomed in on a large graph, most of it is not).
  const pad = 20 / t.k;
  const x0 = -t.x / t.k - pad,
    y0 = -t.y / t.k - pad,
    x1 = (width - t.x) / t.k + pad,
    y1 = (height - t.y) / t.k + pad;
  const seen = (i: number): boolean => pos[i * 2]! >= x0 && pos[i * 2]! <= x1 && pos[i * 2 + 1]! >= y0 && pos[i * 2 + 1]! <= y1;
  const onScreen = scene.edges.filter(
    ({ a, b }) =>
      Math.max(pos[a * 2]!, pos[b * 2]!) >= x0 &&
      Math.min(pos[a * 2]!, pos[b * 2]!) <= x1 &&
      Math.max(pos[a * 2 + 1]!, pos[b * 2 + 1]!) >= y0 &&
      Math.min(pos[a * 2 + 1]!, pos[b * 2 + 1]!) <= y1,
  );
  // Many edges on screen: one-device-pixel lines, which canvases raster many times faster than wider ones; the
  // styles then differ by colour alone (they are chosen to be far apart in every default theme).
  const devicePx = 1 / ctx.getTransform().a;
  const hairline = onScreen.length > 1500;
  const px = (n: number): number => n / t.k;
  const styles: EdgeStyle[] = [
    { color: p.link, width: 0.8, dash: [], arrows: false, test: (e) => e.tier === "body" },
    { color: p.mid, width: 1, dash: [], arrows: true, test: (e) => !e.stale && (e.tier === "mid" || e.tier === "source") },
    { color: p.connects, width: 1.3, dash: [], arrows: true, test: (e) => !e.stale && e.tier === "connects" },
    { color: p.high, width: 1.8, dash: [], arrows: true, test: (e) => !e.stale && e.tier === "high" },
    // Stale: thin and dashed with wide gaps, in the warning colour (at 3:1): readable where one is looked at, without
    // a hundred of them painting the canvas orange.
    { color: p.stale, width: 1, dash: [px(4), px(4)], arrows: true, test: (e) => e.stale },
  ];
  const inFocus = (a: number, b: number): boolean =>
    focus !== null && (scene.hovered >= 0 ? a === scene.hovered || b === scene.hovered : focus.has(a) && focus.has(b));
  for (const s of styles) {
    const mine = onScreen.filter(({ edge }) => s.test(edge));
    if (mine.length === 0) continue;
    // Translucency is blended into the colour: a path stroked with globalAlpha < 1 is many times slower to raster.
    const colour = focus ? blend(s.color, p.background, 0.25) : s.color;
    strokeEdges(ctx, mine, pos, colour, hairline && !s.dash.length ? devicePx : px(s.width), s.dash);
    const arrows = s.arrows && scene.arrows;
    if (arrows) strokeArrowheads(ctx, mine, scene, t.k, colour, hairline ? devicePx : px(1.3));
    if (focus) {
      const lit = mine.filter(({ a, b }) => inFocus(a, b));
      // A lit untyped link takes the MID colour: the faint line colour would not stand out from the dimmed rest.
      strokeEdges(ctx, lit, pos, s.arrows ? s.color : p.mid, px(s.width + 0.8), s.dash);
      if (arrows) strokeArrowheads(ctx, lit, scene, t.k, s.color, px(1.5));
    }
  }
  ctx.setLineDash([]);
  const unstamped = onScreen.filter(({ edge }) => edge.unstamped);
  if (t.k > 1.5 && unstamped.length > 0) strokeEdges(ctx, unstamped, pos, p.ghost, px(1), [px(1), px(3)]);
  ctx.setLineDash([]);
  drawNodes(ctx, scene, t.k, p, seen, dimmed);
  // Rings around the active note, the hovered note and the route's articles.
  ctx.beginPath();
  scene.nodes.forEach((n, i) => {
    if (n.id !== scene.center && i !== scene.hovered && !scene.highlights?.has(n.id)) return;
    const r = drawnRadius(n, t.k) + px(3);
    ctx.moveTo(pos[i * 2]! + r, pos[i * 2 + 1]!);
    ctx.arc(pos[i * 2]!, pos[i * 2 + 1]!, r, 0, Math.PI * 2);
  });
  ctx.strokeStyle = p.highlight;
  ctx.lineWidth = px(2);
  ctx.stroke();
  ctx.restore();
  return drawLabels(ctx, scene, t, p, { width, height, fitK, reserved }, seen, dimmed);
}

function strokeEdges(ctx: CanvasRenderingContext2D, edges: GraphScene["edges"], pos: Float64Array, colour: string, width: number, dash: number[]): void {
  if (edges.length === 0) return;
  ctx.beginPath();
  for (const { a, b } of edges) {
    ctx.moveTo(pos[a * 2]!, pos[a * 2 + 1]!);
    ctx.lineTo(pos[b * 2]!, pos[b * 2 + 1]!);
  }
  ctx.strokeStyle = colour;
  ctx.lineWidth = width;
  ctx.setLineDash(dash);
  ctx.stroke();
}

/**
 * Arrowheads (7 screen pixels long) at the target end of every edge at least 18 screen pixels long, stroked as open
 * chevrons: filling thousands of small triangles takes a software canvas about 30 times longer.
 */
function strokeArrowheads(ctx: CanvasRenderingContext2D, edges: GraphScene["edges"], scene: GraphScene, k: number, colour: string, width: number): void {
  const pos = scene.positions;
  const len = 7 / k;
  const half = 3.2 / k;
  ctx.beginPath();
  let any = false;
  for (const { a, b } of edges) {
    const xa = pos[a * 2]!,
      ya = pos[a * 2 + 1]!,
      xb = pos[b * 2]!,
      yb = pos[b * 2 + 1]!;
    const d = Math.hypot(xb - xa, yb - ya);
    if (d * k < 18) continue;
    const ux = (xb - xa) / d;
    const uy = (yb - ya) / d;
    const r = drawnRadius(scene.nodes[b]!, k) + 1.5 / k;
    const tx = xb - ux * r;
    const ty = yb - uy * r;
    ctx.moveTo(tx - ux * len - uy * half, ty - uy * len + ux * half);
    ctx.lineTo(tx, ty);
    ctx.lineTo(tx - ux * len + uy * half, ty - uy * len - ux * half);
    any = true;
  }
  if (!any) return;
  ctx.setLineDash([]);
  ctx.strokeStyle = colour;
  ctx.lineWidth = width;
  ctx.stroke();
}

/** Nodes batched into one path per colour (thousands of separate fills are what makes a frame slow). */
function drawNodes(
  ctx: CanvasRenderingContext2D,
  scene: GraphScene,
  k: number,
  p: GraphPalette,
  seen: (i: number) => boolean,
  dimmed: (i: number) => boolean,
): void {
  const pos = scene.positions;
  const typeColour: Record<string, string> = { concept: p.concept, connection: p.connection, qa: p.qa, article: p.other, log: p.other };
  const batches = new Map<string, number[]>();
  const rings: number[][] = [[], []];
  scene.nodes.forEach((n, i) => {
    if (!seen(i)) return;
    if (n.kind === "ghost") {
      rings[dimmed(i) ? 0 : 1]!.push(i);
      return;
    }
    const g = scene.groups?.[i];
    const base = scene.groups ? (g !== undefined && g >= 0 && g < p.groups.length ? p.groups[g]! : p.other) : (typeColour[n.kind] ?? p.other);
    const colour = dimmed(i) ? blend(base, p.background, 0.2) : base;
    const list = batches.get(colour) ?? [];
    list.push(i);
    batches.set(colour, list);
  });
  for (const [colour, list] of batches) {
    ctx.beginPath();
    for (const i of list) traceShape(ctx, scene.nodes[i]!.kind, pos[i * 2]!, pos[i * 2 + 1]!, drawnRadius(scene.nodes[i]!, k));
    ctx.fillStyle = colour;
    ctx.fill();
  }
  rings.forEach((list, lit) => {
    if (list.length === 0) return;
    ctx.beginPath();
    for (const i of list) traceShape(ctx, "ghost", pos[i * 2]!, pos[i * 2 + 1]!, drawnRadius(scene.nodes[i]!, k));
    ctx.strokeStyle = lit ? p.ghost : blend(p.ghost, p.background, 0.2);
    ctx.lineWidth = 2 / k;
    ctx.stroke();
  });
}

/** Adds a node's shape to the current path: circle concept (and others), diamond connection, square Q&A. */
export function traceShape(ctx: CanvasRenderingContext2D | Path2D, kind: GraphNode["kind"], x: number, y: number, r: number): void {
  if (kind === "connection") {
    ctx.moveTo(x, y - r * 1.25);
    ctx.lineTo(x + r * 1.25, y);
    ctx.lineTo(x, y + r * 1.25);
    ctx.lineTo(x - r * 1.25, y);
    ctx.closePath();
  } else if (kind === "qa") {
    ctx.rect(x - r * 0.9, y - r * 0.9, r * 1.8, r * 1.8);
  } else {
    ctx.moveTo(x + r, y);
    ctx.arc(x, y, r, 0, Math.PI * 2);
  }
}

const widths = new Map<string, number>();
let widthsFont = "";

/** Labels in screen space: the notes in focus first, then by number of relationships, placed without overlap. */
function drawLabels(
  ctx: CanvasRenderingContext2D,
  scene: GraphScene,
  t: Transform,
  p: GraphPalette,
  view: { width: number; height: number; fitK: number; reserved: readonly ScreenRect[] },
  seen: (i: number) => boolean,
  dimmed: (i: number) => boolean,
): PlacedLabel[] {
  const { width, height, fitK, reserved } = view;
  const font = `12px ${p.font}`;
  ctx.save();
  ctx.font = font;
  if (font !== widthsFont) {
    widths.clear();
    widthsFont = font;
  }
  const measure = (text: string): number => {
    let w = widths.get(text);
    if (w === undefined) {
      w = ctx.measureText(text).width;
      widths.set(text, w);
    }
    return w;
  };
  const pos = scene.positions;
  const centerIndex = scene.center === null ? -1 : scene.nodes.findIndex((n) => n.id === scene.center);
  const forced = new Set<number>();
  for (const f of [scene.hovered, centerIndex]) {
    if (f < 0) continue;
    forced.add(f);
    for (const j of scene.adjacency.neighbours[f] ?? []) forced.add(j);
  }
  scene.nodes.forEach((n, i) => {
    if (scene.highlights?.has(n.id)) forced.add(i);
  });
  const budget = labelBudget(t.k, fitK);
  const fade = Math.max(6, budget * 0.3);
  const candidate = (i: number, isForced: boolean): LabelCandidate => {
    const n = scene.nodes[i]!;
    // A note in focus gets its whole title where the pane has room for it; others (and long ones) a short one.
    const text = isForced && measure(n.title) <= Math.min(width - 8, 320) ? n.title : shortTitle(n.title);
    return { i, x: pos[i * 2]! * t.k + t.x, y: pos[i * 2 + 1]! * t.k + t.y, r: drawnRadius(n, t.k) * t.k, text, width: measure(text), forced: isForced };
  };
  // The hovered note first, then the active note, then the rest in focus; then the rest by degree, a few more than
  // the budget (some of them will not fit).
  const first = [scene.hovered, centerIndex].filter((i) => i >= 0);
  const list: LabelCandidate[] = [...new Set([...first, ...forced])].filter(seen).map((i) => candidate(i, true));
  const limit = (budget + fade) * 3;
  for (const i of scene.adjacency.byDegree) {
    if (list.length >= limit + forced.size) break;
    if (!forced.has(i) && seen(i)) list.push(candidate(i, false));
  }
  ctx.textBaseline = "top";
  ctx.textAlign = "left";
  const placed = placeLabels(list, { budget, fade, lineHeight: 14, width, height, reserved });
  // A halo in the background colour keeps a label readable over the edges behind it.
  ctx.lineWidth = 3;
  ctx.lineJoin = "round";
  ctx.strokeStyle = p.background;
  for (const l of placed) {
    const alpha = dimmed(l.i) ? l.alpha * 0.35 : l.alpha;
    ctx.strokeText(l.text, l.x, l.y);
    ctx.fillStyle = blend(p.text, p.background, alpha);
    ctx.fillText(l.text, l.x, l.y);
  }
  ctx.restore();
  return placed;
}
