import { ItemView, type ViewStateResult, type WorkspaceLeaf } from "obsidian";
import { graphToJson, graphToMermaid } from "../../core/graph/export-graph";
import { routeHighlights } from "../../core/graph/graph-queries";
import type { GraphView as GraphData } from "../../core/graph/graph-types";
import { sceneOf } from "./graph-canvas";
import { radiusOf } from "./graph-geometry";
import { bindGraphInput } from "./graph-input";
import { renderLegend, type LegendGroups } from "./graph-legend";
import { readPalette } from "./graph-palette";
import { colourMode, controlsFrom, DEFAULT_CONTROLS, describeRoutePreview, selectGraph, type GraphControls } from "./graph-selection";
import { GraphStage } from "./graph-stage";
import { sceneToSvg } from "./graph-svg";
import { buildGraphToolbar, type GraphToolbar } from "./graph-toolbar";
import type { GraphHost, Positions } from "./graph-view-host";
import { buildZoomButtons } from "./graph-zoom-buttons";
import { LayoutRunner, type Colouring } from "./layout-runner";
import { relationshipList } from "./relationship-list";

export type { GraphHost, Positions } from "./graph-view-host";

/** The view type id of the graph of CKP tiers. */
export const GRAPH_VIEW_TYPE = "kc-graph";

/**
 * The graph of CKP tiers: the active note's neighbourhood by default (following the active note), or the whole
 * knowledge base with filters and an honest cap (in Ask's whole-vault scope, every note with its links drawn untyped); a route preview highlights what the router would load and why.
 * Drawn on a canvas with the layout in a worker; a keyboard-reachable list of the active note's relationships
 * stands beside it (and instead of it on narrow screens).
 */
export class GraphView extends ItemView {
  private controls: GraphControls = { ...DEFAULT_CONTROLS };
  private highlights: Map<string, string> | null = null;
  private data: GraphData = { nodes: [], edges: [], omitted: 0 };
  private readonly stage = new GraphStage();
  private status!: HTMLElement;
  private listEl!: HTMLElement;
  private legendEl!: HTMLElement;
  private legendGroups: LegendGroups | null = null;
  private offerEl!: HTMLElement;
  /** True while the graph holds the whole vault: untyped links are drawn. */
  private links = false;
  private toolbar!: GraphToolbar;
  private readonly layout = new LayoutRunner();
  private cache: Positions = {};
  private unsubscribe: (() => void) | null = null;
  private saveTimer = 0;

