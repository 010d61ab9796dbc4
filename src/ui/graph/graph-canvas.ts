import type { GraphEdge, GraphNode } from "../../core/graph/graph-types";

/** Colours of the drawing, read from Obsidian's CSS variables so every theme (light or dark) works. */
export interface GraphPalette {
  concept: string;
  connection: string;
  qa: string;
  other: string;
  ghost: string;
  edge: string;
  stale: string;
  text: string;
  highlight: string;
  background: string;
  /** The interface font family (the canvas cannot read CSS variables itself). */
  font: string;
}

/** A colour as "#rrggbb" (any CSS colour the canvas understands; unknown ones give the fallback). */
function normalise(colour: string, fallback: string): string {
  const ctx = createEl("canvas").getContext("2d");
  if (!ctx) return fallback;
  ctx.fillStyle = fallback;
  ctx.fillStyle = colour;
  return ctx.fillStyle;
}

/** `fg` at opacity `alpha` over `bg`, as one opaque colour (both "#rrggbb"; anything else is returned as is). */
export function blend(fg: string, bg: string, alpha: number): string {
  const rgb = (c: string): number[] | null => (/^#[0-9a-f]{6}$/i.test(c) ? [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16)) : null);
  const f = rgb(fg);
  const b = rgb(bg);
  if (!f || !b) return fg;
  return `#${f.map((x, i) => Math.round(x * alpha + b[i]! * (1 - alpha)).toString(16).padStart(2, "0")).join("")}`;
}

/** Reads the palette from the theme variables in effect on an element. */
export function readPalette(el: HTMLElement): GraphPalette {
  const css = getComputedStyle(el);
  const v = (name: string, fallback: string): string => normalise(css.getPropertyValue(name).trim() || fallback, fallback);
  return {
    concept: v("--color-accent", "#7c3aed"),
    connection: v("--color-orange", "#d97706"),
    qa: v("--color-green", "#16a34a"),
    other: v("--text-muted", "#888888"),
    ghost: v("--text-error", "#dc2626"),
    edge: v("--text-muted", "#888888"),
    stale: v("--text-warning", v("--color-yellow", "#ca8a04")),
    text: v("--text-normal", "#222222"),
    highlight: v("--interactive-accent", "#7c3aed"),
    background: v("--background-primary", "#ffffff"),
    font: css.getPropertyValue("--font-interface").trim() || css.fontFamily || "sans-serif",
  };
}

/** Pan and zoom: screen = world × k + (x, y). */
export interface Transform {
  x: number;
  y: number;
  k: number;
}

/** What one frame draws: nodes with positions, edges by index, and what is highlighted. */
export interface GraphScene {
  nodes: GraphNode[];
  edges: { a: number; b: number; edge: GraphEdge }[];
  positions: Float64Array;
  /** Route preview: ids of loaded articles and why; everything else is dimmed. */
  highlights: Map<string, string> | null;
  center: string | null;
  hovered: number;
}

/** Radius of a node: by inbound HIGH count (or corroborations), so hubs stand out. */
export function radiusOf(n: GraphNode): number {
  return 4 + Math.min(10, Math.sqrt(n.inboundHigh * 3 + Math.max(0, n.corroborations - 1)));
}

/**
 * Draws a frame on a 2D canvas: edges batched into one path per style (HIGH thick, MID thin and translucent, stale
 * in the warning colour, dashed only when zoomed in, unstamped dotted when zoomed in, arrowheads only up close),
 * then nodes by shape (circle concept, diamond connection, square Q&A, ring ghost) and labels when zoomed in.
 */
export function drawGraph(ctx: CanvasRenderingContext2D, scene: GraphScene, t: Transform, p: GraphPalette, width: number, height: number): void {
  ctx.save();
  ctx.fillStyle = p.background;
  ctx.fillRect(0, 0, width, height);
  ctx.translate(t.x, t.y);
  ctx.scale(t.k, t.k);
  const pos = scene.positions;
  const lit = scene.highlights;
  const dim = (id: string): boolean => lit !== null && !lit.has(id);
  // Only what is on screen is drawn (zoomed in on a large graph, most of it is not).
  const pad = 20 / t.k;
  const x0 = -t.x / t.k - pad, y0 = -t.y / t.k - pad, x1 = (width - t.x) / t.k + pad, y1 = (height - t.y) / t.k + pad;
  const seen = (i: number): boolean => pos[i * 2]! >= x0 && pos[i * 2]! <= x1 && pos[i * 2 + 1]! >= y0 && pos[i * 2 + 1]! <= y1;
  const edgesOnScreen = scene.edges.filter(({ a, b }) =>
    Math.max(pos[a * 2]!, pos[b * 2]!) >= x0 && Math.min(pos[a * 2]!, pos[b * 2]!) <= x1 &&
    Math.max(pos[a * 2 + 1]!, pos[b * 2 + 1]!) >= y0 && Math.min(pos[a * 2 + 1]!, pos[b * 2 + 1]!) <= y1);
  const visible = { ...scene, edges: edgesOnScreen };
  // Many edges on screen: one-device-pixel lines, which canvases raster many times faster than wider ones; HIGH
  // then stands out by its stronger colour instead of its width.
  const devicePx = 1 / ctx.getTransform().a;
  const hairline = edgesOnScreen.length > 1500;
  const styles: { key: string; color: string; width: number; alpha: number; dash: number[]; test: (e: GraphEdge) => boolean }[] = [
    { key: "mid", color: p.edge, width: 0.7, alpha: 0.35, dash: [], test: (e) => e.tier === "mid" && !e.stale },
    { key: "other", color: p.edge, width: 0.8, alpha: 0.5, dash: t.k > 1.2 ? [4, 3] : [], test: (e) => e.tier !== "mid" && e.tier !== "high" },
    { key: "high", color: p.edge, width: 2, alpha: 0.8, dash: [], test: (e) => e.tier === "high" && !e.stale },
    { key: "stale", color: p.stale, width: 1.8, alpha: 0.95, dash: t.k > 1.2 ? [6, 4] : [], test: (e) => e.stale },
  ];
  for (const s of styles) {
    ctx.beginPath();
    let any = false;
    for (const { a, b, edge } of edgesOnScreen) {
      if (!s.test(edge)) continue;
      any = true;
      ctx.moveTo(pos[a * 2]!, pos[a * 2 + 1]!);
      ctx.lineTo(pos[b * 2]!, pos[b * 2 + 1]!);
    }
    if (!any) continue;
    // Translucency is blended into the colour: a path stroked with globalAlpha < 1 is many times slower to raster.
    ctx.strokeStyle = blend(s.color, p.background, lit ? s.alpha * 0.3 : s.alpha);
    ctx.lineWidth = hairline ? devicePx : s.width / Math.sqrt(t.k);
    ctx.setLineDash(s.dash);
    ctx.stroke();
  }
  ctx.setLineDash(t.k > 1.5 ? [1, 3] : []);
  ctx.beginPath();
  for (const { a, b, edge } of edgesOnScreen) {
    if (!edge.unstamped || t.k <= 1.5) continue;
    ctx.moveTo(pos[a * 2]!, pos[a * 2 + 1]!);
    ctx.lineTo(pos[b * 2]!, pos[b * 2 + 1]!);
  }
  ctx.strokeStyle = p.ghost;
  ctx.stroke();
  ctx.setLineDash([]);
  if (lit) {
    // Route preview: edges between loaded articles drawn again at full strength.
    ctx.beginPath();
    for (const { a, b } of edgesOnScreen) {
      if (lit.has(scene.nodes[a]!.id) && lit.has(scene.nodes[b]!.id)) {
        ctx.moveTo(pos[a * 2]!, pos[a * 2 + 1]!);
        ctx.lineTo(pos[b * 2]!, pos[b * 2 + 1]!);
      }
    }
    ctx.globalAlpha = 1;
    ctx.strokeStyle = p.highlight;
    ctx.lineWidth = 2 / Math.sqrt(t.k);
    ctx.stroke();
  }
  if (t.k > 1.5) drawArrowheads(ctx, visible, p);
  // Nodes batched into one path per kind and dimming (thousands of separate fills are what makes a frame slow).
  const tiny = t.k * 4 < 1.5;
  const kinds: [GraphNode["kind"][], string][] = [[["concept"], p.concept], [["connection"], p.connection], [["qa"], p.qa], [["article", "log"], p.other]];
  for (const dimmed of lit ? [true, false] : [false]) {
    for (const [ks, colour] of kinds) {
      ctx.beginPath();
      scene.nodes.forEach((n, i) => {
        if (!ks.includes(n.kind) || dim(n.id) !== dimmed || !seen(i)) return;
        const x = pos[i * 2]!;
        const y = pos[i * 2 + 1]!;
        const r = radiusOf(n);
        if (tiny) ctx.rect(x - r, y - r, r * 2, r * 2);
        else if (n.kind === "connection") {
          ctx.moveTo(x, y - r * 1.2);
          ctx.lineTo(x + r * 1.2, y);
          ctx.lineTo(x, y + r * 1.2);
          ctx.lineTo(x - r * 1.2, y);
          ctx.closePath();
        } else if (n.kind === "qa") ctx.rect(x - r, y - r, r * 2, r * 2);
        else {
          ctx.moveTo(x + r, y);
          ctx.arc(x, y, r, 0, Math.PI * 2);
        }
      });
      ctx.fillStyle = dimmed ? blend(colour, p.background, 0.2) : colour;
      ctx.fill();
    }
    ctx.beginPath();
    scene.nodes.forEach((n, i) => {
      if (n.kind !== "ghost" || dim(n.id) !== dimmed) return;
      const r = radiusOf(n);
      ctx.moveTo(pos[i * 2]! + r, pos[i * 2 + 1]!);
      ctx.arc(pos[i * 2]!, pos[i * 2 + 1]!, r, 0, Math.PI * 2);
    });
    ctx.strokeStyle = dimmed ? blend(p.ghost, p.background, 0.2) : p.ghost;
    ctx.lineWidth = 2 / Math.sqrt(t.k);
    ctx.stroke();
  }
  ctx.globalAlpha = 1;
  ctx.beginPath();
  scene.nodes.forEach((n, i) => {
    if (n.id !== scene.center && i !== scene.hovered && !lit?.has(n.id)) return;
    const r = radiusOf(n) + 3;
    ctx.moveTo(pos[i * 2]! + r, pos[i * 2 + 1]!);
    ctx.arc(pos[i * 2]!, pos[i * 2 + 1]!, r, 0, Math.PI * 2);
  });
  ctx.strokeStyle = p.highlight;
  ctx.lineWidth = 2.5 / t.k;
  ctx.stroke();
  ctx.globalAlpha = 1;
  ctx.fillStyle = p.text;
  ctx.font = `${12 / t.k}px ${p.font}`;
  ctx.textAlign = "center";
  ctx.textBaseline = "top";
  let labelled = 0;
  scene.nodes.forEach((n, i) => {
    const important = n.id === scene.center || i === scene.hovered || (lit?.has(n.id) ?? false);
    if (!seen(i) || (!important && (t.k < 0.9 || labelled > 300))) return;
    labelled++;
    const label = lit?.get(n.id);
    ctx.fillStyle = dim(n.id) ? blend(p.text, p.background, 0.3) : p.text;
    ctx.fillText(label ? `${n.title} · ${label}` : n.title, pos[i * 2]!, pos[i * 2 + 1]! + radiusOf(n) + 2 / t.k);
  });
  ctx.restore();
}

function drawArrowheads(ctx: CanvasRenderingContext2D, scene: GraphScene, p: GraphPalette): void {
  const pos = scene.positions;
  ctx.fillStyle = blend(p.edge, p.background, 0.8);
  ctx.beginPath();
  for (const { a, b } of scene.edges) {
    const x1 = pos[a * 2]!;
    const y1 = pos[a * 2 + 1]!;
    const x2 = pos[b * 2]!;
    const y2 = pos[b * 2 + 1]!;
    const len = Math.hypot(x2 - x1, y2 - y1);
    if (len < 1) continue;
    const ux = (x2 - x1) / len;
    const uy = (y2 - y1) / len;
    const r = radiusOf(scene.nodes[b]!) + 2;
    const tipX = x2 - ux * r;
    const tipY = y2 - uy * r;
    ctx.moveTo(tipX, tipY);
    ctx.lineTo(tipX - ux * 6 - uy * 3, tipY - uy * 6 + ux * 3);
    ctx.lineTo(tipX - ux * 6 + uy * 3, tipY - uy * 6 - ux * 3);
    ctx.closePath();
  }
  ctx.fill();
}

/** The index of the node under a world point, or -1. */
export function nodeAt(scene: GraphScene, wx: number, wy: number, k: number): number {
  let best = -1;
  let bestD = Infinity;
  const slack = 4 / k;
  for (let i = 0; i < scene.nodes.length; i++) {
    const d = Math.hypot(scene.positions[i * 2]! - wx, scene.positions[i * 2 + 1]! - wy);
    if (d <= radiusOf(scene.nodes[i]!) + slack && d < bestD) {
      best = i;
      bestD = d;
    }
  }
  return best;
}

/** The same frame as SVG (for export): one element per node and edge, colours from the palette. */
export function sceneToSvg(scene: GraphScene, p: GraphPalette): string {
  const pos = scene.positions;
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (let i = 0; i < scene.nodes.length; i++) {
    minX = Math.min(minX, pos[i * 2]!); maxX = Math.max(maxX, pos[i * 2]!);
    minY = Math.min(minY, pos[i * 2 + 1]!); maxY = Math.max(maxY, pos[i * 2 + 1]!);
  }
  if (!Number.isFinite(minX)) { minX = minY = 0; maxX = maxY = 1; }
  const esc = (s: string): string => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  const out = [`<svg xmlns="http://www.w3.org/2000/svg" viewBox="${minX - 40} ${minY - 40} ${maxX - minX + 80} ${maxY - minY + 80}">`, `<rect x="${minX - 40}" y="${minY - 40}" width="${maxX - minX + 80}" height="${maxY - minY + 80}" fill="${p.background}"/>`];
  for (const { a, b, edge } of scene.edges) {
    const stroke = edge.stale ? p.stale : p.edge;
    const w = edge.tier === "high" ? 2 : 0.8;
    const extra = edge.stale ? ' stroke-dasharray="6 4"' : edge.tier === "mid" ? ' stroke-opacity="0.4"' : "";
    out.push(`<line x1="${pos[a * 2]!.toFixed(1)}" y1="${pos[a * 2 + 1]!.toFixed(1)}" x2="${pos[b * 2]!.toFixed(1)}" y2="${pos[b * 2 + 1]!.toFixed(1)}" stroke="${stroke}" stroke-width="${w}"${extra}/>`);
  }
  scene.nodes.forEach((n, i) => {
    const fill = n.kind === "concept" ? p.concept : n.kind === "connection" ? p.connection : n.kind === "qa" ? p.qa : n.kind === "ghost" ? "none" : p.other;
    out.push(`<circle cx="${pos[i * 2]!.toFixed(1)}" cy="${pos[i * 2 + 1]!.toFixed(1)}" r="${radiusOf(n).toFixed(1)}" fill="${fill}"${n.kind === "ghost" ? ` stroke="${p.ghost}"` : ""}><title>${esc(n.title)}</title></circle>`);
    out.push(`<text x="${pos[i * 2]!.toFixed(1)}" y="${(pos[i * 2 + 1]! + radiusOf(n) + 12).toFixed(1)}" font-size="10" text-anchor="middle" fill="${p.text}">${esc(n.title)}</text>`);
  });
  out.push("</svg>");
  return `${out.join("\n")}\n`;
}
