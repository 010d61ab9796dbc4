import { setIcon } from "obsidian";

/** What the graph's toolbar changes; the view keeps the state, the toolbar only builds the controls. */
export interface GraphToolbarActions {
  readonly mode: (mode: "local" | "global") => void;
  readonly depth: (depth: 1 | 2) => void;
  readonly kind: (kind: string) => void;
  readonly mid: (on: boolean) => void;
  readonly staleOnly: (on: boolean) => void;
  /** Enter in the find box. */
  readonly find: (query: string) => void;
  /** Enter in the route preview box. */
  readonly previewRoute: (question: string) => void;
  /** Fills an empty route preview box when it gets focus. */
  readonly lastQuestion: () => string | null;
  readonly fit: () => void;
  readonly exportAs: (kind: string) => void;
}

/** The toolbar's controls, each labelled for screen readers and reachable by Tab. */
export function buildGraphToolbar(bar: HTMLElement, start: "local" | "global", act: GraphToolbarActions): void {
  const select = (label: string, options: [string, string][], value: string, onChange: (v: string) => void): void => {
    const el = bar.createEl("select", { cls: "dropdown", attr: { "aria-label": label } });
    for (const [v, text] of options) el.createEl("option", { value: v, text });
    el.value = value;
    el.addEventListener("change", () => onChange(el.value));
  };
  const toggle = (label: string, onChange: (on: boolean) => void): void => {
    const wrap = bar.createEl("label", { cls: "kc-graph-toggle" });
    const box = wrap.createEl("input", { type: "checkbox" });
    wrap.appendText(label);
    box.addEventListener("change", () => onChange(box.checked));
  };
  const onEnter = (cls: string, placeholder: string, label: string, run: (value: string) => void): HTMLInputElement => {
    const input = bar.createEl("input", { type: "search", cls, attr: { placeholder, "aria-label": label } });
    input.addEventListener("keydown", (e) => {
      if (e.key === "Enter") run(input.value);
    });
    return input;
  };
  select("View", [["local", "This note"], ["global", "Whole base"]], start, (v) => act.mode(v === "global" ? "global" : "local"));
  select("Depth", [["1", "Depth 1"], ["2", "Depth 2"]], "1", (v) => act.depth(v === "2" ? 2 : 1));
  select("Type", [["", "All types"], ["concept", "Concepts"], ["connection", "Connections"], ["qa", "Q&A"]], "", act.kind);
  toggle("MID", act.mid);
  toggle("Stale only", act.staleOnly);
  onEnter("kc-graph-search", "Find a note…", "Find a note in the graph", act.find);
  const route = onEnter("kc-graph-route", "Preview a question…", "Preview what a question would load", act.previewRoute);
  route.addEventListener("focus", () => {
    if (!route.value) route.value = act.lastQuestion() ?? "";
  });
  const fit = bar.createEl("button", { cls: "clickable-icon", attr: { "aria-label": "Fit to view" } });
  setIcon(fit, "maximize");
  fit.addEventListener("click", act.fit);
  select("Export", [["", "Export…"], ["png", "PNG"], ["svg", "SVG"], ["json", "JSON"], ["mermaid", "Mermaid"]], "", act.exportAs);
}