  constructor(
    leaf: WorkspaceLeaf,
    private readonly host: GraphHost,
  ) {
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

  /** The graph options, saved with the workspace (Obsidian keeps a view's state in its layout). */
  override getState(): Record<string, unknown> {
    return { ...super.getState(), ...this.controls };
  }

  /** Restores the graph options the workspace saved. */
  override async setState(state: unknown, result: ViewStateResult): Promise<void> {
    this.controls = controlsFrom(state);
    if (this.toolbar) {
      this.toolbar.sync(this.controls);
      this.refresh();
    }
    await super.setState(state, result);
  }

  override async onOpen(): Promise<void> {
    const root = this.contentEl;
    root.empty();
    root.addClass("kc-graph");
    this.buildToolbar(root.createDiv({ cls: "kc-graph-toolbar" }));
    this.status = root.createDiv({ cls: "kc-graph-status", attr: { "aria-live": "polite" } });
    this.offerEl = root.createDiv({ cls: "kc-graph-scope-offer kc-hidden" });
    const stage = root.createDiv({ cls: "kc-graph-stage" });
    const canvas = stage.createEl("canvas", {
      cls: "kc-graph-canvas",
      attr: {
        tabindex: "0",
        role: "img",
        "aria-label": "Graph of the knowledge base. Arrow keys pan, plus and minus zoom, 0 fits, the enter key opens the highlighted note.",
      },
    });
    const tooltip = stage.createDiv({ cls: "kc-graph-tooltip" });
    tooltip.toggleClass("kc-hidden", true);
    // The legend starts folded to one "Legend" line in any pane: open, it hid a fifth of a wide canvas.
    this.legendEl = stage.createDiv({ cls: "kc-graph-legend-host", attr: { "data-open": "false" } });
    const zoom = stage.createDiv({ cls: "kc-graph-zoom" });
    this.stage.overlays = [zoom, this.legendEl];
    buildZoomButtons(
      zoom,
      (f) => this.stage.zoomCentre(f),
      () => this.stage.fit(),
    );
    this.listEl = root.createDiv({ cls: "kc-graph-list" });
    this.stage.mount(canvas, tooltip, readPalette(root));
    this.cache = await this.host.loadPositions();
    bindGraphInput(this, this.stage, { ...this.host, pin: (i, x, y) => this.layout.pin(i, x, y) });
    this.registerDomEvent(window, "resize", () => this.stage.requestDraw());
    // The legend opened or folded: labels move out from under it (toggle does not bubble, so it is caught on the way down).
    this.registerDomEvent(this.legendEl, "toggle", () => this.stage.requestDraw(), { capture: true });
    this.register(() => {
      this.layout.dispose();
      this.stage.dispose();
    });
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
    this.renderLegend();
    this.stage.requestDraw();
  }

  private renderLegend(): void {
    renderLegend(this.legendEl, this.stage.palette, this.stage.scene, this.legendGroups);
  }

  /** Recomputes what is shown from the graph and the controls, keeps known positions, and restarts the layout. */
  refresh(): void {
    const scope = this.host.scope();
    this.links = scope === "vault";
    this.toolbar.setScope(scope);
    this.renderOffer();
    const whole = this.host.graph({ logs: false, body: this.links });
    if (!whole) {
      this.status.setText(this.links ? "Still indexing the vault…" : "Still indexing the knowledge base…");
      return;
    }
    const active = this.host.activePath();
    const { shown, status } = selectGraph(whole, active, this.controls, scope);
    this.status.setText(status);
    this.show(shown, active);
    this.renderList(whole, active);
    this.renderLegend();
  }

  /** An empty knowledge folder offers the whole vault (Ask's offer, in the same words), instead of an empty canvas. */
  private renderOffer(): void {
    const offer = this.host.setScope ? (this.host.wholeVaultOffer?.() ?? null) : null;
    const el = this.offerEl;
    if (el.dataset.offer === (offer ?? "")) return;
    el.dataset.offer = offer ?? "";
    el.empty();
    el.toggleClass("kc-hidden", offer === null);
    if (offer === null) return;
    el.createDiv({ text: offer });
    const button = el.createEl("button", { text: "Show the whole vault", cls: "mod-cta kc-graph-whole-vault" });
    button.addEventListener("click", () => {
      button.disabled = true;
      void this.host.setScope!("vault").catch(() => (button.disabled = false));
    });
  }

  private show(data: GraphData, active: string | null): void {
    const stage = this.stage;
    // Positions of a layout that had not settled are no place to start cool from: a second change in quick succession
    // (options restored, then the view switched) froze the first layout's seed, a ring, as the picture.
    const settledBefore = stage.canvas.dataset.layout !== "running";
    const previous = new Map(
      settledBefore ? stage.scene.nodes.map((n, i) => [n.id, [stage.scene.positions[i * 2]!, stage.scene.positions[i * 2 + 1]!] as [number, number]]) : [],
    );
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
    const scene = sceneOf(data.nodes, edges);
    scene.positions = positions;
    scene.highlights = this.highlights;
    scene.center = active;
    scene.arrows = this.controls.arrows;
    const by = colourMode(this.controls, data.nodes.length);
    // Groups are computed with the layout, off the main thread: nodes keep their type colours until they arrive.
    this.legendGroups = null;
    const colouring: Colouring | undefined =
      by === "type"
        ? undefined
        : {
            // Folders: every group colour; communities: only the theme's own hues, since neighbouring regions must differ.
            request: {
              by,
              colours: by === "folder" ? stage.palette.groups.length : stage.palette.hues,
              nodes: data.nodes.map((n) => ({ id: n.id, kind: n.kind, title: n.title })),
              edges: data.edges.map((e) => ({ from: e.from, to: e.to })),
            },
            onGroups: (groups) => {
              if (stage.scene !== scene) return;
              scene.groups = groups.of.map((g) => groups.groups[g]?.colour ?? -1);
              this.legendGroups = {
                by,
                names: groups.groups.map((g) => (by === "folder" ? g.name : `Around ${g.name}`)),
                colours: groups.groups.map((g) => g.colour),
              };
              this.renderLegend();
              stage.requestDraw();
            },
          };
    stage.scene = scene;
    const allKnown = known.every((p) => p !== undefined);
    stage.fitted = allKnown && stage.fitted;
    if (!allKnown) stage.autoFit = true;
    stage.canvas.dataset.layout = "running";
    this.layout.start(
      {
        nodes: data.nodes.map((n, i) => ({ r: radiusOf(n), ...(known[i] ? { x: known[i][0], y: known[i][1] } : {}) })),
        links: edges.map((e) => ({ source: e.a, target: e.b, strong: e.edge.tier === "high" || e.edge.tier === "connects" })),
      },
      (pos, done) => {
        if (pos.length !== stage.scene.positions.length) return;
        stage.scene.positions = pos;
        // Visible state for people's tools and the browser harness: whether the layout is still moving.
        stage.canvas.dataset.layout = done ? "settled" : "running";
        if (stage.autoFit) stage.fit();
        stage.requestDraw();
        if (done) this.schedulePersist();
      },
      colouring,
    );
    // Nodes without a known position all sit at the origin until the layout's first step: draw once it arrives.
    if (allKnown) {
      if (!stage.fitted) stage.fit();
      stage.requestDraw();
    }
  }

  private buildToolbar(bar: HTMLElement): void {
    // Each change is saved with the workspace, as Obsidian saves its own graph's options.
    const refreshAfter =
      <T>(apply: (v: T) => void) =>
      (v: T): void => {
        apply(v);
        this.refresh();
        this.host.saveLayout?.();
      };
    const c = (): GraphControls => this.controls;
    this.toolbar = buildGraphToolbar(
      bar,
      this.controls,
      {
        mode: refreshAfter((m) => {
          c().mode = m;
          this.toolbar.setMode(m);
          this.stage.fitted = false;
        }),
        depth: refreshAfter((d) => (c().depth = Math.min(5, Math.max(1, d)))),
        kind: refreshAfter((k) => (c().kind = k)),
        colour: refreshAfter((by) => (c().colour = by)),
        mid: refreshAfter((on) => (c().mid = on)),
        staleOnly: refreshAfter((on) => (c().staleOnly = on)),
        orphans: refreshAfter((on) => (c().orphans = on)),
        arrows: (on) => {
          c().arrows = on;
          this.stage.scene.arrows = on;
          this.renderLegend();
          this.stage.requestDraw();
          this.host.saveLayout?.();
        },
        find: (value) => {
          const q = value.trim().toLowerCase();
          const i = this.stage.scene.nodes.findIndex((n) => n.title.toLowerCase().includes(q) || n.id.toLowerCase().includes(q));
          if (i >= 0) this.stage.focusNode(i);
          else this.status.setText(`No note matching "${value}" in this view.`);
        },
        previewRoute: (q) => this.previewRoute(q),
        lastQuestion: () => this.host.lastQuestion(),
        exportAs: (kind) => void this.exportAs(kind),
        ...(this.host.setScope ? { scope: (scope: "knowledge" | "vault") => void this.host.setScope!(scope) } : {}),
      },
      this,
    );
  }

  private previewRoute(question: string): void {
    const q = question.trim();
    if (!q) {
      this.highlights = null;
    } else {
      const r = this.host.route(q);
      const titleOf = this.titleOf();
      this.highlights = r && r.status === "routed" ? routeHighlights(r, titleOf) : new Map();
      if (this.controls.mode === "local" && this.highlights.size > 0) {
        this.controls.mode = "global";
        this.toolbar.setMode("global");
      }
      this.status.setText(describeRoutePreview(r, titleOf));
    }
    this.stage.scene.highlights = this.highlights;
    this.refreshKeepingStatus();
  }

  private refreshKeepingStatus(): void {
    const text = this.status.textContent ?? "";
    this.refresh();
    if (this.highlights) this.status.setText(text);
  }

  /** Article titles by path from the whole graph (the file name where the graph does not know it). */
  private titleOf(): (path: string) => string {
    // The same options as refresh: the model keeps one snapshot, and another would be built anew each time.
    const titles = new Map((this.host.graph({ logs: false, body: this.links })?.nodes ?? []).map((n) => [n.id, n.title]));
    return (path) => titles.get(path) ?? path.slice(path.lastIndexOf("/") + 1).replace(/\.md$/i, "");
  }

  private renderList(whole: GraphData, active: string | null): void {
    this.listEl.empty();
    relationshipList(
      this.listEl,
      whole,
      active,
      { mid: this.controls.mid },
      (path, newTab) => this.host.open(path, newTab),
      (path) => this.host.linkText(path),
    );
  }

  private async exportAs(kind: string): Promise<void> {
    const exportSelect = this.contentEl.querySelector<HTMLSelectElement>(".kc-graph-export");
    if (exportSelect) exportSelect.value = "";
    if (kind === "json") await this.host.exportFile("knowledge-graph.json", graphToJson(this.data));
    else if (kind === "mermaid") await this.host.exportFile("knowledge-graph.mmd", graphToMermaid(this.data));
    else if (kind === "svg")
      await this.host.exportFile("knowledge-graph.svg", new Blob([sceneToSvg(this.stage.scene, this.stage.palette)], { type: "image/svg+xml" }));
    else if (kind === "png") {
      const blob = await this.stage.toPng();
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
