import { ItemView, type WorkspaceLeaf } from "obsidian";
import { graphToJson, graphToMermaid } from "../../core/graph/export-graph";
import type { GraphOptions } from "../../core/graph/graph-model";
import { filterGraph, neighbourhood, routeHighlights } from "../../core/graph/graph-queries";
import type { GraphView as GraphData } from "../../core/graph/graph-types";
import type { RouteResult } from "../../core/route/route-types";
import { drawGraph, nodeAt, radiusOf, readPalette, sceneToSvg, type GraphPalette, type GraphScene, type Transform } from "./graph-canvas";
import { buildGraphToolbar } from "./graph-toolbar";
import { LayoutRunner } from "./layout-runner";
import { relationshipList } from "./relationship-list";

/** The view type id of the graph of CKP tiers. */
export const GRAPH_VIEW_TYPE = "kc-graph";

/** Cached positions by article path. */
export type Positions = Record<string, [number, number]>;

/** What the graph view needs from the plugin. */
export interface GraphHost {
  /** The whole graph, or null while the article index is still being built. */
  graph(options: GraphOptions): GraphData | null;
  /** Subscribes to graph changes and to the active note changing; returns the unsubscribe. */
  onChange(fn: () => void): () => void;
  activePath(): string | null;
  route(question: string): RouteResult | null;
  /** The Ask panel's last question, for the route preview. */
  lastQuestion(): string | null;
  open(path: string, newTab: boolean): void;
  /** Obsidian's page preview for a path (shown when Ctrl/Cmd is held). */
  preview(event: MouseEvent, path: string, target: HTMLElement): void;
  /** The link text that points at a path from anywhere (for drag and drop into a note). */
  linkText(path: string): string;
  loadPositions(): Promise<Positions>;
  savePositions(p: Positions): Promise<void>;
  /** Saves an export: copies text to the clipboard or downloads a file; says which in a notice. */
  exportFile(name: string, data: Blob | string): Promise<void>;
}

/** Most nodes the global view draws before it asks for a filter. */
const GLOBAL_CAP = 5000;

/**
 * The graph of CKP tiers: the active note's neighbourhood by default (following the active note), or the whole
 * knowledge base with filters and an honest cap; a route preview highlights what the router would load and why.
 * Drawn on a canvas with the layout in a worker; a keyboard-reachable list of the active note's relationships
 * stands beside it (and instead of it on narrow screens).
 */
export class GraphView extends ItemView {
  private mode: "local" | "global" = "local";
  private depth: 1 | 2 = 1;
  private mid = false;
  private staleOnly = false;
  private kind = "";
  private highlights: Map<string, string> | null = null;
  private data: GraphData = { nodes: [], edges: [], omitted: 0 };
  private scene: GraphScene = { nodes: [], edges: [], positions: new Float64Array(), highlights: null, center: null, hovered: -1 };
  private t: Transform = { x: 0, y: 0, k: 1 };
  private palette!: GraphPalette;
  private canvas!: HTMLCanvasElement;
  private status!: HTMLElement;
  private tooltip!: HTMLElement;
  private listEl!: HTMLElement;
  private readonly layout = new LayoutRunner();
  private cache: Positions = {};
  private frame = 0;
  private fitted = false;
  /** Keeps the whole graph in view while the layout moves, until the person pans or zooms. */
  private autoFit = true;
  private unsubscribe: (() => void) | null = null;
  private saveTimer = 0;

  constructor(leaf: WorkspaceLeaf, private readonly host: GraphHost) {
    super(leaf);
  }

  override getViewType(): string {
    return GRAPH_VIEW_TYPE;
  }

  override getDisplayText(): string {
    return "Knowledge graph";
  }

  override getIcon(): string {
    return "git-fork";
  }

  override async onOpen(): Promise<void> {
    const root = this.contentEl;
    root.empty();
    root.addClass("kc-graph");
    this.buildToolbar(root.createDiv({ cls: "kc-graph-toolbar" }));
    this.status = root.createDiv({ cls: "kc-graph-status", attr: { "aria-live": "polite" } });
    const stage = root.createDiv({ cls: "kc-graph-stage" });
    this.canvas = stage.createEl("canvas", { cls: "kc-graph-canvas", attr: { tabindex: "0", role: "img", "aria-label": "Graph of the knowledge base. Arrow keys pan, plus and minus zoom, 0 fits, Enter opens the highlighted note." } });
    this.tooltip = stage.createDiv({ cls: "kc-graph-tooltip" });
    this.tooltip.toggleClass("kc-hidden", true);
    this.listEl = root.createDiv({ cls: "kc-graph-list" });
    this.palette = readPalette(root);
    this.cache = await this.host.loadPositions();
    this.bindCanvas();
    this.registerDomEvent(window, "resize", () => this.requestDraw());
    this.register(() => this.layout.dispose());
    this.unsubscribe = this.host.onChange(() => this.refresh());
    this.refresh();
  }

