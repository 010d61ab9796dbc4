// Browser entry for the graph view harness: the real GraphView (with its Web Worker layout) over a graph given by
// the harness, in a height-bounded pane like Obsidian's. Exposes the view and what it opened for the harness.
import { installObsidianDomHelpers } from "../tests/fakes/obsidian-dom";
import { WorkspaceLeaf } from "obsidian";
import { GraphView } from "../src/ui/graph/graph-view";
import type { GraphView as GraphData } from "../src/core/graph/graph-types";
import type { RouteResult } from "../src/core/route/route-types";

installObsidianDomHelpers();
const w = window as unknown as {
  KC_SCOPE?: "knowledge" | "vault";
  KC_POSITIONS?: Record<string, [number, number]>;
  KC_GRAPH: GraphData;
  KC_ACTIVE: string | null;
  KC_MODE: string;
  KC_ROUTE: RouteResult | null;
  KC_OPENED: string[];
  KC_VIEW: GraphView;
  KC_OPENED_AT: number;
  /** Graph options as the workspace would restore them (the view's saved state). */
  KC_CONTROLS?: Record<string, unknown>;
};
w.KC_OPENED = [];
const view = new GraphView(new WorkspaceLeaf(), {
  graph: () => w.KC_GRAPH,
  scope: () => w.KC_SCOPE ?? "knowledge",
  onChange: () => () => undefined,
  activePath: () => w.KC_ACTIVE,
  route: () => w.KC_ROUTE,
  lastQuestion: () => w.KC_ROUTE?.question ?? null,
  open: (p) => void w.KC_OPENED.push(p),
  preview: () => undefined,
  linkText: (p) => p.replace(/\.md$/, ""),
  loadPositions: () => Promise.resolve(w.KC_POSITIONS ?? {}),
  savePositions: () => Promise.resolve(),
  exportFile: () => Promise.resolve(),
});
w.KC_VIEW = view;
document.getElementById("pane")!.appendChild(view.containerEl);
view.containerEl.addClass("view-content-host");
w.KC_OPENED_AT = performance.now();
// From here to the harness's "kc-graph-settled", the main thread's tasks count (read from a trace by CPU time).
performance.mark("kc-graph-open");
void view.onOpen().then(async () => {
  if (w.KC_CONTROLS) await view.setState(w.KC_CONTROLS, { history: false });
  if (w.KC_MODE === "global") {
    const select = view.contentEl.querySelector<HTMLSelectElement>(".kc-graph-mode")!;
    select.value = "global";
    select.dispatchEvent(new Event("change"));
  }
  if (w.KC_ROUTE) {
    const input = view.contentEl.querySelector<HTMLInputElement>(".kc-graph-route")!;
    input.value = w.KC_ROUTE.question;
    input.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter" }));
  }
});
