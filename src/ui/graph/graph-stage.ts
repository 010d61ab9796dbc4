import { drawGraph, sceneOf, type GraphScene } from "./graph-canvas";
import { nodeAt, type Transform } from "./graph-geometry";
import type { PlacedLabel, ScreenRect } from "./graph-labels";
import type { GraphPalette } from "./graph-palette";
import type { FrameRequest } from "./graph-worker-handler";
import { OffscreenRenderer } from "./offscreen-renderer";

/**
 * The graph's canvas: the scene drawn on it, the pan and zoom, the theme's palette, the hover tooltip, and one draw
 * per animation frame. It keeps the whole graph in view while the layout moves, until the person pans or zooms.
 * Where the platform allows, a worker owns the canvas and draws the frames (see OffscreenRenderer).
 */
export class GraphStage {
  scene: GraphScene = sceneOf([], []);
  palette!: GraphPalette;
  canvas!: HTMLCanvasElement;
  tooltip!: HTMLElement;
  /** Whether the last fit still shows every node. */
  fitted = false;
  /** Keeps the whole graph in view while the layout moves, until the person pans or zooms. */
  autoFit = true;
  /** The labels the last frame drew (for tests and the harness: none overlap). */
  labels: PlacedLabel[] = [];
  /** Controls drawn over the canvas (zoom buttons, legend): labels keep out from under them. */
  overlays: HTMLElement[] = [];
  /** The zoom of the last fit: labels fade in relative to it. */
  private fitK = 1;
  private t: Transform = { x: 0, y: 0, k: 1 };
  private frame = 0;
  private renderer: OffscreenRenderer | null = null;
  /** What the renderer last received, to send the scene and palette only when they change. */
  private sent: { scene: GraphScene | null; nodes: unknown; groups: unknown; highlights: unknown; center: unknown; palette: GraphPalette | null } = {
    scene: null,
    nodes: null,
    groups: null,
    highlights: null,
    center: null,
    palette: null,
  };

  /** Attaches the canvas and tooltip the view built, with the theme's palette; `offscreen` draws in a worker. */
  mount(canvas: HTMLCanvasElement, tooltip: HTMLElement, palette: GraphPalette, offscreen = true): void {
    this.canvas = canvas;
    this.tooltip = tooltip;
    this.palette = palette;
    this.renderer = offscreen ? OffscreenRenderer.attach(canvas, (labels) => this.drawn(labels)) : null;
  }

  /** Ends the drawing worker (view closed). */
  dispose(): void {
    this.renderer?.dispose();
    this.renderer = null;
  }

  /** The current pan (x, y) and zoom (k), for a drag to start from. */
  transform(): Readonly<Transform> {
    return this.t;
  }

  /** Moves the view to an absolute pan, keeping the zoom (a drag). */
  panTo(x: number, y: number): void {
    this.autoFit = false;
    this.t.x = x;
    this.t.y = y;
    this.requestDraw();
  }

  /** Moves the view by (dx, dy) pixels; the caller redraws. */
  pan(dx: number, dy: number): void {
    this.autoFit = false;
    this.t.x += dx;
    this.t.y += dy;
  }

  /** The index of the node under a pointer event, or -1. */
  hit(e: MouseEvent): number {
    const rect = this.canvas.getBoundingClientRect();
    return nodeAt(
      this.scene.nodes,
      this.scene.positions,
      (e.clientX - rect.left - this.t.x) / this.t.k,
      (e.clientY - rect.top - this.t.y) / this.t.k,
      this.t.k,
    );
  }

  /** The world point under a screen point of the canvas. */
  toWorld(e: MouseEvent): [number, number] {
    const rect = this.canvas.getBoundingClientRect();
    return [(e.clientX - rect.left - this.t.x) / this.t.k, (e.clientY - rect.top - this.t.y) / this.t.k];
  }

  /** Moves node `i` to a world point (a drag), until the layout's next positions arrive. */
  moveNode(i: number, x: number, y: number): void {
    this.autoFit = false;
    this.scene.positions[i * 2] = x;
    this.scene.positions[i * 2 + 1] = y;
    this.requestDraw();
  }

