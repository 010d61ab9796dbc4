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

/** Mermaid's defaults: it refuses to draw a diagram with more edges (`maxEdges`) or more characters (`maxTextSize`). */
export interface MermaidLimits {
  maxEdges: number;
  maxTextSize: number;
}
export const MERMAID_DEFAULTS: MermaidLimits = { maxEdges: 500, maxTextSize: 50_000 };

/** A Mermaid flowchart within limits, with how much of the graph it leaves out. */
export interface MermaidFit {
  text: string;
  /** Nodes and edges of the graph the chart leaves out to stay within the limits (0 when it is whole). */
  leftNodes: number;
  leftEdges: number;
}

/**
 * The graph as a Mermaid flowchart that Mermaid draws with its limits (its defaults unless given): the whole graph
 * when it fits, else its most connected nodes (as the cap keeps them) with the edges between them, as many as fit.
 * The chart says in a comment what it leaves out.
 */
export function graphToMermaidWithin(g: GraphView, limits: MermaidLimits = MERMAID_DEFAULTS): MermaidFit {
  const whole = graphToMermaid(g);
  if (g.edges.length <= limits.maxEdges && whole.length <= limits.maxTextSize) return { text: whole, leftNodes: 0, leftEdges: 0 };
  const degree = new Map<string, number>();
  for (const e of g.edges) for (const end of [e.from, e.to]) degree.set(end, (degree.get(end) ?? 0) + 1);
  const ranked = [...g.nodes].sort((a, b) => (degree.get(b.id) ?? 0) - (degree.get(a.id) ?? 0) || (a.id < b.id ? -1 : 1));
  const rank = new Map(ranked.map((n, i) => [n.id, i]));
  // The first k nodes in rank and the edges between them; both grow with k, so the largest k that fits is searched for.
  const part = (k: number): GraphView => ({
    nodes: g.nodes.filter((n) => rank.get(n.id)! < k),
    edges: g.edges.filter((e) => rank.get(e.from)! < k && rank.get(e.to)! < k),
    omitted: g.omitted,
  });
  const render = (k: number): MermaidFit => {
    const p = part(k);
    const leftNodes = g.nodes.length - p.nodes.length;
    const leftEdges = g.edges.length - p.edges.length;
    const note = `  %% ${leftNodes} of ${g.nodes.length} nodes and ${leftEdges} of ${g.edges.length} edges left out to stay within Mermaid's limits (${limits.maxEdges} edges, ${limits.maxTextSize} characters)\n`;
    return { text: graphToMermaid(p) + note, leftNodes, leftEdges };
  };
  const fits = (f: MermaidFit, k: number): boolean => part(k).edges.length <= limits.maxEdges && f.text.length <= limits.maxTextSize;
  let lo = 0;
  let hi = ranked.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (fits(render(mid), mid)) lo = mid;
    else hi = mid - 1;
  }
  return render(lo);
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
