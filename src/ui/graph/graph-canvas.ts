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
}

/** Reads the palette from the theme variables in effect on an element. */
export function readPalette(el: HTMLElement): GraphPalette {
  const css = getComputedStyle(el);
  const v = (name: string, fallback: string): string => css.getPropertyValue(name).trim() || fallback;
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
  const styles: { key: string; color: string; width: number; alpha: number; dash: number[]; test: (e: GraphEdge) => boolean }[] = [
    { key: "mid", color: p.edge, width: 0.7, alpha: 0.35, dash: [], test: (e) => e.tier === "mid" && !e.stale },
    { key: "other", color: p.edge, width: 0.8, alpha: 0.5, dash: t.k > 1.2 ? [4, 3] : [], test: (e) => e.tier !== "mid" && e.tier !== "high" },
    { key: "high", color: p.edge, width: 2, alpha: 0.8, dash: [], test: (e) => e.tier === "high" && !e.stale },
    { key: "stale", color: p.stale, width: 1.8, alpha: 0.95, dash: t.k > 1.2 ? [6, 4] : [], test: (e) => e.stale },
  ];
  for (const s of styles) {
    ctx.beginPath();
    let any = false;
    for (const { a, b, edge } of scene.edges) {
      if (!s.test(edge)) continue;
      any = true;
      ctx.moveTo(pos[a * 2]!, pos[a * 2 + 1]!);
      ctx.lineTo(pos[b * 2]!, pos[b * 2 + 1]!);
    }
    if (!any) continue;
    ctx.strokeStyle = s.color;
    ctx.globalAlpha = lit ? s.alpha * 0.3 : s.alpha;
    ctx.lineWidth = s.width / Math.sqrt(t.k);
    ctx.setLineDash(s.dash);
    ctx.stroke();
  }
  ctx.setLineDash(t.k > 1.5 ? [1, 3] : []);
  ctx.beginPath();
  for (const { a, b, edge } of scene.edges) {
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
    for (const { a, b } of scene.edges) {
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
  if (t.k > 1.5) drawArrowheads(ctx, scene, p);
  scene.nodes.forEach((n, i) => {
    const x = pos[i * 2]!;
    const y = pos[i * 2 + 1]!;
    const r = radiusOf(n);
    ctx.globalAlpha = dim(n.id) ? 0.2 : 1;
    ctx.fillStyle = n.kind === "concept" ? p.concept : n.kind === "connection" ? p.connection : n.kind === "qa" ? p.qa : n.kind === "ghost" ? p.background : p.other;
    ctx.strokeStyle = n.kind === "ghost" ? p.ghost : p.background;
    ctx.lineWidth = n.kind === "ghost" ? 2 : 1;
    ctx.beginPath();
    if (n.kind === "connection") {
      ctx.moveTo(x, y - r * 1.2);
      ctx.lineTo(x + r * 1.2, y);
      ctx.lineTo(x, y + r * 1.2);
      ctx.lineTo(x - r * 1.2, y);
      ctx.closePath();
    } else if (n.kind === "qa") ctx.rect(x - r, y - r, r * 2, r * 2);
    else ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.fill();
    ctx.stroke();
    if (n.id === scene.center || i === scene.hovered || lit?.has(n.id)) {
      ctx.strokeStyle = p.highlight;
      ctx.lineWidth = 2.5 / t.k;
      ctx.beginPath();
      ctx.arc(x, y, r + 3, 0, Math.PI * 2);
      ctx.stroke();
    }
  });
  ctx.globalAlpha = 1;
  ctx.fillStyle = p.text;
  ctx.font = `${12 / t.k}px var(--font-interface, sans-serif)`;
  ctx.textAlign = "center";
  ctx.textBaseline = "top";
  scene.nodes.forEach((n, i) => {
    const important = n.id === scene.center || i === scene.hovered || (lit?.has(n.id) ?? false);
    if (!important && (t.k < 0.9 || scene.nodes.length > 400 / t.k)) return;
    const label = lit?.get(n.id);
    ctx.globalAlpha = dim(n.id) ? 0.3 : 1;
    ctx.fillText(label ? `${n.title} · ${label}` : n.title, pos[i * 2]!, pos[i * 2 + 1]! + radiusOf(n) + 2 / t.k);
  });
  ctx.restore();
}

function drawArrowheads(ctx: CanvasRenderingContext2D, scene: GraphScene, p: GraphPalette): void {
  const pos = scene.positions;
  ctx.globalAlpha = 0.8;
  ctx.fillStyle = p.edge;
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
