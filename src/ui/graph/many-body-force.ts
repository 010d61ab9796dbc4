import type { Force, SimulationNodeDatum } from "d3-force";

/** How a many-body force is tuned: the same knobs as d3's forceManyBody (one strength for every node). */
export interface ManyBodyOptions {
  strength: number;
  theta: number;
  distanceMax: number;
}

/** Below this, two points count as one place in the tree (d3 chains coincident points the same way). */
const SAME_PLACE = 1e-9;

/**
 * d3-force's Barnes–Hut many-body force with the same arithmetic, over a quadtree kept in typed arrays and rebuilt in
 * place each tick. d3's own tree allocates an object per quadrant and visits through callbacks; at thousands of nodes
 * that made the charge about two thirds of a tick, and the tick count is what the graph waits for (issue 23).
 */
export function forceManyBodyFlat<N extends SimulationNodeDatum>(options: ManyBodyOptions): Force<N, never> {
  const theta2 = options.theta * options.theta;
  const max2 = options.distanceMax * options.distanceMax;
  const strength = options.strength;
  let nodes: N[] = [];
  let random: () => number = () => 0.5;
  let px = new Float64Array(0),
    py = new Float64Array(0);
  let next = new Int32Array(0);
  // Tree nodes: four children each (-1 none), a point (-1 empty, -2 internal, else the first of a chain), the summed
  // strength, its centre and the side of its square.
  let cap = 0,
    count = 0;
  let child = new Int32Array(0),
    point = new Int32Array(0);
  let mass = new Float64Array(0),
    mx = new Float64Array(0),
    my = new Float64Array(0),
    side = new Float64Array(0);
  let stack = new Int32Array(0);

  const grow = (need: number): void => {
    if (need <= cap) return;
    const size = Math.max(need, cap * 2, 64);
    const copy = <T extends Int32Array | Float64Array>(old: T, make: (n: number) => T, per = 1): T => {
      const fresh = make(size * per);
      fresh.set(old);
      return fresh;
    };
    child = copy(child, (n) => new Int32Array(n), 4);
    point = copy(point, (n) => new Int32Array(n));
    mass = copy(mass, (n) => new Float64Array(n));
    mx = copy(mx, (n) => new Float64Array(n));
    my = copy(my, (n) => new Float64Array(n));
    side = copy(side, (n) => new Float64Array(n));
    cap = size;
  };
  const alloc = (s: number, p: number): number => {
    grow(count + 1);
    const t = count++;
    child.fill(-1, t * 4, t * 4 + 4);
    point[t] = p;
    side[t] = s;
    return t;
  };
  const insert = (i: number, x0: number, y0: number, size: number): void => {
    let t = 0,
      nx = x0,
      ny = y0,
      s = size;
    for (;;) {
      const p = point[t]!;
      if (p === -1) {
        point[t] = i;
        next[i] = -1;
        return;
      }
      if (p >= 0) {
        if ((px[p] === px[i] && py[p] === py[i]) || s < SAME_PLACE) {
          next[i] = next[p]!;
          next[p] = i;
          return;
        }
        // Split the leaf: its point moves down a level, then `i` goes on down from here.
        point[t] = -2;
        const h = s / 2;
        const q = (px[p]! >= nx + h ? 1 : 0) + (py[p]! >= ny + h ? 2 : 0);
        // alloc may grow (replace) the arrays: take the new node's index before writing into `child`.
        const made = alloc(h, p);
        child[t * 4 + q] = made;
      }
      s /= 2;
      const right = px[i]! >= nx + s,
        down = py[i]! >= ny + s;
      if (right) nx += s;
      if (down) ny += s;
      const slot = t * 4 + (right ? 1 : 0) + (down ? 2 : 0);
      const c = child[slot]!;
      if (c === -1) {
        const made = alloc(s, i);
        child[slot] = made;
        next[i] = -1;
        return;
      }
      t = c;
    }
  };
  const build = (): void => {
    const n = nodes.length;
    let x0 = Infinity,
      y0 = Infinity,
      x1 = -Infinity,
      y1 = -Infinity;
    for (let i = 0; i < n; i++) {
      const x = (px[i] = nodes[i]!.x ?? 0),
        y = (py[i] = nodes[i]!.y ?? 0);
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
    const size = Math.max(x1 - x0, y1 - y0, 1) * 1.0001;
    count = 0;
    alloc(size, -1);
    for (let i = 0; i < n; i++) insert(i, x0, y0, size);
    // Children come after their parent, so one backward pass sums every quadrant.
    for (let t = count - 1; t >= 0; t--) {
      const p = point[t]!;
      if (p >= 0) {
        let m = 0;
        for (let q = p; q !== -1; q = next[q]!) m += strength;
        mass[t] = m;
        mx[t] = px[p]!;
        my[t] = py[p]!;
      } else if (p === -2) {
        let m = 0,
          w = 0,
          x = 0,
          y = 0;
        for (let k = 0; k < 4; k++) {
          const c = child[t * 4 + k]!;
          if (c === -1 || mass[c] === 0) continue;
          const a = Math.abs(mass[c]!);
          m += mass[c]!;
          w += a;
          x += a * mx[c]!;
          y += a * my[c]!;
        }
        mass[t] = m;
        mx[t] = w > 0 ? x / w : 0;
        my[t] = w > 0 ? y / w : 0;
      } else mass[t] = 0;
    }
  };
  const jiggle = (): number => (random() - 0.5) * 1e-6;

  const force = (alpha: number): void => {
    const n = nodes.length;
    if (n === 0) return;
    build();
    if (stack.length < count * 4 + 4) stack = new Int32Array(count * 4 + 4);
    for (let i = 0; i < n; i++) {
      const node = nodes[i]!;
      const xi = px[i]!,
        yi = py[i]!;
      let vx = 0,
        vy = 0,
        top = 0;
      stack[top++] = 0;
      while (top > 0) {
        const t = stack[--top]!;
        const m = mass[t]!;
        if (m === 0) continue;
        let x = mx[t]! - xi,
          y = my[t]! - yi,
          l = x * x + y * y;
        const w = side[t]!;
        if ((w * w) / theta2 < l) {
          if (l < max2) {
            if (x === 0) {
              x = jiggle();
              l += x * x;
            }
            if (y === 0) {
              y = jiggle();
              l += y * y;
            }
            if (l < 1) l = Math.sqrt(l);
            vx += (x * m * alpha) / l;
            vy += (y * m * alpha) / l;
          }
          continue;
        }
        const p = point[t]!;
        if (p === -2) {
          for (let k = 3; k >= 0; k--) if (child[t * 4 + k]! !== -1) stack[top++] = child[t * 4 + k]!;
          continue;
        }
        if (l >= max2 || (p === i && next[p] === -1)) continue;
        if (x === 0) {
          x = jiggle();
          l += x * x;
        }
        if (y === 0) {
          y = jiggle();
          l += y * y;
        }
        if (l < 1) l = Math.sqrt(l);
        for (let q = p; q !== -1; q = next[q]!) {
          if (q === i) continue;
          const f = (strength * alpha) / l;
          vx += x * f;
          vy += y * f;
        }
      }
      node.vx = (node.vx ?? 0) + vx;
      node.vy = (node.vy ?? 0) + vy;
    }
  };
  force.initialize = (list: N[], rnd: () => number): void => {
    nodes = list;
    random = rnd;
    px = new Float64Array(list.length);
    py = new Float64Array(list.length);
    next = new Int32Array(list.length);
  };
  return force;
}
