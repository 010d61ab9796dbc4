import type { GraphEdge, GraphNode } from "../../core/graph/graph-types";
import type { GraphPalette } from "./graph-palette";

/** The colour groups the legend names when nodes are coloured by folder or community. */
export interface LegendGroups {
  by: "folder" | "community";
  names: string[];
  /** Each named group's colour (an index into the palette's groups; −1: the neutral colour). */
  colours: number[];
}

/** One line of the legend: a swatch (its shape class and colour) and what it stands for. */
export interface LegendEntry {
  swatch: string;
  colour: string;
  text: string;
}

/** What the graph draws, as far as the legend cares: the nodes, the edges, each node's group colour, and arrowheads. */
export interface LegendInput {
  nodes: readonly Pick<GraphNode, "kind">[];
  edges: readonly { edge: Pick<GraphEdge, "tier" | "stale"> }[];
  /** Each node's colour as an index into the palette's groups (−1 neutral), or null when coloured by type. */
  groups: readonly number[] | null;
  arrows: boolean;
}

/** Most groups the legend names (the largest first). */
const GROUPS_SHOWN = 6;

/**
 * The legend's lines for what the graph draws now, and nothing else: a shape per node kind present, a line per edge
 * style present (untyped links, HIGH, MID, a connection's links, stale), the arrow only when arrowheads are drawn on
 * some relationship, and with folder or community colours the largest groups whose colour some node wears.
 */
export function legendEntries(
  g: LegendInput,
  p: GraphPalette,
  named: LegendGroups | null,
): { items: LegendEntry[]; heading: string | null; groups: LegendEntry[] } {
  const kinds = new Set(g.nodes.map((n) => n.kind));
  const live = g.edges.filter((e) => !e.edge.stale);
  const tiers = new Set(live.map((e) => e.edge.tier));
  const byGroup = g.groups !== null && named !== null;
  const items: LegendEntry[] = [];
  const add = (when: boolean, swatch: string, colour: string, text: string): void => {
    if (when) items.push({ swatch, colour, text });
  };
  add(kinds.has("concept"), "is-circle", byGroup ? p.other : p.concept, "Concept");
  add(kinds.has("connection"), "is-diamond", byGroup ? p.other : p.connection, "Connection");
  add(kinds.has("qa"), "is-square", byGroup ? p.other : p.qa, "Q&A");
  add(kinds.has("article") || kinds.has("log"), "is-circle", p.other, "Note");
  add(kinds.has("ghost"), "is-ring", p.ghost, "Missing note");
  add(tiers.has("body"), "is-line is-thin", p.link, "Link (untyped)");
  add(tiers.has("high"), "is-line is-thick", p.high, "HIGH");
  add(tiers.has("mid") || tiers.has("source"), "is-line", p.mid, "MID");
  add(tiers.has("connects"), "is-line", p.connects, "Connects");
  add(live.length < g.edges.length, "is-line is-dashed", p.stale, "Stale");
  add(g.arrows && g.edges.some((e) => e.edge.tier !== "body"), "is-arrow", p.high, "Points to the related note");
  if (!byGroup) return { items, heading: null, groups: [] };
  const worn = new Set(g.groups);
  const seen = new Set<number>();
  const groups: LegendEntry[] = [];
  named.names.forEach((name, i) => {
    const c = named.colours[i] ?? -1;
    if (groups.length >= GROUPS_SHOWN || c < 0 || !worn.has(c) || seen.has(c)) return;
    seen.add(c);
    groups.push({ swatch: "is-circle", colour: p.groups[c] ?? p.other, text: name || "(vault root)" });
  });
  return { items, heading: groups.length > 0 ? (named.by === "folder" ? "Colour: folder" : "Colour: community") : null, groups };
}

/**
 * The graph's legend, small and folded in a corner of the canvas, with the lines of legendEntries in the palette's
 * own colours. Its text wraps inside the pane rather than being cut.
 */
export function renderLegend(el: HTMLElement, p: GraphPalette, g: LegendInput, named: LegendGroups | null): void {
  const open = el.querySelector("details")?.open ?? el.dataset.open === "true";
  el.empty();
  const { items, heading, groups } = legendEntries(g, p, named);
  el.toggleClass("kc-hidden", items.length === 0 && groups.length === 0);
  const details = el.createEl("details", { cls: "kc-graph-legend" });
  details.open = open;
  details.createEl("summary", { text: "Legend" });
  const list = details.createDiv({ cls: "kc-graph-legend-items" });
  const item = (e: LegendEntry): void => {
    const row = list.createDiv({ cls: "kc-graph-legend-item" });
    const s = row.createSpan({ cls: `kc-graph-swatch ${e.swatch}` });
    s.style.setProperty("--kc-swatch", e.colour);
    row.createSpan({ text: e.text });
  };
  items.forEach(item);
  if (heading) list.createDiv({ cls: "kc-graph-legend-heading", text: heading });
  groups.forEach(item);
  details.addEventListener("toggle", () => (el.dataset.open = String(details.open)));
}