  /** Highlights the node under the pointer and shows its tooltip (title, TL;DR, why the route loads it). */
  hover(e: PointerEvent, preview: (e: MouseEvent, path: string, target: HTMLElement) => void): void {
    const i = this.hit(e);
    if (i !== this.scene.hovered) {
      this.scene.hovered = i;
      this.requestDraw();
    }
    const n = this.scene.nodes[i];
    if (!n) {
      this.tooltip.toggleClass("kc-hidden", true);
      return;
    }
    if ((e.ctrlKey || e.metaKey) && n.kind !== "ghost") preview(e, n.id, this.canvas);
    this.tooltip.empty();
    this.tooltip.createDiv({ cls: "kc-graph-tooltip-title", text: n.title });
    if (n.tldr) this.tooltip.createDiv({ text: n.tldr.length > 240 ? `${n.tldr.slice(0, 240)}…` : n.tldr });
    const why = this.scene.highlights?.get(n.id);
    if (why) this.tooltip.createDiv({ cls: "kc-graph-tooltip-why", text: `Route: ${why}` });
    this.tooltip.toggleClass("kc-hidden", false);
    this.placeTooltip(e);
  }

  /** Puts the tooltip beside the pointer, flipped to the other side where it would leave the canvas. */
  private placeTooltip(e: MouseEvent): void {
    const rect = this.canvas.getBoundingClientRect();
    const w = this.tooltip.offsetWidth;
    const h = this.tooltip.offsetHeight;
    const px = e.clientX - rect.left;
    const py = e.clientY - rect.top;
    const x = px + 12 + w <= rect.width ? px + 12 : px - 12 - w;
    const y = py + 12 + h <= rect.height ? py + 12 : py - 12 - h;
    this.tooltip.style.setProperty("--kc-x", `${Math.round(Math.max(0, Math.min(x, rect.width - w)))}px`);
    this.tooltip.style.setProperty("--kc-y", `${Math.round(Math.max(0, Math.min(y, rect.height - h)))}px`);
  }

  /** Hides the tooltip and the hover highlight (the pointer left the canvas). */
  leave(): void {
    this.tooltip.toggleClass("kc-hidden", true);
    this.scene.hovered = -1;
    this.requestDraw();
  }

  /** Zooms by `factor` around the screen point (sx, sy), within 0.05x to 8x. */
  zoomAt(sx: number, sy: number, factor: number): void {
    this.autoFit = false;
    const k = Math.min(8, Math.max(0.05, this.t.k * factor));
    this.t.x = sx - ((sx - this.t.x) * k) / this.t.k;
    this.t.y = sy - ((sy - this.t.y) * k) / this.t.k;
    this.t.k = k;
    this.requestDraw();
  }

  /** Zooms by `factor` around the middle of the canvas (the zoom buttons and the + and - keys). */
  zoomCentre(factor: number): void {
    this.zoomAt(this.canvas.clientWidth / 2, this.canvas.clientHeight / 2, factor);
  }

  /** Centres node `i`, zoomed in to at least 1.5x, and highlights it. */
  focusNode(i: number): void {
    this.autoFit = false;
    const w = this.canvas.clientWidth;
    const h = this.canvas.clientHeight;
    this.t.k = Math.max(this.t.k, 1.5);
    this.t.x = w / 2 - this.scene.positions[i * 2]! * this.t.k;
    this.t.y = h / 2 - this.scene.positions[i * 2 + 1]! * this.t.k;
    this.scene.hovered = i;
    this.requestDraw();
  }

  /** Zooms and pans so every node is in view. */
  fit(): void {
    const n = this.scene.nodes.length;
    const w = this.canvas.clientWidth || 300;
    const h = this.canvas.clientHeight || 300;
    if (n === 0) return;
    let minX = Infinity,
      minY = Infinity,
      maxX = -Infinity,
      maxY = -Infinity;
    for (let i = 0; i < n; i++) {
      minX = Math.min(minX, this.scene.positions[i * 2]!);
      maxX = Math.max(maxX, this.scene.positions[i * 2]!);
      minY = Math.min(minY, this.scene.positions[i * 2 + 1]!);
      maxY = Math.max(maxY, this.scene.positions[i * 2 + 1]!);
    }
    const k = Math.min(2, Math.max(0.05, Math.min(w / (maxX - minX + 80), h / (maxY - minY + 80))));
    this.t = { k, x: w / 2 - ((minX + maxX) / 2) * k, y: h / 2 - ((minY + maxY) / 2) * k };
    this.fitK = k;
    this.fitted = true;
    this.requestDraw();
  }

