import { setIcon, type Component } from "obsidian";
import type { ColourBy, GraphControls } from "./graph-selection";

export type { ColourBy } from "./graph-selection";

/** What the graph's toolbar changes; the view keeps the state, the toolbar only builds the controls. */
export interface GraphToolbarActions {
  readonly mode: (mode: "local" | "global") => void;
  readonly depth: (depth: number) => void;
  readonly kind: (kind: string) => void;
  readonly colour: (by: ColourBy) => void;
  readonly mid: (on: boolean) => void;
  readonly staleOnly: (on: boolean) => void;
  /** Shows or hides notes without links. */
  readonly orphans: (on: boolean) => void;
  /** Draws arrowheads on relationships or not. */
  readonly arrows: (on: boolean) => void;
  /** Enter in the find box. */
  readonly find: (query: string) => void;
  /** Enter in the route preview box. */
  readonly previewRoute: (question: string) => void;
  /** Fills an empty route preview box when it gets focus. */
  readonly lastQuestion: () => string | null;
  readonly exportAs: (kind: string) => void;
  /** The notes the graph holds (Ask's scope, the same setting); without it the toolbar offers no choice. */
  readonly scope?: (scope: "knowledge" | "vault") => void;
}

/** What the view changes on the toolbar after building it. */
export interface GraphToolbar {
  /** Shows the view choice and only the options that act in it (Depth in "This note", Type in "Whole base"). */
  setMode(mode: "local" | "global"): void;
  /** Shows the scope in effect: the Notes choice, and "Whole vault" for the global view in the whole-vault scope. */
  setScope(scope: "knowledge" | "vault"): void;
  /** Shows every control's value (restored from the view's saved state). */
  sync(c: GraphControls): void;
}

/**
 * The toolbar: the view (this note or the whole base), a find box and an options button on one row, the route
 * preview on the next when the pane is narrow (a 300 px sidebar keeps it to two rows). Depth, Type, the notes held
 * (knowledge folder or whole vault), colouring, the MID, stale, orphans and arrows toggles and export sit in a popover
 * the options button opens; Escape or a click outside closes it (listeners registered on `owner`). Each control is
 * labelled for screen readers and reachable by Tab.
 */
