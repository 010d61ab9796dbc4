import { forceLink, forceSimulation, forceX, forceY, type Force, type Simulation, type SimulationLinkDatum, type SimulationNodeDatum } from "d3-force";
import { forceCollideGrid } from "./collide-force";
import { forceManyBodyFlat } from "./many-body-force";
import { seedPositions } from "./seed-layout";

/** A node as the layout sees it: an index into the view's node list, a weight, and a position when known. */
export interface LayoutNode extends SimulationNodeDatum {
  i: number;
  r: number;
}

/** An edge as the layout sees it: node indices and its tier (HIGH pulls closer and harder than MID). */
export interface LayoutLink extends SimulationLinkDatum<LayoutNode> {
  source: number | LayoutNode;
  target: number | LayoutNode;
  strong: boolean;
}

/** What starts a layout: the nodes (with cached positions where known) and links. */
export interface LayoutInput {
  nodes: { r: number; x?: number; y?: number }[];
  links: { source: number; target: number; strong: boolean }[];
}

/** Where the layout counts as settled: below this, nodes move less than a pixel a tick at the opening zoom. */
const ALPHA_MIN = 0.004;

/** Collisions are resolved only once the layout has cooled this far: while it is hot, charge keeps nodes apart. */
const COLLIDE_BELOW = 0.05;

/** Where a large cold layout starts from its seeded positions: they are untangled enough not to need a hot start. */
const SEEDED_ALPHA = 0.3;

/** Below this many nodes a cold layout starts hot anyway: ticks are cheap, and the full expansion spreads the labels. */
const HOT_BELOW = 500;

/** A force that acts only while alpha is below `below` (a costly one the early, coarse ticks can do without). */
function coolingOnly(force: Force<LayoutNode, never>, below: number): Force<LayoutNode, LayoutLink> {
  const f = (alpha: number): void => {
    if (alpha < below) force(alpha);
  };
  f.initialize = (nodes: LayoutNode[], random: () => number): void => force.initialize?.(nodes, random);
  return f;
}

/**
 * A d3-force simulation tuned for thousands of nodes: fast decay to a settle at alpha 0.004, a coarse Barnes–Hut
 * theta over a flat quadtree, collisions only once it has cooled, HIGH links short and strong, MID long and weak.
 * A cold start (no cached position) begins from spectral seed positions, for 500 nodes or more at alpha 0.3 (52
 * ticks, where d3's spiral start needed 66 and left four times the crossings); a warm start (most nodes cached)
 * begins cooler still. The
 * caller drives it with tick(n). Deterministic for a given input.
 */
export function createForceLayout(input: LayoutInput): Simulation<LayoutNode, LayoutLink> {
  const nodes: LayoutNode[] = input.nodes.map((n, i) => ({ i, r: n.r, ...(n.x !== undefined && n.y !== undefined ? { x: n.x, y: n.y } : {}) }));
  const placed = nodes.filter((n) => n.x !== undefined).length;
  const cold = placed === 0 && nodes.length > 1;
  if (cold) {
    const seed = seedPositions(nodes.length, input.links);
    nodes.forEach((n, i) => {
      n.x = seed[i * 2]!;
      n.y = seed[i * 2 + 1]!;
    });
  }
  const links: LayoutLink[] = input.links.map((l) => ({ ...l }));
  const sim = forceSimulation<LayoutNode, LayoutLink>(nodes)
    .alphaDecay(0.08)
    .velocityDecay(0.45)
    .force("charge", forceManyBodyFlat<LayoutNode>({ strength: -90, theta: 1.2, distanceMax: 600 }))
    .force(
      "link",
      forceLink<LayoutNode, LayoutLink>(links)
        .distance((l) => (l.strong ? 60 : 110))
        .strength((l) => (l.strong ? 0.5 : 0.08)),
    )
    .force(
      "collide",
      coolingOnly(
        forceCollideGrid<LayoutNode>((n) => n.r + 6),
        COLLIDE_BELOW,
      ),
    )
    .force("x", forceX<LayoutNode>(0).strength(0.03))
    .force("y", forceY<LayoutNode>(0).strength(0.03))
    .alphaMin(ALPHA_MIN)
    .stop();
  // Mostly cached positions: start cool so the picture only settles what changed.
  if (nodes.length > 0 && placed / nodes.length > 0.8) sim.alpha(0.05);
  else if (cold && nodes.length >= HOT_BELOW) sim.alpha(SEEDED_ALPHA);
  return sim;
}

/** Positions as a flat array (x0, y0, x1, y1, …), cheap to post between threads. */
export function positionsOf(nodes: readonly LayoutNode[]): Float64Array {
  const out = new Float64Array(nodes.length * 2);
  nodes.forEach((n, i) => {
    out[i * 2] = n.x ?? 0;
    out[i * 2 + 1] = n.y ?? 0;
  });
  return out;
}

/** The drag in progress on a layout: the dragged note and the notes held where they were for it. */
const drags = new WeakMap<Simulation<LayoutNode, LayoutLink>, { i: number; held: LayoutNode[] }>();

/**
 * Pins node `i` at (x, y) while a person drags it, warming the layout so its direct neighbours follow; every other
 * note is held where it was (a drag moved the rest of a graph a median 81 px) until the next drag starts. Null
 * releases the dragged note and lets the layout cool down again with the others still held.
 */
export function pinNode(sim: Simulation<LayoutNode, LayoutLink>, i: number, x: number | null, y: number | null): void {
  const nodes = sim.nodes();
  const n = nodes[i];
  if (!n) return;
  n.fx = x;
  n.fy = y;
  if (x === null || y === null) {
    sim.alphaTarget(0);
    return;
  }
  const drag = drags.get(sim);
  if (!drag || drag.i !== i) holdAllBut(sim, i);
  n.x = x;
  n.y = y;
  sim.alphaTarget(0.15).alpha(Math.max(sim.alpha(), 0.15));
}

/** Frees the notes the last drag held and holds every note but `i` and its direct neighbours where it is. */
function holdAllBut(sim: Simulation<LayoutNode, LayoutLink>, i: number): void {
  for (const m of drags.get(sim)?.held ?? []) m.fx = m.fy = null;
  const free = new Set([i]);
  const link = sim.force("link") as { links?: () => LayoutLink[] } | undefined;
  for (const l of link?.links?.() ?? []) {
    const a = typeof l.source === "number" ? l.source : l.source.i;
    const b = typeof l.target === "number" ? l.target : l.target.i;
    if (a === i) free.add(b);
    if (b === i) free.add(a);
  }
  const held = sim.nodes().filter((m) => !free.has(m.i) && m.fx == null);
  for (const m of held) {
    m.fx = m.x;
    m.fy = m.y;
  }
  drags.set(sim, { i, held });
}
