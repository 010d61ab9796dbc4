import { forceCollide, forceManyBody, type SimulationNodeDatum } from "d3-force";
import { describe, expect, it } from "vitest";
import { forceCollideGrid } from "../../../src/ui/graph/collide-force";
import { createForceLayout, pinNode, type LayoutInput } from "../../../src/ui/graph/force-layout";
import { forceManyBodyFlat } from "../../../src/ui/graph/many-body-force";
import { seedPositions } from "../../../src/ui/graph/seed-layout";

type Point = SimulationNodeDatum & { index: number; r: number };

/** `n` seeded points in a 600 × 400 box, some of them on the same spot, with small velocities. */
function points(n: number, seed = 3): Point[] {
  let s = seed;
  const rnd = (): number => (s = (s * 16807) % 2147483647) / 2147483647;
  return Array.from({ length: n }, (_, index) => {
    const x = index % 17 === 0 ? 300 : rnd() * 600;
    const y = index % 17 === 0 ? 200 : rnd() * 400;
    return { index, x, y, vx: rnd() - 0.5, vy: rnd() - 0.5, r: 3 + (index % 5) };
  });
}

const clone = (ps: Point[]): Point[] => ps.map((p) => ({ ...p }));
const random = (): (() => number) => {
  let s = 1;
  return () => (s = (s * 48271) % 2147483647) / 2147483647;
};

/** A ring of `n` notes, each linked to the next two (the shape of the generated benchmark bases' HIGH links). */
function ring(n: number): LayoutInput {
  const links = Array.from({ length: n }, (_, i) => [
    { source: i, target: (i + 1) % n, strong: true },
    { source: i, target: (i + 2) % n, strong: true },
  ]).flat();
  return { nodes: Array.from({ length: n }, () => ({ r: 5 })), links };
}

function crossings(pos: { x?: number; y?: number }[], links: LayoutInput["links"]): number {
  const side = (a: number, b: number, c: number): number =>
    Math.sign((pos[b]!.x! - pos[a]!.x!) * (pos[c]!.y! - pos[a]!.y!) - (pos[b]!.y! - pos[a]!.y!) * (pos[c]!.x! - pos[a]!.x!));
  let count = 0;
  for (let p = 0; p < links.length; p++)
    for (let q = p + 1; q < links.length; q++) {
      const { source: a, target: b } = links[p]!;
      const { source: c, target: d } = links[q]!;
      if (a === c || a === d || b === c || b === d) continue;
      if (side(a, b, c) !== side(a, b, d) && side(c, d, a) !== side(c, d, b)) count++;
    }
  return count;
}

describe("the graph layout's forces", () => {
  it("pushes nodes apart exactly as d3's many-body force when both compute every pair (theta 0)", () => {
    const mine = points(300);
    const theirs = clone(mine);
    const flat = forceManyBodyFlat<Point>({ strength: -90, theta: 0, distanceMax: 250 });
    flat.initialize!(mine, random());
    flat(0.7);
    const d3 = forceManyBody<Point>().strength(-90).theta(0).distanceMax(250);
    d3.initialize(theirs, random());
    d3(0.7);
    // Coincident nodes are parted in a random direction by both: compare the rest.
    mine.forEach((p, i) => {
      if (i % 17 === 0) return;
      expect(p.vx).toBeCloseTo(theirs[i]!.vx!, 6);
      expect(p.vy).toBeCloseTo(theirs[i]!.vy!, 6);
    });
  });

  it("approximates far nodes by their quadrant like d3 does, within a few percent of the exact push", () => {
    const exact = points(600);
    const rough = clone(exact);
    const a = forceManyBodyFlat<Point>({ strength: -90, theta: 1.2, distanceMax: 600 });
    a.initialize!(rough, random());
    a(1);
    const b = forceManyBodyFlat<Point>({ strength: -90, theta: 0, distanceMax: 600 });
    b.initialize!(exact, random());
    b(1);
    let err = 0,
      size = 0;
    exact.forEach((p, i) => {
      if (i % 17 === 0) return;
      err += Math.hypot(p.vx! - rough[i]!.vx!, p.vy! - rough[i]!.vy!);
      size += Math.hypot(p.vx!, p.vy!);
    });
    expect(err / size).toBeLessThan(0.1);
  });

  it("resolves a pair's overlap exactly as d3's collision force does", () => {
    const pair = (): Point[] => [
      { index: 0, x: 0, y: 0, vx: 0, vy: 0, r: 6 },
      { index: 1, x: 5, y: 2, vx: 1, vy: 0, r: 4 },
    ];
    const mine = pair();
    const theirs = pair();
    const grid = forceCollideGrid<Point>((p) => p.r);
    grid.initialize!(mine, random());
    grid(1);
    const d3 = forceCollide<Point>((p) => p.r);
    d3.initialize(theirs, random());
    d3(1);
    expect(mine.map((p) => [p.vx, p.vy])).toEqual(theirs.map((p) => [p.vx, p.vy]));
  });

  it("parts a crowd of overlapping nodes of different sizes as well as d3's collision force does", () => {
    const overlapsAfter = (force: (alpha: number) => void, init: (ps: Point[]) => void): number => {
      const crowd = points(300).map((p) => ({ ...p, x: 100 + (p.x! % 160), y: 100 + (p.y! % 120), vx: 0, vy: 0 }));
      init(crowd);
      for (let pass = 0; pass < 30; pass++) {
        force(1);
        for (const p of crowd) {
          p.x += p.vx;
          p.y += p.vy;
          p.vx = p.vy = 0;
        }
      }
      let overlapping = 0;
      for (let a = 0; a < crowd.length; a++)
        for (let b = a + 1; b < crowd.length; b++) {
          if (Math.hypot(crowd[a]!.x - crowd[b]!.x, crowd[a]!.y - crowd[b]!.y) < crowd[a]!.r + crowd[b]!.r - 0.5) overlapping++;
        }
      return overlapping;
    };
    const grid = forceCollideGrid<Point>((p) => p.r);
    const d3 = forceCollide<Point>((p) => p.r);
    const mine = overlapsAfter(grid, (ps) => grid.initialize!(ps, random()));
    const theirs = overlapsAfter(d3, (ps) => d3.initialize(ps, random()));
    expect(mine).toBeLessThanOrEqual(theirs + 2);
  });
});

