import { filterGraph, neighbourhood } from "../../core/graph/graph-queries";
import type { GraphView as GraphData } from "../../core/graph/graph-types";
import { summarizeRoute } from "../../core/route/format-route-trace";
import type { RouteResult } from "../../core/route/route-types";

/** How nodes are coloured: by type, by folder, by community, or "auto" (type, or community on large graphs). */
export type ColourBy = "auto" | "type" | "folder" | "community";

/** The graph toolbar's choices: which part of the graph is shown. */
export interface GraphControls {
  mode: "local" | "global";
  /** Rings around the active note in "This note", 1 to 5. */
  depth: number;
  mid: boolean;
  staleOnly: boolean;
  /** A node kind to keep in the whole-base view; "" keeps every kind. */
  kind: string;
  colour: ColourBy;
  /** Notes with no link or relationship in what is shown (Obsidian's "Orphans"); the active note always stays. */
  orphans: boolean;
  /** Arrowheads on relationships. */
  arrows: boolean;
}

/** The controls a new graph view starts with (as Obsidian's graph: orphans and arrows shown). */
export const DEFAULT_CONTROLS: GraphControls = { mode: "local", depth: 1, mid: false, staleOnly: false, kind: "", colour: "auto", orphans: true, arrows: true };

/** Saved controls read back (a view's saved state): anything missing or of the wrong type takes its default. */
export function controlsFrom(saved: unknown): GraphControls {
  const s = (saved && typeof saved === "object" ? saved : {}) as Record<string, unknown>;
  const d = DEFAULT_CONTROLS;
  const bool = (k: keyof GraphControls): boolean => (typeof s[k] === "boolean" ? s[k] : (d[k] as boolean));
  const depth = typeof s.depth === "number" && Number.isInteger(s.depth) ? Math.min(5, Math.max(1, s.depth)) : d.depth;
  return {
    mode: s.mode === "global" ? "global" : "local",
    depth,
    mid: bool("mid"),
    staleOnly: bool("staleOnly"),
    kind: typeof s.kind === "string" && ["", "concept", "connection", "qa"].includes(s.kind) ? s.kind : d.kind,
    colour: typeof s.colour === "string" && ["auto", "type", "folder", "community"].includes(s.colour) ? (s.colour as ColourBy) : d.colour,
    orphans: bool("orphans"),
    arrows: bool("arrows"),
  };
}

/** The graph without its orphans (nodes that no shown edge touches), keeping `keep` (the active note) whatever it has. */
export function withoutOrphans(g: GraphData, keep: string | null): GraphData {
  const linked = new Set(g.edges.flatMap((e) => [e.from, e.to]));
  return { ...g, nodes: g.nodes.filter((n) => linked.has(n.id) || n.id === keep) };
}

/** Above this many notes shown, "auto" colours by community instead of type (a ball of same-coloured dots says little). */
export const COMMUNITY_COLOURS_FROM = 400;

/** How the shown graph is coloured: the person's choice, or for "auto" by type until the graph grows large. */
export function colourMode(c: GraphControls, shownNodes: number): "type" | "folder" | "community" {
  return c.colour === "auto" ? (shownNodes > COMMUNITY_COLOURS_FROM ? "community" : "type") : c.colour;
}

/** Most nodes the global view draws before it asks for a filter. */
const GLOBAL_CAP = 5000;

/** The part of the whole graph the controls select around the active note, and the status line that says what it is. */
export function selectGraph(
  whole: GraphData,
  active: string | null,
  c: GraphControls,
  scope: "knowledge" | "vault" = "knowledge",
): { shown: GraphData; status: string } {
  // The whole vault's notes are joined by their links: draw them (untyped) in both views, as Obsidian's graph does.
  const body = scope === "vault";
  if (c.mode === "local") {
    const center = active && whole.nodes.some((n) => n.id === active) ? active : null;
    let shown = center ? neighbourhood(whole, center, { depth: c.depth, mid: c.mid, body, cap: 300 }) : { nodes: [], edges: [], omitted: 0 };
    if (c.staleOnly) shown = filterGraph(shown, { cap: 300, staleOnly: true });
    if (!c.orphans) shown = withoutOrphans(shown, center);
    const open = body
      ? "Open a note to see its links and relationships, or switch to the whole vault."
      : "Open an article of the knowledge base to see its relationships, or switch to the whole base.";
    return { shown, status: center ? describeGraph(shown, "around this note", body) : open };
  }
  const kinds = c.kind ? new Set([c.kind as GraphData["nodes"][number]["kind"]]) : undefined;
  const tiers = c.mid ? undefined : new Set<GraphData["edges"][number]["tier"]>(body ? ["high", "connects", "body"] : ["high", "connects"]);
  const filtered = filterGraph(whole, { cap: GLOBAL_CAP, staleOnly: c.staleOnly, ...(kinds ? { kinds } : {}), ...(tiers ? { tiers } : {}) });
  const shown = c.orphans ? filtered : withoutOrphans(filtered, null);
  return { shown, status: describeGraph(shown, body ? "in the vault" : "in the knowledge base", body) };
}

/** Says how many notes and relationships (and, in the whole vault, links) are shown, how many stale, and what the cap left out. */
function describeGraph(g: GraphData, where: string, links: boolean): string {
  const stale = g.edges.filter((e) => e.stale).length;
  const left = g.omitted > 0 ? ` ${g.omitted.toLocaleString()} more left out (the most connected are shown): filter by type or use "This note".` : "";
  const body = links ? g.edges.filter((e) => e.tier === "body").length : 0;
  const typed = g.edges.length - body;
  const plural = (n: number, word: string): string => `${n.toLocaleString()} ${word}${n === 1 ? "" : "s"}`;
  const what = !links
    ? ` and ${g.edges.length.toLocaleString()} relationships`
    : typed === 0
      ? ` and ${plural(body, "link")}`
      : `, ${plural(body, "link")} and ${plural(typed, "relationship")}`;
  return `${g.nodes.length.toLocaleString()} notes${what} ${where}${stale > 0 ? `, ${stale} stale` : ""}.${left}`;
}

/** The route preview's status line, in the Ask panel's words: what the router would load and why, by title. */
export function describeRoutePreview(route: RouteResult | null, titleOf: (path: string) => string): string {
  if (!route || route.status !== "routed") return "Route preview: not in the knowledge base; nothing would be loaded.";
  return `Route preview: ${summarizeRoute(route, titleOf)}`;
}