  override async onClose(): Promise<void> {
    this.unsubscribe?.();
    this.layout.dispose();
    await this.persistPositions();
  }

  /** Re-reads the theme's colours (the plugin calls this on "css-change"). */
  themeChanged(): void {
    this.palette = readPalette(this.contentEl);
    this.requestDraw();
  }

  /** Recomputes what is shown from the graph and the controls, keeps known positions, and restarts the layout. */
  refresh(): void {
    const whole = this.host.graph({ logs: false, body: false });
    if (!whole) {
      this.status.setText("Still indexing the knowledge base…");
      return;
    }
    const active = this.host.activePath();
    let shown: GraphData;
    if (this.mode === "local") {
      const center = active && whole.nodes.some((n) => n.id === active) ? active : null;
      shown = center ? neighbourhood(whole, center, { depth: this.depth, mid: this.mid, cap: 300 }) : { nodes: [], edges: [], omitted: 0 };
      if (this.staleOnly) shown = filterGraph(shown, { cap: 300, staleOnly: true });
      this.status.setText(center ? describe(shown, "around this note") : "Open an article of the knowledge base to see its relationships, or switch to the whole base.");
    } else {
      const kinds = this.kind ? new Set([this.kind as GraphData["nodes"][number]["kind"]]) : undefined;
      const tiers = this.mid ? undefined : new Set(["high", "connects"] as const);
      shown = filterGraph(whole, { cap: GLOBAL_CAP, staleOnly: this.staleOnly, ...(kinds ? { kinds } : {}), ...(tiers ? { tiers } : {}) });
      this.status.setText(describe(shown, "in the knowledge base"));
    }
    this.show(shown, active);
    this.renderList(whole, active);
  }

  private show(data: GraphData, active: string | null): void {
    const previous = new Map(this.scene.nodes.map((n, i) => [n.id, [this.scene.positions[i * 2]!, this.scene.positions[i * 2 + 1]!] as [number, number]]));
    this.data = data;
    const index = new Map(data.nodes.map((n, i) => [n.id, i]));
    const edges = data.edges.flatMap((e) => {
      const a = index.get(e.from);
      const b = index.get(e.to);
      return a === undefined || b === undefined ? [] : [{ a, b, edge: e }];
    });
    const known = data.nodes.map((n) => previous.get(n.id) ?? this.cache[n.id]);
    const positions = new Float64Array(data.nodes.length * 2);
    known.forEach((p, i) => {
      positions[i * 2] = p?.[0] ?? 0;
      positions[i * 2 + 1] = p?.[1] ?? 0;
    });
    this.scene = { nodes: data.nodes, edges, positions, highlights: this.highlights, center: active, hovered: -1 };
    const allKnown = known.every((p) => p !== undefined);
    this.fitted = allKnown && this.fitted;
    if (!allKnown) this.autoFit = true;
    this.canvas.dataset.layout = "running";
    this.layout.start({
      nodes: data.nodes.map((n, i) => ({ r: radiusOf(n), ...(known[i] ? { x: known[i][0], y: known[i][1] } : {}) })),
      links: edges.map((e) => ({ source: e.a, target: e.b, strong: e.edge.tier === "high" || e.edge.tier === "connects" })),
    }, (pos, done) => {
      if (pos.length !== this.scene.positions.length) return;
      this.scene.positions = pos;
      // Visible state for people's tools and the browser harness: whether the layout is still moving.
      this.canvas.dataset.layout = done ? "settled" : "running";
      if (this.autoFit) this.fit();
      this.requestDraw();
      if (done) this.schedulePersist();
    });
    // Nodes without a known position all sit at the origin until the layout's first step: draw once it arrives.
    if (allKnown) {
      if (!this.fitted) this.fit();
      this.requestDraw();
    }
  }

