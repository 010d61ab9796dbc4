import type { GraphScene } from "./graph-canvas";
import { radiusOf } from "./graph-geometry";
import type { GraphPalette } from "./graph-palette";

/** The same frame as SVG (for export): one element per node and edge, colours from the palette. */
export function sceneToSvg(scene: GraphScene, p: GraphPalette): string {
  const pos = scene.positions;
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  for (let i = 0; i < scene.nodes.length; i++) {
    minX = Math.min(minX, pos[i * 2]!);
    maxX = Math.max(maxX, pos[i * 2]!);
    minY = Math.min(minY, pos[i * 2 + 1]!);
    maxY = Math.max(maxY, pos[i * 2 + 1]!);
  }
  if (!Number.isFinite(minX)) {
    minX = minY = 0;
    maxX = maxY = 1;
  }
  const esc = (s: string): string => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${minX - 40} ${minY - 40} ${maxX - minX + 80} ${maxY - minY + 80}">`,
    `<rect x="${minX - 40}" y="${minY - 40}" width="${maxX - minX + 80}" height="${maxY - minY + 80}" fill="${p.background}"/>`,
  ];
  // Arrowheads as on the canvas: on relationships (never untyped body links) while the Arrows toggle is on, one marker
  // per colour, each line ending at the edge of the node it points to so the head shows.
  const markers = new Map<string, string>();
  const lines: string[] = [];
  for (const { a, b, edge } of scene.edges) {
    const stroke = edge.stale ? p.stale : edge.tier === "high" ? p.high : edge.tier === "connects" ? p.connects : edge.tier === "body" ? p.link : p.mid;
    const w = edge.tier === "high" ? 2 : 0.8;
    const extra = edge.stale ? ' stroke-dasharray="6 4"' : edge.tier === "mid" ? ' stroke-opacity="0.4"' : "";
    const [x1, y1, bx, by] = [pos[a * 2]!, pos[a * 2 + 1]!, pos[b * 2]!, pos[b * 2 + 1]!];
    const length = Math.hypot(bx - x1, by - y1);
    const arrow = scene.arrows && edge.tier !== "body" && length > radiusOf(scene.nodes[b]!) + 8;
    const cut = arrow ? (radiusOf(scene.nodes[b]!) + 1) / length : 0;
    const id = arrow ? (markers.get(stroke) ?? markers.set(stroke, `kc-arrow-${markers.size}`).get(stroke)!) : "";
    lines.push(
      `<line x1="${x1.toFixed(1)}" y1="${y1.toFixed(1)}" x2="${(bx - (bx - x1) * cut).toFixed(1)}" y2="${(by - (by - y1) * cut).toFixed(1)}" stroke="${stroke}" stroke-width="${w}"${extra}${arrow ? ` marker-end="url(#${id})"` : ""}/>`,
    );
  }
  if (markers.size > 0) {
    out.push("<defs>");
    for (const [colour, id] of markers)
      out.push(
        `<marker id="${id}" viewBox="0 0 8 8" refX="8" refY="4" markerWidth="8" markerHeight="8" markerUnits="userSpaceOnUse" orient="auto"><path d="M0,0 L8,4 L0,8" fill="none" stroke="${colour}" stroke-width="1.3"/></marker>`,
      );
    out.push("</defs>");
  }
  out.push(...lines);
  scene.nodes.forEach((n, i) => {
    const fill = n.kind === "concept" ? p.concept : n.kind === "connection" ? p.connection : n.kind === "qa" ? p.qa : n.kind === "ghost" ? "none" : p.other;
    out.push(
      `<circle cx="${pos[i * 2]!.toFixed(1)}" cy="${pos[i * 2 + 1]!.toFixed(1)}" r="${radiusOf(n).toFixed(1)}" fill="${fill}"${n.kind === "ghost" ? ` stroke="${p.ghost}"` : ""}><title>${esc(n.title)}</title></circle>`,
    );
    out.push(
      `<text x="${pos[i * 2]!.toFixed(1)}" y="${(pos[i * 2 + 1]! + radiusOf(n) + 12).toFixed(1)}" font-size="10" text-anchor="middle" fill="${p.text}">${esc(n.title)}</text>`,
    );
  });
  out.push("</svg>");
  return `${out.join("\n")}\n`;
}
