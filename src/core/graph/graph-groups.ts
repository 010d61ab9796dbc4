import { mergeRegions } from "./graph-regions";
import type { GraphView } from "./graph-types";

/** What colours a large graph: the note's folder or its community (densely linked cluster). */
export type GroupBy = "folder" | "community";

/**
 * Groups of a graph: a group number per node (0 is the largest group), and each group's name, size and colour (an
 * index among the colours the view has, or −1 for its neutral colour).
 */
export interface GraphGroups {
  /** Group of each node, in the order of `graph.nodes`. */
  of: number[];
  groups: { name: string; size: number; colour: number }[];
}

/**
 * Groups the nodes of a graph by folder or by community, numbered by size (largest first, ties by name), and gives
 * them `colours` colours. Folders: the largest get one each, the rest none. Communities come from label propagation
 * over the undirected edges, each weighted by the neighbours its ends share (deterministic: nodes in id order, at
 * most 30 rounds); on a large graph most are a handful of notes, more than there are colours, so they are merged into
 * regions and neighbouring regions get different colours (see mergeRegions): the drawing reads as areas, not as a
 * few coloured islands in a grey sea.
 */
export function groupGraph(graph: GraphView, by: GroupBy, colours = 6): GraphGroups {
  if (by === "community") return communityRegions(graph, colours);
  const keys = graph.nodes.map((n) => folderOf(n.id, n.kind));
  const sizes = new Map<string, number>();
  for (const k of keys) sizes.set(k, (sizes.get(k) ?? 0) + 1);
  const ordered = [...sizes].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const number = new Map(ordered.map(([k], i) => [k, i]));
  return { of: keys.map((k) => number.get(k)!), groups: ordered.map(([k, size], i) => ({ name: k, size, colour: i < colours ? i : -1 })) };
}

function communityRegions(graph: GraphView, colours: number): GraphGroups {
  const keys = communityLabels(graph);
  const label = keys.map(Number);
  const index = new Map(graph.nodes.map((n, i) => [n.id, i]));
  const ends = graph.edges.flatMap((e): [number, number][] => {
    const a = index.get(e.from),
      b = index.get(e.to);
    return a === undefined || b === undefined || a === b ? [] : [[a, b]];
  });
  const regions = mergeRegions(label, ends, colours);
  const name = hubNames(graph, regions.of.map(String));
  return { of: regions.of, groups: regions.sizes.map((size, r) => ({ name: name(String(r)), size, colour: regions.colour[r]! })) };
}

/** Names each community after its most connected member. */
function hubNames(graph: GraphView, keys: string[]): (k: string) => string {
  const degree = new Map<string, number>();
  for (const e of graph.edges) for (const end of [e.from, e.to]) degree.set(end, (degree.get(end) ?? 0) + 1);
  const hub = new Map<string, number>();
  keys.forEach((k, i) => {
    const best = hub.get(k);
    if (best === undefined || (degree.get(graph.nodes[i]!.id) ?? 0) > (degree.get(graph.nodes[best]!.id) ?? 0)) hub.set(k, i);
  });
  return (k) => graph.nodes[hub.get(k) ?? -1]?.title ?? k;
}

/** A node's folder: the path without its file name ("" at the root; ghosts have none of their own). */
function folderOf(id: string, kind: string): string {
  if (kind === "ghost") return "(missing)";
  const slash = id.lastIndexOf("/");
  return slash < 0 ? "" : id.slice(0, slash);
}

/** Each node's community as the index (as a string) of the node whose label it ended with. */
function communityLabels(graph: GraphView): string[] {
  const index = new Map(graph.nodes.map((n, i) => [n.id, i]));
  const adjacent: number[][] = graph.nodes.map(() => []);
  for (const e of graph.edges) {
    const a = index.get(e.from);
    const b = index.get(e.to);
    if (a === undefined || b === undefined || a === b) continue;
    adjacent[a]!.push(b);
    adjacent[b]!.push(a);
  }
  // An edge inside a cluster shares neighbours with its ends; a bridge between clusters does not. Weighting each
  // neighbour by 1 + shared neighbours keeps labels from flooding across bridges.
  const sets = adjacent.map((list) => new Set(list));
  const weight = adjacent.map((list, i) => list.map((j) => 1 + [...sets[i]!].filter((x) => sets[j]!.has(x)).length));
  const order = graph.nodes.map((_, i) => i).sort((a, b) => (graph.nodes[a]!.id < graph.nodes[b]!.id ? -1 : 1));
  const label = graph.nodes.map((_, i) => i);
  const counts = new Map<number, number>();
  for (let round = 0; round < 30; round++) {
    let changed = false;
    for (const i of order) {
      if (adjacent[i]!.length === 0) continue;
      counts.clear();
      adjacent[i]!.forEach((j, n) => counts.set(label[j]!, (counts.get(label[j]!) ?? 0) + weight[i]![n]!));
      // The heaviest label among the neighbours; on a tie a node keeps its own, else takes the smallest.
      let best = label[i]!;
      let bestCount = counts.get(best) ?? 0;
      for (const [l, c] of counts) if (c > bestCount || (c === bestCount && l < best && (counts.get(label[i]!) ?? 0) < c)) [best, bestCount] = [l, c];
      if (best !== label[i]) {
        label[i] = best;
        changed = true;
      }
    }
    if (!changed) break;
  }
  return label.map(String);
}