  private buildToolbar(bar: HTMLElement): void {
    const refreshAfter = <T>(apply: (v: T) => void) => (v: T): void => {
      apply(v);
      this.refresh();
    };
    buildGraphToolbar(bar, this.mode, {
      mode: refreshAfter((m) => {
        this.mode = m;
        this.fitted = false;
      }),
      depth: refreshAfter((d) => (this.depth = d)),
      kind: refreshAfter((k) => (this.kind = k)),
      mid: refreshAfter((on) => (this.mid = on)),
      staleOnly: refreshAfter((on) => (this.staleOnly = on)),
      find: (value) => {
        const q = value.trim().toLowerCase();
        const i = this.scene.nodes.findIndex((n) => n.title.toLowerCase().includes(q) || n.id.toLowerCase().includes(q));
        if (i >= 0) this.focusNode(i);
        else this.status.setText(`No note matching "${value}" in this view.`);
      },
      previewRoute: (q) => this.previewRoute(q),
      lastQuestion: () => this.host.lastQuestion(),
      fit: () => this.fit(),
      exportAs: (kind) => void this.exportAs(kind),
    });
  }

  private previewRoute(question: string): void {
    const q = question.trim();
    if (!q) {
      this.highlights = null;
    } else {
      const r = this.host.route(q);
      this.highlights = r && r.status === "routed" ? routeHighlights(r) : new Map();
      if (this.mode === "local" && this.highlights.size > 0) {
        this.mode = "global";
        const modeSelect = this.bar()?.querySelector<HTMLSelectElement>("select");
        if (modeSelect) modeSelect.value = "global";
      }
      this.status.setText(r?.status === "routed" ? `Route preview: loads ${[...this.highlights.keys()].map(short).join(", ")}.` : "Route preview: not in the knowledge base; nothing would be loaded.");
    }
    this.scene.highlights = this.highlights;
    this.refreshKeepingStatus();
  }

  private refreshKeepingStatus(): void {
    const text = this.status.textContent ?? "";
    this.refresh();
    if (this.highlights) this.status.setText(text);
  }

  private bar(): HTMLElement | null {
    return this.contentEl.querySelector(".kc-graph-toolbar");
  }

  private bindCanvas(): void {
    const c = this.canvas;
    let drag: { x: number; y: number; tx: number; ty: number; moved: boolean } | null = null;
    this.registerDomEvent(c, "wheel", (e: WheelEvent) => {
      e.preventDefault();
      const rect = c.getBoundingClientRect();
      this.zoomAt(e.clientX - rect.left, e.clientY - rect.top, Math.exp(-e.deltaY * 0.0015));
    }, { passive: false });
    this.registerDomEvent(c, "pointerdown", (e: PointerEvent) => {
      drag = { x: e.clientX, y: e.clientY, tx: this.t.x, ty: this.t.y, moved: false };
      const i = this.hit(e);
      c.draggable = i >= 0;
    });
    this.registerDomEvent(c, "dragstart", (e: DragEvent) => {
      const i = this.hit(e);
      const n = this.scene.nodes[i];
      if (!n || n.kind === "ghost" || !e.dataTransfer) return;
      e.dataTransfer.setData("text/plain", `[[${this.host.linkText(n.id)}]]`);
      drag = null;
    });
    this.registerDomEvent(c, "pointermove", (e: PointerEvent) => {
      if (drag && (e.buttons & 1) === 1 && !c.draggable) {
        drag.moved ||= Math.hypot(e.clientX - drag.x, e.clientY - drag.y) > 3;
        this.autoFit = false;
        this.t.x = drag.tx + e.clientX - drag.x;
        this.t.y = drag.ty + e.clientY - drag.y;
        this.requestDraw();
        return;
      }
      this.hover(e);
    });
    this.registerDomEvent(c, "pointerup", (e: PointerEvent) => {
      const wasDrag = drag?.moved ?? false;
      drag = null;
      c.draggable = false;
      if (wasDrag) return;
      const n = this.scene.nodes[this.hit(e)];
      if (n && n.kind !== "ghost") this.host.open(n.id, e.ctrlKey || e.metaKey);
    });
    this.registerDomEvent(c, "pointerleave", () => {
      this.tooltip.toggleClass("kc-hidden", true);
      this.scene.hovered = -1;
      this.requestDraw();
    });
    this.registerDomEvent(c, "keydown", (e: KeyboardEvent) => {
      const step = 40;
      const keys: Record<string, () => void> = {
        ArrowLeft: () => this.pan(step, 0), ArrowRight: () => this.pan(-step, 0),
        ArrowUp: () => this.pan(0, step), ArrowDown: () => this.pan(0, -step),
        "+": () => this.zoomAt(c.clientWidth / 2, c.clientHeight / 2, 1.25), "=": () => this.zoomAt(c.clientWidth / 2, c.clientHeight / 2, 1.25),
        "-": () => this.zoomAt(c.clientWidth / 2, c.clientHeight / 2, 0.8), "0": () => this.fit(),
        Enter: () => {
          const n = this.scene.nodes[this.scene.hovered] ?? this.scene.nodes.find((x) => x.id === this.scene.center);
          if (n && n.kind !== "ghost") this.host.open(n.id, e.ctrlKey || e.metaKey);
        },
      };
      const action = keys[e.key];
      if (!action) return;
      e.preventDefault();
      action();
      this.requestDraw();
    });
  }

