/** Steps of the smoothing that unfolds each component (each costs one pass over the links). */
const SMOOTHING_STEPS = 150;

/** How much of its own value a node keeps at each smoothing step (the rest is its neighbours' mean). */
const LAZY = 0.2;

/** Components smaller than this start on a small spiral: a few nodes untangle in a few ticks anyway. */
const SPECTRAL_FROM = 8;

/** Area a node gets at the start, as d3-force's own phyllotaxis spacing gives it (radius 10·√i). */
const SPACING = 10;

const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));

/**
 * Starting positions for a cold layout (x0, y0, x1, y1, …): each connected component unfolded by a spectral embedding
 * (the two slowest-mixing directions of a lazy random walk on its links, found by power iteration), the largest in the
 * middle and the rest on a spiral around it, singletons outermost. Linked notes then start near each other, so the
 * forces untangle far less than from d3's spiral in index order and the layout can start cool: on the generated
 * 2,000-article base, a quarter of the crossings in two thirds of the ticks. Deterministic.
 */
export function seedPositions(count: number, links: readonly { source: number; target: number }[]): Float64Array {
  const adjacency = adjacencyLists(count, links);
  const components = componentsOf(count, adjacency).sort((a, b) => b.length - a.length || a[0]! - b[0]!);
  const out = new Float64Array(count * 2);
  let area = 0;
  components.forEach((members, k) => {
    const radius = SPACING * Math.sqrt(members.length + 0.5);
    const at = k === 0 ? 0 : Math.sqrt(area / Math.PI) + radius;
    area += Math.PI * radius * radius * 1.2;
    const cx = at * Math.cos(k * GOLDEN_ANGLE),
      cy = at * Math.sin(k * GOLDEN_ANGLE);
    const local = members.length >= SPECTRAL_FROM ? spectral(members, adjacency) : spiral(members.length);
    members.forEach((i, m) => {
      out[i * 2] = cx + local[m * 2]! * radius;
      out[i * 2 + 1] = cy + local[m * 2 + 1]! * radius;
    });
  });
  return out;
}

function adjacencyLists(count: number, links: readonly { source: number; target: number }[]): number[][] {
  const adjacency: number[][] = Array.from({ length: count }, () => []);
  for (const { source, target } of links) {
    if (source === target || source < 0 || target < 0 || source >= count || target >= count) continue;
    adjacency[source]!.push(target);
    adjacency[target]!.push(source);
  }
  return adjacency;
}

/** Connected components, each in ascending node order. */
function componentsOf(count: number, adjacency: number[][]): number[][] {
  const seen = new Uint8Array(count);
  const out: number[][] = [];
  for (let s = 0; s < count; s++) {
    if (seen[s]) continue;
    seen[s] = 1;
    const members = [s];
    for (let h = 0; h < members.length; h++) {
      for (const j of adjacency[members[h]!]!) {
        if (!seen[j]) {
          seen[j] = 1;
          members.push(j);
        }
      }
    }
    out.push(members.sort((a, b) => a - b));
  }
  return out;
}

/** `n` points on d3's phyllotaxis spiral, scaled into the unit disc. */
function spiral(n: number): Float64Array {
  const out = new Float64Array(n * 2);
  for (let m = 0; m < n; m++) {
    const r = Math.sqrt((m + 0.5) / (n + 0.5));
    out[m * 2] = r * Math.cos(m * GOLDEN_ANGLE);
    out[m * 2 + 1] = r * Math.sin(m * GOLDEN_ANGLE);
  }
  return out;
}

/**
 * A component's spectral embedding, scaled so its root-mean-square radius is about half the unit disc's: two axes
 * repeatedly averaged with their neighbours' values together (a lazy random walk), each step kept orthogonal
 * (weighted by degree) to the constant and to each other, starting from seeded pseudo-random vectors.
 */
function spectral(members: number[], adjacency: number[][]): Float64Array {
  const n = members.length;
  const local = new Map(members.map((i, m) => [i, m]));
  // The component's links as flat arrays (offsets, then neighbours): the smoothing is a tight loop over them.
  const offset = new Int32Array(n + 1);
  members.forEach((i, m) => (offset[m + 1] = offset[m]! + adjacency[i]!.length));
  const target = new Int32Array(offset[n]!);
  members.forEach((i, m) => adjacency[i]!.forEach((j, k) => (target[offset[m]! + k] = local.get(j)!)));
  const degree = Float64Array.from({ length: n }, (_, m) => Math.max(1, offset[m + 1]! - offset[m]!));
  let seed = 1;
  const random = (): number => (seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5;
  let vx = Float64Array.from({ length: n }, random),
    vy = Float64Array.from({ length: n }, random);
  let wx = new Float64Array(n),
    wy = new Float64Array(n);
  for (let step = 0; step < SMOOTHING_STEPS; step++) {
    for (let m = 0; m < n; m++) {
      let sx = 0,
        sy = 0;
      for (let k = offset[m]!; k < offset[m + 1]!; k++) {
        sx += vx[target[k]!]!;
        sy += vy[target[k]!]!;
      }
      wx[m] = LAZY * vx[m]! + ((1 - LAZY) * sx) / degree[m]!;
      wy[m] = LAZY * vy[m]! + ((1 - LAZY) * sy) / degree[m]!;
    }
    orthogonalise(wx, null, degree);
    normalise(wx);
    orthogonalise(wy, null, degree);
    orthogonalise(wy, wx, degree);
    normalise(wy);
    [vx, wx] = [wx, vx];
    [vy, wy] = [wy, vy];
  }
  const out = new Float64Array(n * 2);
  [vx, vy].forEach((v, a) => {
    let sq = 0;
    for (let m = 0; m < n; m++) sq += v[m]! * v[m]!;
    const scale = 0.5 / (Math.sqrt(sq / n) || 1);
    // A little seeded noise parts the nodes the embedding puts in one place (twins with the same neighbours).
    for (let m = 0; m < n; m++) out[m * 2 + a] = v[m]! * scale + random() * 0.02;
  });
  return out;
}

/** Removes from `w` its degree-weighted component along `u` (the constant vector when `u` is null). */
function orthogonalise(w: Float64Array, u: Float64Array | null, degree: Float64Array): void {
  let num = 0,
    den = 0;
  for (let m = 0; m < w.length; m++) {
    const um = u ? u[m]! : 1;
    num += w[m]! * um * degree[m]!;
    den += um * um * degree[m]!;
  }
  const c = den > 0 ? num / den : 0;
  for (let m = 0; m < w.length; m++) w[m]! -= c * (u ? u[m]! : 1);
}

function normalise(w: Float64Array): void {
  let sq = 0;
  for (let m = 0; m < w.length; m++) sq += w[m]! * w[m]!;
  const norm = Math.sqrt(sq) || 1;
  for (let m = 0; m < w.length; m++) w[m]! /= norm;
}
