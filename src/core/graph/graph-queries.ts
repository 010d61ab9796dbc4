import { baseName } from "../route/article-doc";
import { describeLoadedPlainly } from "../route/format-route-trace";
import type { RouteResult } from "../route/route-types";
import type { GraphEdge, GraphEdgeTier, GraphNodeKind, GraphView } from "./graph-types";

/** What a local view shows: depth 1 (every tier) to 5 (further rings by HIGH only), MID on demand, a node cap. */
export interface NeighbourhoodOptions {
  /** Rings around the note, 1 to 5 (as Obsidian's local graph); outside that range it is clamped. */
  depth: number;
  mid: boolean;
  /** Untyped links of the body too (the whole-vault graph): in every ring, as Obsidian's local graph follows links. */
  body: boolean;
  cap: number;
}

/** Default local view: depth 1, no MID, no body links, at most 300 nodes. */
export const DEFAULT_NEIGHBOURHOOD: NeighbourhoodOptions = { depth: 1, mid: false, body: false, cap: 300 };

/**
 * The neighbourhood of one node: its HIGH, connection (and on request MID) edges in both directions, then at each
 * further ring (up to depth 5) the HIGH edges of the previous ring; with `body`, untyped links at every ring too. Nodes nearest first (HIGH before MID) up to the cap; `omitted` counts the rest.
 */
export function neighbourhood(graph: GraphView, center: string, options: Partial<NeighbourhoodOptions> = {}): GraphView {
  const o = { ...DEFAULT_NEIGHBOURHOOD, ...options };
  if (!graph.nodes.some((n) => n.id === center)) return { nodes: [], edges: [], omitted: 0 };
  const near = (e: GraphEdge, ring: number): boolean =>
    (o.body && e.tier === "body") || (ring === 1 ? e.tier === "high" || e.tier === "connects" || (o.mid && e.tier === "mid") : e.tier === "high");
  const adjacency = new Map<string, GraphEdge[]>();
  for (const e of graph.edges) {
    for (const end of [e.from, e.to]) {
      const list = adjacency.get(end) ?? [];
      list.push(e);
      adjacency.set(end, list);
    }
  }
  const order = [center];
  const seen = new Set(order);
  let frontier = [center];
  const depth = Math.min(5, Math.max(1, Math.round(o.depth)));
  for (let ring = 1; ring <= depth; ring++) {
    const next: string[] = [];
    const rank = (e: GraphEdge): number => (e.tier === "high" ? 0 : e.tier === "connects" ? 1 : e.tier === "mid" ? 2 : 3);
    for (const id of frontier) {
      for (const e of [...(adjacency.get(id) ?? [])].filter((x) => near(x, ring)).sort((a, b) => rank(a) - rank(b))) {
        const other = e.from === id ? e.to : e.from;
        if (seen.has(other)) continue;
        seen.add(other);
        next.push(other);
      }
    }
    order.push(...next);
    frontier = next;
  }
  const kept = new Set(order.slice(0, Math.max(1, o.cap)));
  const allowed = (e: GraphEdge): boolean => e.tier === "high" || e.tier === "connects" || (o.mid && e.tier === "mid") || (o.body && e.tier === "body");
  return {
    nodes: graph.nodes.filter((n) => kept.has(n.id)),
    edges: graph.edges.filter((e) => kept.has(e.from) && kept.has(e.to) && allowed(e)),
    omitted: Math.max(0, order.length - kept.size),
  };
}

/** Filters of the global view. Empty sets mean "all". */
export interface GraphFilter {
  kinds?: ReadonlySet<GraphNodeKind>;
  tiers?: ReadonlySet<GraphEdgeTier>;
  staleOnly?: boolean;
  folder?: string;
  tag?: string;
  cap: number;
}

/**
 * The global view under filters: nodes of the chosen kinds, folder and tag; edges of the chosen tiers (only stale
 * ones on request, with their ends). Over the cap, the most connected nodes are kept and `omitted` says how many not.
 */
export function filterGraph(graph: GraphView, f: GraphFilter): GraphView {
  const tag = f.tag?.replace(/^#/, "").toLowerCase();
  const folder = f.folder?.replace(/^\/+|\/+$/g, "");
  let nodes = graph.nodes.filter(
    (n) =>
      (!f.kinds || f.kinds.size === 0 || f.kinds.has(n.kind)) &&
      (!folder || n.id.startsWith(`${folder}/`) || n.kind === "ghost") &&
      (!tag || n.tags.some((t) => t.toLowerCase() === tag || t.toLowerCase().startsWith(`${tag}/`))),
  );
  let ids = new Set(nodes.map((n) => n.id));
  let edges = graph.edges.filter(
    (e) => ids.has(e.from) && ids.has(e.to) && (!f.tiers || f.tiers.size === 0 || f.tiers.has(e.tier)) && (!f.staleOnly || e.stale),
  );
  if (f.staleOnly) {
    const ends = new Set(edges.flatMap((e) => [e.from, e.to]));
    nodes = nodes.filter((n) => ends.has(n.id));
    ids = ends;
  }
  let omitted = 0;
  if (nodes.length > f.cap) {
    const degree = new Map<string, number>();
    for (const e of edges) for (const end of [e.from, e.to]) degree.set(end, (degree.get(end) ?? 0) + 1);
    const kept = [...nodes].sort((a, b) => (degree.get(b.id) ?? 0) - (degree.get(a.id) ?? 0) || (a.id < b.id ? -1 : 1)).slice(0, f.cap);
    omitted = nodes.length - kept.length;
    const keep = new Set(kept.map((n) => n.id));
    nodes = nodes.filter((n) => keep.has(n.id));
    edges = edges.filter((e) => keep.has(e.from) && keep.has(e.to));
  }
  return { nodes, edges, omitted };
}

/**
 * Why a node is highlighted in the route preview, in the Ask panel's words ("matches 'sync conflict'", "closely tied
 * to Sync"), naming other articles by title (`titleOf`), never by path or slug.
 */
export function routeHighlights(route: RouteResult, titleOf: (path: string) => string = baseName): Map<string, string> {
  const reasons = describeLoadedPlainly(route, titleOf);
  return new Map(route.loaded.map((l, i) => [l.path, reasons[i]!]));
}