  private pan(dx: number, dy: number): void {
    this.autoFit = false;
    this.t.x += dx;
    this.t.y += dy;
  }

  private hit(e: MouseEvent): number {
    const rect = this.canvas.getBoundingClientRect();
    return nodeAt(this.scene, (e.clientX - rect.left - this.t.x) / this.t.k, (e.clientY - rect.top - this.t.y) / this.t.k, this.t.k);
  }

  private hover(e: PointerEvent): void {
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
    if ((e.ctrlKey || e.metaKey) && n.kind !== "ghost") this.host.preview(e, n.id, this.canvas);
    this.tooltip.empty();
    this.tooltip.createDiv({ cls: "kc-graph-tooltip-title", text: n.title });
    if (n.tldr) this.tooltip.createDiv({ text: n.tldr.length > 240 ? `${n.tldr.slice(0, 240)}…` : n.tldr });
    const why = this.highlights?.get(n.id);
    if (why) this.tooltip.createDiv({ cls: "kc-graph-tooltip-why", text: `Route: ${why}` });
    const rect = this.canvas.getBoundingClientRect();
    this.tooltip.style.setProperty("--kc-x", `${Math.min(e.clientX - rect.left + 12, rect.width - 200)}px`);
    this.tooltip.style.setProperty("--kc-y", `${e.clientY - rect.top + 12}px`);
    this.tooltip.toggleClass("kc-hidden", false);
  }

  private zoomAt(sx: number, sy: number, factor: number): void {
    this.autoFit = false;
    const k = Math.min(8, Math.max(0.05, this.t.k * factor));
    this.t.x = sx - ((sx - this.t.x) * k) / this.t.k;
    this.t.y = sy - ((sy - this.t.y) * k) / this.t.k;
    this.t.k = k;
    this.requestDraw();
  }

  private focusNode(i: number): void {
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
  private fit(): void {
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

  private requestDraw(): void {
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

  private renderList(whole: GraphData, active: string | null): void {
    this.listEl.empty();
    relationshipList(this.listEl, whole, active, (path, newTab) => this.host.open(path, newTab), (path) => this.host.linkText(path));
  }

  private async exportAs(kind: string): Promise<void> {
    const select = this.bar()?.querySelectorAll("select");
    const exportSelect = select?.[select.length - 1];
    if (exportSelect) exportSelect.value = "";
    if (kind === "json") await this.host.exportFile("knowledge-graph.json", graphToJson(this.data));
    else if (kind === "mermaid") await this.host.exportFile("knowledge-graph.mmd", graphToMermaid(this.data));
    else if (kind === "svg") await this.host.exportFile("knowledge-graph.svg", new Blob([sceneToSvg(this.scene, this.palette)], { type: "image/svg+xml" }));
    else if (kind === "png") {
      const blob = await new Promise<Blob | null>((r) => this.canvas.toBlob(r, "image/png"));
      if (blob) await this.host.exportFile("knowledge-graph.png", blob);
    }
  }

  private schedulePersist(): void {
    window.clearTimeout(this.saveTimer);
    this.saveTimer = window.setTimeout(() => void this.persistPositions(), 2000);
  }

  private async persistPositions(): Promise<void> {
    this.scene.nodes.forEach((n, i) => {
      if (n.kind !== "ghost") this.cache[n.id] = [this.scene.positions[i * 2]!, this.scene.positions[i * 2 + 1]!];
    });
    await this.host.savePositions(this.cache);
  }
}

function describe(g: GraphData, where: string): string {
  const stale = g.edges.filter((e) => e.stale).length;
  const left = g.omitted > 0 ? ` ${g.omitted.toLocaleString()} more left out (the most connected are shown): filter by type or use "This note".` : "";
  return `${g.nodes.length.toLocaleString()} notes and ${g.edges.length.toLocaleString()} relationships ${where}${stale > 0 ? `, ${stale} stale` : ""}.${left}`;
}

const short = (p: string): string => p.slice(p.lastIndexOf("/") + 1).replace(/\.md$/i, "");