describe("the cold layout", () => {
  it("starts linked notes near each other: a ring of 600 settles within 55 ticks with under half the crossings", () => {
    const input = ring(600);
    const sim = createForceLayout(input);
    let ticks = 0;
    while (sim.alpha() >= sim.alphaMin()) {
      sim.tick(1);
      ticks++;
    }
    expect(ticks).toBeLessThanOrEqual(55);
    // From d3's spiral in index order: 67 ticks and 5,327 crossings; from the seed, 52 and about 1,000.
    expect(crossings(sim.nodes(), input.links)).toBeLessThan(2000);
  });

  it("seeds every component apart from the others, singletons included, and the same way each time", () => {
    const links = [...ring(40).links, { source: 40, target: 41, strong: true }];
    const a = seedPositions(50, links);
    expect(Array.from(a)).toEqual(Array.from(seedPositions(50, links)));
    const at = (i: number): [number, number] => [a[i * 2]!, a[i * 2 + 1]!];
    const distinct = new Set(
      Array.from({ length: 50 }, (_, i) =>
        at(i)
          .map((v) => v.toFixed(3))
          .join(","),
      ),
    );
    expect(distinct.size).toBe(50);
    expect(Math.hypot(at(40)[0] - at(41)[0], at(40)[1] - at(41)[1])).toBeLessThan(40);
  });
});

describe("dragging a note", () => {
  /** 200 notes in a tree with cross links, settled; the median and largest move of `who` after a drag of `i`. */
  function drag(i: number): { others: number; neighbours: number; dragged: [number, number] } {
    let s = 9;
    const rnd = (): number => (s = (s * 16807) % 2147483647) / 2147483647;
    const n = 200;
    const links = Array.from({ length: n - 1 }, (_, k) => ({ source: k + 1, target: Math.floor(rnd() * (k + 1)), strong: rnd() < 0.5 }));
    for (let k = 0; k < 60; k++) links.push({ source: Math.floor(rnd() * n), target: Math.floor(rnd() * n), strong: false });
    const sim = createForceLayout({ nodes: Array.from({ length: n }, () => ({ r: 5 })), links });
    while (sim.alpha() >= sim.alphaMin()) sim.tick(1);
    const before = sim.nodes().map((m) => [m.x!, m.y!] as const);
    const near = new Set(links.flatMap((l) => (l.source === i ? [l.target] : l.target === i ? [l.source] : [])));
    // The pointer moves 120 px in 12 steps, a few ticks between moves (as pointer events arrive), then lets go.
    for (let step = 1; step <= 12; step++) {
      pinNode(sim, i, before[i]![0] + step * 10, before[i]![1] + step * 5);
      sim.tick(3);
    }
    pinNode(sim, i, null, null);
    for (let t = 0; t < 300 && sim.alpha() >= sim.alphaMin(); t++) sim.tick(1);
    const moved = sim.nodes().map((m, k) => Math.hypot(m.x! - before[k]![0], m.y! - before[k]![1]));
    const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    return {
      others: median(moved.filter((_, k) => k !== i && !near.has(k))),
      neighbours: median(moved.filter((_, k) => near.has(k))),
      dragged: [sim.nodes()[i]!.x! - before[i]![0], sim.nodes()[i]!.y! - before[i]![1]],
    };
  }

  it("moves the note and its direct neighbours and leaves the rest in place (the rest moved a median 81 px)", () => {
    const r = drag(0);
    expect(r.others).toBeLessThan(0.5);
    expect(r.neighbours).toBeGreaterThan(10);
    expect(Math.hypot(...r.dragged)).toBeGreaterThan(60);
  });

  it("holds the rest of the graph the same way for a second drag of another note", () => {
    expect(drag(5).others).toBeLessThan(0.5);
  });
});
