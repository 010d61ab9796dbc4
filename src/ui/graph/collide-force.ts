import type { Force, SimulationNodeDatum } from "d3-force";

/**
 * d3-force's collision force (one pass, strength 1, the same push for each overlapping pair), with the pairs found
 * through a uniform grid of cells as wide as the largest diameter instead of a quadtree of objects: the graph's nodes
 * are all about one size, so a node's possible overlaps are in the 3×3 cells around it.
 */
export function forceCollideGrid<N extends SimulationNodeDatum>(radius: (node: N) => number): Force<N, never> {
  let nodes: N[] = [];
  let random: () => number = () => 0.5;
  let radii = new Float64Array(0);
  let cellOf = new Int32Array(0),
    order = new Int32Array(0),
    start = new Int32Array(0);
  const jiggle = (): number => (random() - 0.5) * 1e-6;

  const force = (): void => {
    const n = nodes.length;
    if (n < 2) return;
    let x0 = Infinity,
      y0 = Infinity,
      x1 = -Infinity,
      y1 = -Infinity,
      rMax = 0;
    for (let i = 0; i < n; i++) {
      const d = nodes[i]!;
      const x = (d.x ?? 0) + (d.vx ?? 0),
        y = (d.y ?? 0) + (d.vy ?? 0);
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      if (radii[i]! > rMax) rMax = radii[i]!;
    }
    // Cells at least a diameter wide, and never more of them than about four per node (a far-off node would
    // otherwise ask for a huge grid).
    let cell = Math.max(2 * rMax, 1e-6);
    while (((x1 - x0) / cell + 1) * ((y1 - y0) / cell + 1) > 4 * n + 16) cell *= 2;
    const cols = Math.floor((x1 - x0) / cell) + 1,
      rows = Math.floor((y1 - y0) / cell) + 1;
    if (start.length < cols * rows + 1) start = new Int32Array(cols * rows + 1);
    else start.fill(0, 0, cols * rows + 1);
    for (let i = 0; i < n; i++) {
      const d = nodes[i]!;
      const c = Math.floor(((d.x ?? 0) + (d.vx ?? 0) - x0) / cell) + Math.floor(((d.y ?? 0) + (d.vy ?? 0) - y0) / cell) * cols;
      cellOf[i] = c;
      start[c + 1]!++;
    }
    for (let c = 0; c < cols * rows; c++) start[c + 1]! += start[c]!;
    const fill = start.slice(0, cols * rows);
    for (let i = 0; i < n; i++) order[fill[cellOf[i]!]!++] = i;
    for (let i = 0; i < n; i++) {
      const node = nodes[i]!;
      const ri = radii[i]!,
        ri2 = ri * ri;
      const xi = node.x! + node.vx!,
        yi = node.y! + node.vy!;
      const cx = cellOf[i]! % cols,
        cy = (cellOf[i]! - cx) / cols;
      for (let gy = Math.max(0, cy - 1); gy <= Math.min(rows - 1, cy + 1); gy++) {
        for (let gx = Math.max(0, cx - 1); gx <= Math.min(cols - 1, cx + 1); gx++) {
          const c = gy * cols + gx;
          for (let k = start[c]!; k < start[c + 1]!; k++) {
            const j = order[k]!;
            if (j <= i) continue;
            const data = nodes[j]!;
            let rj = radii[j]!;
            let r = ri + rj;
            let x = xi - data.x! - data.vx!,
              y = yi - data.y! - data.vy!,
              l = x * x + y * y;
            if (l >= r * r) continue;
            if (x === 0) {
              x = jiggle();
              l += x * x;
            }
            if (y === 0) {
              y = jiggle();
              l += y * y;
            }
            l = Math.sqrt(l);
            l = (r - l) / l;
            rj *= rj;
            r = rj / (ri2 + rj);
            node.vx! += (x *= l) * r;
            node.vy! += (y *= l) * r;
            r = 1 - r;
            data.vx! -= x * r;
            data.vy! -= y * r;
          }
        }
      }
    }
  };
  force.initialize = (list: N[], rnd: () => number): void => {
    nodes = list;
    random = rnd;
    radii = Float64Array.from(list, (d) => radius(d));
    cellOf = new Int32Array(list.length);
    order = new Int32Array(list.length);
  };
  return force;
}