export function buildGraphToolbar(bar: HTMLElement, start: GraphControls, act: GraphToolbarActions, owner: Component): GraphToolbar {
  const select = (
    parent: HTMLElement,
    label: string,
    options: [string, string][],
    value: string,
    onChange: (v: string) => void,
    cls = "",
  ): HTMLSelectElement => {
    const el = parent.createEl("select", { cls: `dropdown ${cls}`.trim(), attr: { "aria-label": label } });
    for (const [v, text] of options) el.createEl("option", { value: v, text });
    el.value = value;
    el.addEventListener("change", () => onChange(el.value));
    return el;
  };
  const onEnter = (cls: string, placeholder: string, label: string, run: (value: string) => void): HTMLInputElement => {
    const input = bar.createEl("input", { type: "search", cls, attr: { placeholder, "aria-label": label } });
    input.addEventListener("keydown", (e) => {
      if (e.key === "Enter") run(input.value);
    });
    return input;
  };
  const modeSelect = select(
    bar,
    "View",
    [
      ["local", "This note"],
      ["global", "Whole base"],
    ],
    start.mode,
    (v) => act.mode(v === "global" ? "global" : "local"),
    "kc-graph-mode",
  );
  onEnter("kc-graph-search", "Find a note…", "Find a note in the graph", act.find);
  const button = bar.createEl("button", {
    cls: "clickable-icon kc-graph-options-button",
    attr: { "aria-label": "Graph options", "aria-expanded": "false", "aria-controls": "kc-graph-options" },
  });
  setIcon(button, "sliders-horizontal");
  const route = onEnter("kc-graph-route", "Preview a question…", "Preview what a question would load", act.previewRoute);
  route.addEventListener("focus", () => {
    if (!route.value) route.value = act.lastQuestion() ?? "";
  });
  const panel = bar.createDiv({ cls: "kc-graph-options kc-hidden", attr: { id: "kc-graph-options", role: "group", "aria-label": "Graph options" } });
  const row = (label: string): HTMLElement => {
    const r = panel.createEl("label", { cls: "kc-graph-option" });
    r.createSpan({ text: label });
    return r;
  };
  const depthRow = row("Depth");
  const depthSelect = select(
    depthRow,
    "Depth",
    [1, 2, 3, 4, 5].map((d) => [String(d), String(d)]),
    "1",
    (v) => act.depth(Number(v)),
    "kc-graph-depth",
  );
  const kindRow = row("Type");
  const kindSelect = select(
    kindRow,
    "Type",
    [
      ["", "All types"],
      ["concept", "Concepts"],
      ["connection", "Connections"],
      ["qa", "Q&A"],
    ],
    "",
    act.kind,
    "kc-graph-kind",
  );
  const scopeSelect = act.scope
    ? select(
        row("Notes"),
        "Notes the graph holds (also Ask's scope)",
        [
          ["knowledge", "Knowledge folder"],
          ["vault", "Whole vault"],
        ],
        "knowledge",
        (v) => act.scope!(v === "vault" ? "vault" : "knowledge"),
        "kc-graph-scope",
      )
    : null;
  const colourSelect = select(
    row("Colour"),
    "Colour by",
    [
      ["auto", "Auto"],
      ["type", "Type"],
      ["folder", "Folder"],
      ["community", "Community"],
    ],
    "auto",
    (v) => act.colour(v as ColourBy),
    "kc-graph-colour",
  );
  const toggle = (label: string, cls: string, onChange: (on: boolean) => void): HTMLInputElement => {
    const wrap = panel.createEl("label", { cls: "kc-graph-toggle" });
    const box = wrap.createEl("input", { type: "checkbox", cls });
    wrap.appendText(label);
    box.addEventListener("change", () => onChange(box.checked));
    return box;
  };
  const boxes = {
    mid: toggle("MID relationships", "kc-graph-mid", act.mid),
    staleOnly: toggle("Stale only", "kc-graph-stale", act.staleOnly),
    orphans: toggle("Orphans", "kc-graph-orphans", act.orphans),
    arrows: toggle("Arrows", "kc-graph-arrows", act.arrows),
  };
  select(
    row("Export"),
    "Export",
    [
      ["", "Export…"],
      ["png", "PNG"],
      ["svg", "SVG"],
      ["json", "JSON"],
      ["mermaid", "Mermaid"],
    ],
    "",
    act.exportAs,
    "kc-graph-export",
  );
  const open = (on: boolean): void => {
    panel.toggleClass("kc-hidden", !on);
    button.setAttribute("aria-expanded", String(on));
  };
  button.addEventListener("click", () => open(panel.hasClass("kc-hidden")));
  const escape = (e: KeyboardEvent): void => {
    if (e.key !== "Escape" || panel.hasClass("kc-hidden")) return;
    const inside = panel.contains(bar.ownerDocument.activeElement) || panel.contains(e.target as Node | null);
    open(false);
    if (inside) button.focus();
  };
  // Escape closes it from inside the panel and from anywhere else in the window.
  panel.addEventListener("keydown", escape);
  owner.registerDomEvent(bar.ownerDocument, "keydown", escape);
  // A press anywhere outside the panel and its button closes it (as Obsidian's menus and popovers close).
  owner.registerDomEvent(bar.ownerDocument, "pointerdown", (e: PointerEvent) => {
    const target = e.target as Node | null;
    if (panel.hasClass("kc-hidden") || !target) return;
    if (!panel.contains(target) && !button.contains(target)) open(false);
  });
  const setMode = (mode: "local" | "global"): void => {
    modeSelect.value = mode;
    depthRow.toggleClass("kc-hidden", mode !== "local");
    kindRow.toggleClass("kc-hidden", mode !== "global");
  };
  const sync = (c: GraphControls): void => {
    setMode(c.mode);
    depthSelect.value = String(c.depth);
    kindSelect.value = c.kind;
    colourSelect.value = c.colour;
    for (const k of ["mid", "staleOnly", "orphans", "arrows"] as const) boxes[k].checked = c[k];
  };
  sync(start);
  const setScope = (scope: "knowledge" | "vault"): void => {
    if (scopeSelect) scopeSelect.value = scope;
    const whole = modeSelect.options[1];
    if (whole) whole.text = scope === "vault" ? "Whole vault" : "Whole base";
  };
  return { setMode, setScope, sync };
}
