import { groupGraph, type GraphGroups, type GroupBy } from "../../core/graph/graph-groups";
import type { GraphEdge, GraphNode, GraphView } from "../../core/graph/graph-types";
import { createForceLayout, pinNode, positionsOf, type LayoutInput } from "./force-layout";
import { drawGraph, sceneOf, type GraphScene } from "./graph-canvas";
import type { Transform } from "./graph-geometry";
import type { ScreenRect } from "./graph-labels";
import type { GraphPalette } from "./graph-palette";

/** The nodes and edges a colouring needs (ids, kinds, titles, ends), cheap to post. */
export interface GroupRequest {
  by: GroupBy;
  /** How many distinct colours the groups may use. */
  colours: number;
  nodes: Pick<GraphNode, "id" | "kind" | "title">[];
  edges: Pick<GraphEdge, "from" | "to">[];
}

/** What a frame drawn off the main thread needs: the scene (only when it changed), positions and the view. */
export interface FrameRequest {
  scene?: { nodes: GraphNode[]; edges: GraphScene["edges"]; groups: number[] | null; highlights: [string, string][] | null; center: string | null };
  /** The colour groups alone, when only they changed (the scene is not sent again for them). */
  groups?: number[] | null;
  palette?: GraphPalette;
  positions: Float64Array;
  hovered: number;
  arrows: boolean;
  t: Transform;
  width: number;
  height: number;
  ratio: number;
  fitK: number;
  /** Where controls cover the canvas (no label goes under them). */
  reserved: ScreenRect[];
}

/** Messages the graph worker takes: a layout to run (and colour), a pin, a stop, a canvas to own, a frame to draw. */
export type WorkerInbound =
  | { kind: "start"; id: number; input: LayoutInput; group?: GroupRequest }
  | { kind: "stop" }
  | { kind: "pin"; id: number; i: number; x: number | null; y: number | null }
  | { kind: "canvas"; canvas: OffscreenCanvas }
  | ({ kind: "frame"; frame: number } & FrameRequest);

/** Messages the graph worker sends: a layout's colour groups (before its first positions), positions, a drawn frame. */
export type WorkerOutbound =
  | { kind: "groups"; id: number; groups: GraphGroups }
  | { kind: "positions"; id: number; positions: Float64Array; done: boolean; ticks: number; busyMs: number; groupMs: number }
  | { kind: "drawn"; frame: number; labels: ReturnType<typeof drawGraph> };

/** How the handler reaches its thread: post a message, run a function soon (after pending messages). */
export interface WorkerPorts {
  post(message: WorkerOutbound): void;
  later(fn: () => void): void;
}

/** Ticks between two posts of positions while the layout runs. */
const TICKS_PER_POST = 5;

/**
 * The graph worker's message handler, apart from the worker so tests can drive it: the d3-force layout in batches of
 * ticks until it settles (a pinned note warms it up again), the community or folder colouring of a started graph
 * (label propagation costs the main thread a long task on thousands of notes), and drawing on a canvas handed over
 * with transferControlToOffscreen (rasterising thousands of edges would too).
 */
export function createGraphWorkerHandler(ports: WorkerPorts): (msg: WorkerInbound) => void {
  let current = 0;
  let sim: ReturnType<typeof createForceLayout> | null = null;
  let running = false;
  let canvas: OffscreenCanvas | null = null;
  let scene: GraphScene = sceneOf([], []);
  let palette: GraphPalette | null = null;
  // The layout's work so far (ticks, and milliseconds of this thread spent on it), posted for the harness.
  let ticks = 0;
  let busyMs = 0;
  let groupMs = 0;
  const now = (): number => (typeof performance === "undefined" ? 0 : performance.now());
  const step = (id: number) => (): void => {
    if (current !== id || !sim) {
      running = false;
      return;
    }
    const t0 = now();
    sim.tick(TICKS_PER_POST);
    ticks += TICKS_PER_POST;
    const done = sim.alpha() < sim.alphaMin();
    busyMs += now() - t0;
    ports.post({ kind: "positions", id, positions: positionsOf(sim.nodes()), done, ticks, busyMs: Math.round(busyMs), groupMs });
    running = !done;
    if (!done) ports.later(step(id));
  };
  const draw = (msg: Extract<WorkerInbound, { kind: "frame" }>): void => {
    if (msg.scene) {
      scene = sceneOf(msg.scene.nodes, msg.scene.edges);
      scene.groups = msg.scene.groups;
      scene.highlights = msg.scene.highlights ? new Map(msg.scene.highlights) : null;
      scene.center = msg.scene.center;
    }
    if (msg.groups !== undefined) scene.groups = msg.groups;
    if (msg.palette) palette = msg.palette;
    if (!canvas || !palette || msg.positions.length !== scene.nodes.length * 2) return;
    scene.positions = msg.positions;
    scene.hovered = msg.hovered;
    scene.arrows = msg.arrows;
    const w = Math.round(msg.width * msg.ratio);
    const h = Math.round(msg.height * msg.ratio);
    if (canvas.width !== w || canvas.height !== h) {
      canvas.width = w;
      canvas.height = h;
    }
    const ctx = canvas.getContext("2d");
    if (!ctx) return;
    ctx.setTransform(msg.ratio, 0, 0, msg.ratio, 0, 0);
    const labels = drawGraph(ctx as unknown as CanvasRenderingContext2D, scene, msg.t, palette, msg.width, msg.height, msg.fitK, msg.reserved);
    ports.post({ kind: "drawn", frame: msg.frame, labels });
  };
  return (msg) => {
    if (msg.kind === "stop") {
      current = 0;
    } else if (msg.kind === "canvas") {
      canvas = msg.canvas;
    } else if (msg.kind === "frame") {
      draw(msg);
    } else if (msg.kind === "pin") {
      if (msg.id !== current || !sim) return;
      pinNode(sim, msg.i, msg.x, msg.y);
      if (!running) {
        running = true;
        step(msg.id)();
      }
    } else {
      current = msg.id;
      const t0 = now();
      if (msg.group)
        ports.post({ kind: "groups", id: msg.id, groups: groupGraph({ ...msg.group, omitted: 0 } as unknown as GraphView, msg.group.by, msg.group.colours) });
      const t1 = now();
      sim = createForceLayout(msg.input);
      ticks = 0;
      busyMs = now() - t1;
      groupMs = Math.round(t1 - t0);
      running = true;
      step(msg.id)();
    }
  };
}
