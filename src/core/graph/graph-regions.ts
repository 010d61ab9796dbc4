/** A region per node (an index into `sizes`) and a colour per region (0 to colours − 1, or −1 for none). */
export interface GraphRegions {
  of: number[];
  sizes: number[];
  colour: number[];
}

/** A large graph reads as about this many regions per colour. */
const REGIONS_PER_COLOUR = 4;

/**
 * Merges a graph's communities (`label` per node, `ends` its edges as node index pairs) into regions large enough to
 * read as areas of the drawing, then colours them so regions that share an edge get different colours wherever the
 * `colours` allow. A community under the minimum size (the node count over four regions per colour) joins the
 * neighbouring region it has the most edges to, smallest first; a lone note stays uncoloured (−1). Regions are
 * numbered largest first. Deterministic: ties go to the lower index.
 */
export function mergeRegions(label: readonly number[], ends: readonly [number, number][], colours: number): GraphRegions {
  const n = label.length;
  const minSize = Math.max(1, Math.floor(n / (REGIONS_PER_COLOUR * Math.max(1, colours))));
  const count = label.reduce((m, l) => Math.max(m, l + 1), 0);
  const parent = Array.from({ length: count }, (_, i) => i);
  const find = (a: number): number => {
    while (parent[a] !== a) a = parent[a] = parent[parent[a]!]!;
    return a;
  };
  const size = new Array<number>(count).fill(0);
  for (const l of label) size[l]!++;
  const links: Map<number, number>[] = Array.from({ length: count }, () => new Map<number, number>());
  for (const [a, b] of ends) {
    const x = label[a]!,
      y = label[b]!;
    if (x === y) continue;
    links[x]!.set(y, (links[x]!.get(y) ?? 0) + 1);
    links[y]!.set(x, (links[y]!.get(x) ?? 0) + 1);
  }
  /** The neighbouring region `c` has most edges to (ties: the smaller, then the lower index), or −1. */
  const mergeTarget = (c: number): number => {
    // A neighbour may appear under several merged-away names.
    const toRegion = new Map<number, number>();
    for (const [d, w] of links[c]!) {
      const r = find(d);
      if (r !== c) toRegion.set(r, (toRegion.get(r) ?? 0) + w);
    }
    let best = -1,
      bestWeight = 0;
    for (const [r, w] of toRegion) {
      if (w > bestWeight || (w === bestWeight && (size[r]! < size[best]! || (size[r] === size[best] && r < best)))) [best, bestWeight] = [r, w];
    }
    return best;
  };
  /** Merges regions `c` and `best` (the smaller link map into the larger). */
  const join = (c: number, best: number): void => {
    const [big, small] = links[best]!.size >= links[c]!.size ? [best, c] : [c, best];
    for (const [d, w] of links[small]!) {
      const r = find(d);
      if (r !== big && r !== small) links[big]!.set(r, (links[big]!.get(r) ?? 0) + w);
    }
    links[small] = new Map<number, number>();
    parent[small] = big;
    size[big] = size[big]! + size[small]!;
  };
  // Smallest first, in passes until every region with a neighbour has the minimum size: a region that took others
  // in and is still small gets its turn again in the next pass.
  for (let merged = true; merged;) {
    merged = false;
    const order = Array.from({ length: count }, (_, i) => i)
      .filter((c) => size[c]! > 0 && find(c) === c && size[c]! < minSize)
      .sort((a, b) => size[a]! - size[b]! || a - b);
    for (const c of order) {
      if (find(c) !== c || size[c]! >= minSize) continue;
      const into = mergeTarget(c);
      if (into < 0) continue;
      join(c, into);
      merged = true;
    }
  }
  const roots = [...new Set(label.map((l) => find(l)))].sort((a, b) => size[b]! - size[a]! || a - b);
  const number = new Map(roots.map((r, i) => [r, i]));
  const of = label.map((l) => number.get(find(l))!);
  const sizes = roots.map((r) => size[r]!);
  // Edges between regions, by region number.
  const between: Map<number, number>[] = roots.map(() => new Map<number, number>());
  for (const [a, b] of ends) {
    const x = of[a]!,
      y = of[b]!;
    if (x === y) continue;
    between[x]!.set(y, (between[x]!.get(y) ?? 0) + 1);
    between[y]!.set(x, (between[y]!.get(x) ?? 0) + 1);
  }
  // Greedy colouring, largest region first: the colour least linked to the neighbours already coloured, and among
  // those the least used so far.
  const colour = sizes.map(() => -1);
  const used = new Array<number>(Math.max(0, colours)).fill(0);
  sizes.forEach((s, r) => {
    if (colours <= 0 || (s < 2 && between[r]!.size === 0)) return;
    const clash = new Array<number>(colours).fill(0);
    for (const [d, w] of between[r]!) if (colour[d]! >= 0) clash[colour[d]!]! += w;
    let best = 0;
    for (let k = 1; k < colours; k++) if (clash[k]! < clash[best]! || (clash[k] === clash[best] && used[k]! < used[best]!)) best = k;
    colour[r] = best;
    used[best]! += s;
  });
  return { of, sizes, colour };
}
