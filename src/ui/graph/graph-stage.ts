import { drawGraph, nodeAt, type GraphPalette, type GraphScene, type Transform } from "./graph-canvas";

/**
 * The graph's canvas: the scene drawn on it, the pan and zoom, the theme's palette, the hover tooltip, and one draw
 * per animation frame. It keeps the whole graph in view while the layout moves, until the person pans or zooms.
 */
export class GraphStage {
  scene: GraphScene = { nodes: [], edges: [], positions: new Float64Array(), highlights: null, center: null, hovered: -1 };
  palette!: GraphPalette;
  canvas!: HTMLCanvasElement;
  tooltip!: HTMLElement;
  /** Whether the last fit still shows every node. */
  fitted = false;
  /** Keeps the whole graph in view while the layout moves, until the person pans or zooms. */
  autoFit = true;
  private t: Transform = { x: 0, y: 0, k: 1 };
  private frame = 0;

  /** Attaches the canvas and tooltip the view built, with the theme's palette. */
  mount(canvas: HTMLCanvasElement, tooltip: HTMLElement, palette: GraphPalette): void {
    this.canvas = canvas;
    this.tooltip = tooltip;
    this.palette = palette;
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
    return nodeAt(this.scene, (e.clientX - rect.left - this.t.x) / this.t.k, (e.clientY - rect.top - this.t.y) / this.t.k, this.t.k);
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
    const rect = this.canvas.getBoundingClientRect();
    this.tooltip.style.setProperty("--kc-x", `${Math.min(e.clientX - rect.left + 12, rect.width - 200)}px`);
    this.tooltip.style.setProperty("--kc-y", `${e.clientY - rect.top + 12}px`);
    this.tooltip.toggleClass("kc-hidden", false);
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
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (let i = 0; i < n; i++) {
      minX = Math.min(minX, this.scene.positions[i * 2]!); maxX = Math.max(maxX, this.scene.positions[i * 2]!);
      minY = Math.min(minY, this.scene.positions[i * 2 + 1]!); maxY = Math.max(maxY, this.scene.positions[i * 2 + 1]!);
    }
    const k = Math.min(2, Math.max(0.05, Math.min(w / (maxX - minX + 80), h / (maxY - minY + 80))));
    this.t = { k, x: w / 2 - ((minX + maxX) / 2) * k, y: h / 2 - ((minY + maxY) / 2) * k };
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

  private draw(): void {
    const c = this.canvas;
    const ratio = window.devicePixelRatio || 1;
    const w = c.clientWidth;
    const h = c.clientHeight;
    if (c.width !== Math.round(w * ratio) || c.height !== Math.round(h * ratio)) {
      c.width = Math.round(w * ratio);
      c.height = Math.round(h * ratio);
    }
    const ctx = c.getContext("2d");
    if (!ctx) return;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    drawGraph(ctx, this.scene, this.t, this.palette, w, h);
    this.canvas.dataset.frames = String(Number(this.canvas.dataset.frames ?? 0) + 1);
  }
}