  /** Draws on the next animation frame (once, however often it is asked). */
  requestDraw(): void {
    if (this.frame) return;
    this.frame = window.requestAnimationFrame(() => {
      this.frame = 0;
      this.draw();
    });
  }

  /** The frame as a PNG (drawn again on a canvas of its own: the view's canvas may belong to a worker). */
  async toPng(): Promise<Blob | null> {
    const c = createEl("canvas");
    const ratio = window.devicePixelRatio || 1;
    const w = this.canvas.clientWidth;
    const h = this.canvas.clientHeight;
    c.width = Math.round(w * ratio);
    c.height = Math.round(h * ratio);
    const ctx = c.getContext("2d");
    if (!ctx) return null;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    drawGraph(ctx, this.scene, this.t, this.palette, w, h, this.fitK, this.reserved());
    return new Promise((r) => c.toBlob(r, "image/png"));
  }

  /** Whether every frame asked for has been drawn (for the harness: it waits on this, not on time). */
  idle(): boolean {
    return this.frame === 0 && !(this.renderer?.busy() ?? false);
  }

  /** Where the overlays cover the canvas, in its pixels. */
  private reserved(): ScreenRect[] {
    const c = this.canvas.getBoundingClientRect();
    return this.overlays
      .map((el) => el.getBoundingClientRect())
      .filter((r) => r.width > 0 && r.height > 0)
      .map((r) => ({ x: r.left - c.left, y: r.top - c.top, width: r.width, height: r.height }));
  }

  private drawn(labels: PlacedLabel[]): void {
    this.labels = labels;
    this.canvas.dataset.frames = String(Number(this.canvas.dataset.frames ?? 0) + 1);
  }

  /** The state of a frame for the drawing worker, with the scene and palette only when they changed. */
  private frameRequest(w: number, h: number, ratio: number): FrameRequest {
    const s = this.scene;
    const sent = this.sent;
    const req: FrameRequest = {
      positions: s.positions,
      hovered: s.hovered,
      arrows: s.arrows,
      t: { ...this.t },
      width: w,
      height: h,
      ratio,
      fitK: this.fitK,
      reserved: this.reserved(),
    };
    if (sent.scene !== s || sent.nodes !== s.nodes || sent.highlights !== s.highlights || sent.center !== s.center) {
      // Only what a frame draws (no TL;DRs, tags or paths of edges): copying between threads costs by size.
      req.scene = {
        nodes: s.nodes.map((n) => ({
          id: n.id,
          kind: n.kind,
          title: n.title,
          inboundHigh: n.inboundHigh,
          corroborations: n.corroborations,
          tldr: "",
          tags: [],
        })),
        edges: s.edges.map(({ a, b, edge }) => ({
          a,
          b,
          edge: { from: "", to: "", tier: edge.tier, stamp: null, stale: edge.stale, unstamped: edge.unstamped },
        })),
        groups: s.groups,
        highlights: s.highlights ? [...s.highlights] : null,
        center: s.center,
      };
      this.sent = { ...sent, scene: s, nodes: s.nodes, groups: s.groups, highlights: s.highlights, center: s.center };
    } else if (sent.groups !== s.groups) {
      // Colours by community arrive after the first frame: a copy of thousands of nodes and edges again for them
      // was a main-thread task of 30 ms and more on a whole vault.
      req.groups = s.groups;
      this.sent = { ...sent, groups: s.groups };
    }
    if (sent.palette !== this.palette) {
      req.palette = this.palette;
      this.sent.palette = this.palette;
    }
    return req;
  }

  private draw(): void {
    const c = this.canvas;
    const ratio = window.devicePixelRatio || 1;
    const w = c.clientWidth;
    const h = c.clientHeight;
    if (this.renderer) {
      this.renderer.draw(() => this.frameRequest(w, h, ratio));
      return;
    }
    if (c.width !== Math.round(w * ratio) || c.height !== Math.round(h * ratio)) {
      c.width = Math.round(w * ratio);
      c.height = Math.round(h * ratio);
    }
    const ctx = c.getContext("2d");
    if (!ctx) return;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    this.drawn(drawGraph(ctx, this.scene, this.t, this.palette, w, h, this.fitK, this.reserved()));
  }
}
