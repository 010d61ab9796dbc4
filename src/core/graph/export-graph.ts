import type { GraphView } from "./graph-types";

/** The graph as JSON for tools: nodes and edges as the model holds them. */
export function graphToJson(g: GraphView): string {
  return `${JSON.stringify({ nodes: g.nodes, edges: g.edges, omitted: g.omitted }, null, 2)}\n`;
}

const quote = (s: string): string =>
  `"${s
    .replace(/\\/g, "\\\\")
    .replace(/"/g, '\\"')
    .replace(/[\r\n]+/g, " ")}"`;
const STYLE: Record<string, string> = {
  high: "style=solid, penwidth=2",
  mid: "style=solid, penwidth=0.7, color=gray50",
  connects: "style=dashed",
  source: "style=dotted, color=gray60",
  body: "style=dotted",
};
const SHAPE: Record<string, string> = { concept: "ellipse", connection: "diamond", qa: "note", article: "box", log: "folder", ghost: "octagon, color=red" };

/** The graph in Graphviz DOT: shapes by type, HIGH thick, MID thin, stale edges orange and labelled with the stamp. */
export function graphToDot(g: GraphView): string {
  const lines = ["digraph ckp {", "  rankdir=LR;", "  node [fontsize=10];"];
  for (const n of g.nodes) lines.push(`  ${quote(n.id)} [label=${quote(n.title)}, shape=${SHAPE[n.kind]}];`);
  for (const e of g.edges) {
    const stale = e.stale ? `, color=orange, label=${quote(`stale ${e.stamp ?? ""}`)}` : e.unstamped ? ', label="unstamped"' : "";
    lines.push(`  ${quote(e.from)} -> ${quote(e.to)} [${STYLE[e.tier]}${stale}];`);
  }
  if (g.omitted > 0) lines.push(`  // ${g.omitted} more nodes left out by the cap`);
  lines.push("}");
  return `${lines.join("\n")}\n`;
}

/** The graph as a Mermaid flowchart (renders in Obsidian notes): HIGH `==>`, MID `-.->`, others `-->`. */
export function graphToMermaid(g: GraphView): string {
  const ids = new Map(g.nodes.map((n, i) => [n.id, `n${i}`]));
  const label = (s: string): string =>
    s
      .replace(/["[\]{}()<>|#;`]/g, " ")
      .replace(/\s+/g, " ")
      .trim() || "untitled";
  const shape = (kind: string, text: string): string =>
    kind === "connection" ? `{"${text}"}` : kind === "ghost" ? `(("${text}"))` : kind === "qa" ? `[/"${text}"/]` : `["${text}"]`;
  const lines = ["flowchart LR"];
  for (const n of g.nodes) lines.push(`  ${ids.get(n.id)}${shape(n.kind, label(n.title))}`);
  for (const e of g.edges) {
    const arrow = e.tier === "high" ? "==>" : e.tier === "mid" ? "-.->" : "-->";
    const text = e.stale ? `|stale ${e.stamp ?? ""}|` : "";
    lines.push(`  ${ids.get(e.from)} ${arrow}${text} ${ids.get(e.to)}`);
  }
  if (g.omitted > 0) lines.push(`  %% ${g.omitted} more nodes left out by the cap`);
  return `${lines.join("\n")}\n`;
}
