import type { GraphEdge, GraphView } from "../../core/graph/graph-types";

/**
 * The graph's list twin: the active note's outgoing and incoming HIGH and connection relationships (and MID ones when
 * the graph shows MID, saying how many are hidden when it does not; untyped links in the whole-vault graph) as links, reachable by keyboard (Tab, Enter;
 * Ctrl/Cmd+Enter opens in a new tab) and draggable into a note. It is also what narrow screens show first.
 */
export function relationshipList(
  el: HTMLElement,
  graph: GraphView,
  active: string | null,
  show: { mid: boolean },
  open: (path: string, newTab: boolean) => void,
  linkText: (path: string) => string,
): void {
  const node = active ? graph.nodes.find((n) => n.id === active) : undefined;
  if (!node) {
    el.createDiv({ cls: "kc-graph-list-empty", text: "No note open: its relationships are listed here." });
    return;
  }
  const title = new Map(graph.nodes.map((n) => [n.id, n]));
  const listed = (e: GraphEdge): boolean => show.mid || e.tier !== "mid";
  const out = graph.edges.filter((e) => e.from === node.id && listed(e));
  const into = graph.edges.filter((e) => e.to === node.id && listed(e));
  const hidden = graph.edges.filter((e) => (e.from === node.id || e.to === node.id) && !listed(e)).length;
  el.createDiv({ cls: "kc-graph-list-title", text: `Relationships of ${node.title}` });
  const section = (label: string, edges: GraphEdge[], other: (e: GraphEdge) => string): void => {
    if (edges.length === 0) return;
    el.createDiv({ cls: "kc-graph-list-heading", text: label });
    const ul = el.createEl("ul");
    const rank = { high: 0, connects: 1, mid: 2, source: 3, body: 4 } as const;
    for (const e of [...edges].sort((a, b) => rank[a.tier] - rank[b.tier])) {
      const id = other(e);
      const target = title.get(id);
      const li = ul.createEl("li", { cls: `kc-graph-list-item kc-tier-${e.tier}${e.stale ? " is-stale" : ""}` });
      li.createSpan({ cls: "kc-graph-tier", text: e.tier === "body" ? "LINK" : e.tier.toUpperCase() });
      if (target?.kind === "ghost") li.createSpan({ cls: "kc-graph-ghost", text: `${target.title} (missing)` });
      else {
        const a = li.createEl("a", { text: target?.title ?? id, href: "#", attr: { draggable: "true" } });
        a.addEventListener("click", (ev) => {
          ev.preventDefault();
          open(id, ev.ctrlKey || ev.metaKey);
        });
        a.addEventListener("dragstart", (ev) => ev.dataTransfer?.setData("text/plain", `[[${linkText(id)}]]`));
      }
      const note = e.stale ? `stale: stamped ${e.stamp}` : e.unstamped ? "unstamped" : (e.stamp ?? "");
      if (note) li.createSpan({ cls: "kc-graph-stamp", text: note });
    }
  };
  section("Outgoing", out, (e) => e.to);
  section("Incoming", into, (e) => e.from);
  if (hidden > 0)
    el.createDiv({
      cls: "kc-graph-list-hidden",
      text: `${hidden} MID relationship${hidden === 1 ? "" : "s"} hidden: turn on "MID relationships" in the graph options.`,
    });
  else if (out.length === 0 && into.length === 0) el.createDiv({ cls: "kc-graph-list-empty", text: "This note has no relationships yet." });
}
