import type { GraphNode } from "../../core/graph/graph-types";

/** Pan and zoom: screen = world × k + (x, y). */
export interface Transform {
  x: number;
  y: number;
  k: number;
}

/** Radius of a node in the world: by inbound HIGH count (or corroborations), so hubs stand out. */
export function radiusOf(n: GraphNode): number {
  return 4 + Math.min(10, Math.sqrt(n.inboundHigh * 3 + Math.max(0, n.corroborations - 1)));
}

/**
 * Radius a node is drawn with at zoom `k`, in world units: never under 2.5 screen pixels (hubs a little more), so
 * shapes stay legible when a large base is zoomed out to fit.
 */
export function drawnRadius(n: GraphNode, k: number): number {
  const r = radiusOf(n);
  return Math.max(r, (2.5 + (r - 4) * 0.45) / k);
}

/** The index of the node under a world point at zoom `k`, or -1 (the nearest when several are within reach). */
export function nodeAt(nodes: readonly GraphNode[], positions: Float64Array, wx: number, wy: number, k: number): number {
  let best = -1;
  let bestD = Infinity;
  const slack = 4 / k;
  for (let i = 0; i < nodes.length; i++) {
    const d = Math.hypot(positions[i * 2]! - wx, positions[i * 2 + 1]! - wy);
    if (d <= drawnRadius(nodes[i]!, k) + slack && d < bestD) {
      best = i;
      bestD = d;
    }
  }
  return best;
}

/** Each node's degree and neighbours over the scene's edges (both directions). */
export interface Adjacency {
  degree: Int32Array;
  neighbours: number[][];
  /** Node indices by degree, highest first (ties by index): the order labels are placed in. */
  byDegree: number[];
}

/** The adjacency of a node count and edge list. */
export function adjacencyOf(count: number, edges: readonly { a: number; b: number }[]): Adjacency {
  const degree = new Int32Array(count);
  const neighbours: number[][] = Array.from({ length: count }, () => []);
  for (const { a, b } of edges) {
    degree[a]!++;
    degree[b]!++;
    neighbours[a]!.push(b);
    neighbours[b]!.push(a);
  }
  const byDegree = Array.from({ length: count }, (_, i) => i).sort((x, y) => degree[y]! - degree[x]! || x - y);
  return { degree, neighbours, byDegree };
}
