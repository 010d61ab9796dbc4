import type { GraphPalette } from "./graph-palette";

/** The colour groups the legend names when nodes are coloured by folder or community. */
export interface LegendGroups {
  by: "folder" | "community";
  names: string[];
  /** Each named group's colour (an index into the palette's groups; −1: the neutral colour). */
  colours: number[];
}

/**
 * The graph's legend, small and folded in a corner of the canvas: node shapes and colours, the edge styles (HIGH,
 * MID, a connection's links, stale) and what an arrow means, in the palette's own colours; with folder or community
 * colouring, the six largest groups by name. With `links` (the whole-vault graph), a note without a header and an
 * untyped link too.
 */
export function renderLegend(el: HTMLElement, p: GraphPalette, groups: LegendGroups | null, links = false): void {
  const open = el.querySelector("details")?.open ?? el.dataset.open === "true";
  el.empty();
  const details = el.createEl("details", { cls: "kc-graph-legend" });
  details.open = open;
  details.createEl("summary", { text: "Legend" });
  const list = details.createDiv({ cls: "kc-graph-legend-items" });
  const item = (swatch: string, colour: string, text: string): void => {
    const row = list.createDiv({ cls: "kc-graph-legend-item" });
    const s = row.createSpan({ cls: `kc-graph-swatch ${swatch}` });
    s.style.setProperty("--kc-swatch", colour);
    row.createSpan({ text });
  };
  const typed = groups === null;
  item("is-circle", typed ? p.concept : p.other, "Concept");
  item("is-diamond", typed ? p.connection : p.other, "Connection");
  item("is-square", typed ? p.qa : p.other, "Q&A");
  if (links) item("is-circle", p.other, "Note");
  item("is-ring", p.ghost, "Missing note");
  if (links) item("is-line is-thin", p.link, "Link (untyped)");
  item("is-line is-thick", p.high, "HIGH");
  item("is-line", p.mid, "MID");
  item("is-line", p.connects, "Connects");
  item("is-line is-dashed", p.stale, "Stale");
  item("is-arrow", p.high, "Points to the related note");
  if (groups) {
    list.createDiv({ cls: "kc-graph-legend-heading", text: groups.by === "folder" ? "Colour: folder" : "Colour: community" });
    groups.names
      .slice(0, Math.min(6, p.groups.length))
      .forEach((name, i) => item("is-circle", p.groups[groups.colours[i] ?? -1] ?? p.other, name || "(vault root)"));
  }
  details.addEventListener("toggle", () => (el.dataset.open = String(details.open)));
}
