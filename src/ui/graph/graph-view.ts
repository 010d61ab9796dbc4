import { ItemView, type WorkspaceLeaf } from "obsidian";
import { graphToJson, graphToMermaid } from "../../core/graph/export-graph";
import { routeHighlights } from "../../core/graph/graph-queries";
import type { GraphView as GraphData } from "../../core/graph/graph-types";
import { radiusOf, readPalette, sceneToSvg } from "./graph-canvas";
import { bindGraphInput } from "./graph-input";
import { describeRoutePreview, selectGraph, type GraphControls } from "./graph-selection";
import { GraphStage } from "./graph-stage";
import { buildGraphToolbar } from "./graph-toolbar";
import type { GraphHost, Positions } from "./graph-view-host";
import { LayoutRunner } from "./layout-runner";
import { relationshipList } from "./relationship-list";

export type { GraphHost, Positions } from "./graph-view-host";

/** The view type id of the graph of CKP tiers. */
export const GRAPH_VIEW_TYPE = "kc-graph";

/**
 * The graph of CKP tiers: the active note's neighbourhood by default (following the active note), or the whole
 * knowledge base with filters and an honest cap; a route preview highlights what the router would load and why.
 * Drawn on a canvas with the layout in a worker; a keyboard-reachable list of the active note's relationships
 * stands beside it (and instead of it on narrow screens).
 */
export class GraphView extends ItemView {
  private controls: GraphControls = { mode: "local", depth: 1, mid: false, staleOnly: false, kind: "" };
  private highlights: Map<string, string> | null = null;
  private data: GraphData = { nodes: [], edges: [], omitted: 0 };
  private readonly stage = new GraphStage();
  private status!: HTMLElement;
  private listEl!: HTMLElement;
  private readonly layout = new LayoutRunner();
  private cache: Positions = {};
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
    const canvas = stage.createEl("canvas", { cls: "kc-graph-canvas", attr: { tabindex: "0", role: "img", "aria-label": "Graph of the knowledge base. Arrow keys pan, plus and minus zoom, 0 fits, Enter opens the highlighted note." } });
    const tooltip = stage.createDiv({ cls: "kc-graph-tooltip" });
    tooltip.toggleClass("kc-hidden", true);
    this.listEl = root.createDiv({ cls: "kc-graph-list" });
    this.stage.mount(canvas, tooltip, readPalette(root));
    this.cache = await this.host.loadPositions();
    bindGraphInput(this, this.stage, this.host);
    this.registerDomEvent(window, "resize", () => this.stage.requestDraw());
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
    this.stage.palette = readPalette(this.contentEl);
    this.stage.requestDraw();
  }

  /** Recomputes what is shown from the graph and the controls, keeps known positions, and restarts the layout. */
  refresh(): void {
    const whole = this.host.graph({ logs: false, body: false });
    if (!whole) {
      this.status.setText("Still indexing the knowledge base…");
      return;
    }
    const active = this.host.activePath();
    const { shown, status } = selectGraph(whole, active, this.controls);
    this.status.setText(status);
    this.show(shown, active);
    this.renderList(whole, active);
  }

  private show(data: GraphData, active: string | null): void {
    const stage = this.stage;
    const previous = new Map(stage.scene.nodes.map((n, i) => [n.id, [stage.scene.positions[i * 2]!, stage.scene.positions[i * 2 + 1]!] as [number, number]]));
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
    stage.scene = { nodes: data.nodes, edges, positions, highlights: this.highlights, center: active, hovered: -1 };
    const allKnown = known.every((p) => p !== undefined);
    stage.fitted = allKnown && stage.fitted;
    if (!allKnown) stage.autoFit = true;
    stage.canvas.dataset.layout = "running";
    this.layout.start({
      nodes: data.nodes.map((n, i) => ({ r: radiusOf(n), ...(known[i] ? { x: known[i][0], y: known[i][1] } : {}) })),
      links: edges.map((e) => ({ source: e.a, target: e.b, strong: e.edge.tier === "high" || e.edge.tier === "connects" })),
    }, (pos, done) => {
      if (pos.length !== stage.scene.positions.length) return;
      stage.scene.positions = pos;
      // Visible state for people's tools and the browser harness: whether the layout is still moving.
      stage.canvas.dataset.layout = done ? "settled" : "running";
      if (stage.autoFit) stage.fit();
      stage.requestDraw();
      if (done) this.schedulePersist();
    });
    // Nodes without a known position all sit at the origin until the layout's first step: draw once it arrives.
    if (allKnown) {
      if (!stage.fitted) stage.fit();
      stage.requestDraw();
    }
  }

  private buildToolbar(bar: HTMLElement): void {
    const refreshAfter = <T>(apply: (v: T) => void) => (v: T): void => {
      apply(v);
      this.refresh();
    };
    const c = this.controls;
    buildGraphToolbar(bar, c.mode, {
      mode: refreshAfter((m) => {
        c.mode = m;
        this.stage.fitted = false;
      }),
      depth: refreshAfter((d) => (c.depth = d)),
      kind: refreshAfter((k) => (c.kind = k)),
      mid: refreshAfter((on) => (c.mid = on)),
      staleOnly: refreshAfter((on) => (c.staleOnly = on)),
      find: (value) => {
        const q = value.trim().toLowerCase();
        const i = this.stage.scene.nodes.findIndex((n) => n.title.toLowerCase().includes(q) || n.id.toLowerCase().includes(q));
        if (i >= 0) this.stage.focusNode(i);
        else this.status.setText(`No note matching "${value}" in this view.`);
      },
      previewRoute: (q) => this.previewRoute(q),
      lastQuestion: () => this.host.lastQuestion(),
      fit: () => this.stage.fit(),
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
      if (this.controls.mode === "local" && this.highlights.size > 0) {
        this.controls.mode = "global";
        const modeSelect = this.bar()?.querySelector<HTMLSelectElement>("select");
        if (modeSelect) modeSelect.value = "global";
      }
      this.status.setText(describeRoutePreview(r?.status === "routed", this.highlights));
    }
    this.stage.scene.highlights = this.highlights;
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
    else if (kind === "svg") await this.host.exportFile("knowledge-graph.svg", new Blob([sceneToSvg(this.stage.scene, this.stage.palette)], { type: "image/svg+xml" }));
    else if (kind === "png") {
      const blob = await new Promise<Blob | null>((r) => this.stage.canvas.toBlob(r, "image/png"));
      if (blob) await this.host.exportFile("knowledge-graph.png", blob);
    }
  }

  private schedulePersist(): void {
    window.clearTimeout(this.saveTimer);
    this.saveTimer = window.setTimeout(() => void this.persistPositions(), 2000);
  }

  private async persistPositions(): Promise<void> {
    const scene = this.stage.scene;
    scene.nodes.forEach((n, i) => {
      if (n.kind !== "ghost") this.cache[n.id] = [scene.positions[i * 2]!, scene.positions[i * 2 + 1]!];
    });
    await this.host.savePositions(this.cache);
  }
}
