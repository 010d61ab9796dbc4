import type { CkpHeader } from "../ckp/ckp-header";
import { classifyPath, trimSlashes } from "../knowledge/knowledge-layout";
import { baseName } from "../route/article-doc";
import type { ResolveTarget } from "../route/route-question";
import type { GraphEdge, GraphEdgeTier, GraphNode, GraphNodeKind, GraphView } from "./graph-types";

/** What the graph keeps of one article: its header and the link paths of its body (for body edges on request). */
export interface GraphArticle {
  path: string;
  header: CkpHeader;
  /** First paragraph standing in when the header has no TLDR. */
  tldr: string;
  bodyLinks: string[];
}

/** Which edges and nodes a snapshot includes beyond the CKP tiers and connections. */
export interface GraphOptions {
  logs: boolean;
  body: boolean;
}

interface OutEdge {
  target: string;
  tier: GraphEdgeTier;
  stamp: string | null;
}

/**
 * The CKP graph of a knowledge base, kept up to date one article at a time (set, remove, rename: no rebuild) from
 * the same events as lint and routing. Link targets are resolved when a snapshot is taken and the results cached
 * until the set of notes changes, so a snapshot costs one pass over the edges.
 */
export class GraphModel {
  private readonly articles = new Map<string, GraphArticle>();
  private resolved = new Map<string, string | null>();

  constructor(
    private readonly knowledgeFolder: () => string,
    private readonly resolve: ResolveTarget,
  ) {}

  /** Adds or replaces an article. */
  set(article: GraphArticle): void {
    if (!this.articles.has(article.path)) this.resolved.clear();
    this.articles.set(article.path, article);
  }

  /** Forgets an article (deleted or moved out of the knowledge folder). */
  remove(path: string): void {
    if (this.articles.delete(path)) this.resolved.clear();
  }

  /** Forgets every cached resolution (a note outside the graph was created, renamed or deleted). */
  notesChanged(): void {
    this.resolved.clear();
  }

  get size(): number {
    return this.articles.size;
  }

  has(path: string): boolean {
    return this.articles.has(path);
  }

  /** The whole graph: article nodes, ghost nodes for missing targets, and the edges the options ask for. */
  snapshot(options: GraphOptions = { logs: false, body: false }): GraphView {
    const nodes = new Map<string, GraphNode>();
    const edges: GraphEdge[] = [];
    const folder = this.knowledgeFolder();
    for (const a of this.articles.values()) nodes.set(a.path, nodeOf(a, folder));
    for (const a of this.articles.values()) {
      for (const out of outEdges(a, options)) {
        const to = this.target(out.target, a.path);
        const id = to ?? `ghost:${out.target}`;
        if (to !== null && !nodes.has(to)) {
          if (out.tier === "source" && options.logs) nodes.set(to, { id: to, kind: "log", title: baseName(to), tldr: "", tags: [], inboundHigh: 0, corroborations: 0 });
          else if (out.tier === "body") continue;
          else nodes.set(to, { id: to, kind: "article", title: baseName(to), tldr: "", tags: [], inboundHigh: 0, corroborations: 0 });
        }
        if (to === null) {
          if (out.tier === "body" || out.tier === "source") continue;
          if (!nodes.has(id)) nodes.set(id, { id, kind: "ghost", title: out.target, tldr: "missing article", tags: [], inboundHigh: 0, corroborations: 0 });
        }
        if (id === a.path) continue;
        const updated = to ? this.articles.get(to)?.header.updated ?? null : null;
        const tiered = out.tier === "high" || out.tier === "mid";
        edges.push({
          from: a.path, to: id, tier: out.tier, stamp: out.stamp,
          stale: tiered && out.stamp !== null && updated !== null && updated.slice(0, 7) > out.stamp,
          unstamped: tiered && out.stamp === null,
        });
        if (out.tier === "high") nodes.get(id)!.inboundHigh++;
      }
    }
    return { nodes: [...nodes.values()], edges: dedupeEdges(edges), omitted: 0 };
  }

  private target(link: string, from: string): string | null {
    const key = `${from}\u0000${link}`;
    let hit = this.resolved.get(key);
    if (hit === undefined) {
      hit = this.resolve(link, from);
      this.resolved.set(key, hit);
    }
    return hit;
  }
}

function nodeOf(a: GraphArticle, folder: string): GraphNode {
  const kind = classifyPath(a.path, folder);
  const k: GraphNodeKind = kind === "concept" || kind === "connection" || kind === "qa" ? kind : "article";
  return {
    id: a.path, kind: k, title: a.header.title ?? baseName(a.path), tldr: a.header.tldr ?? a.tldr, tags: a.header.tags,
    inboundHigh: 0, corroborations: a.header.corroborations ?? 0,
  };
}

function outEdges(a: GraphArticle, options: GraphOptions): OutEdge[] {
  const h = a.header;
  const out: OutEdge[] = [
    ...h.similarHigh.map((r) => ({ target: r.target, tier: "high" as const, stamp: r.stamp })),
    ...h.similarMid.map((r) => ({ target: r.target, tier: "mid" as const, stamp: r.stamp })),
    ...h.connects.map((t) => ({ target: t, tier: "connects" as const, stamp: null })),
  ];
  if (options.logs) out.push(...h.sources.map((t) => ({ target: t, tier: "source" as const, stamp: null })));
  if (options.body) out.push(...a.bodyLinks.map((t) => ({ target: t, tier: "body" as const, stamp: null })));
  return out;
}

/** One edge per (from, to, tier): a relationship listed twice is drawn once; body links already drawn as a tier are dropped. */
function dedupeEdges(edges: GraphEdge[]): GraphEdge[] {
  const seen = new Set<string>();
  const tiered = new Set(edges.filter((e) => e.tier !== "body").map((e) => `${e.from}\u0000${e.to}`));
  return edges.filter((e) => {
    const key = `${e.from}\u0000${e.to}\u0000${e.tier}`;
    if (seen.has(key) || (e.tier === "body" && tiered.has(`${e.from}\u0000${e.to}`))) return false;
    seen.add(key);
    return true;
  });
}

/** True for a path the graph should hold: a note of the knowledge folder other than index.md and log.md. */
export function isGraphArticle(path: string, knowledgeFolder: string): boolean {
  const kind = classifyPath(path, trimSlashes(knowledgeFolder));
  return kind !== null && kind !== "index" && kind !== "log";
}

/** What the graph keeps of a note, from its parse (body links only; frontmatter links are the header's relationships). */
export function graphArticleOf(path: string, header: CkpHeader, parsed: { links: { kind: string; path: string }[] }, fallbackTldr = ""): GraphArticle {
  const bodyLinks = parsed.links.filter((l) => (l.kind === "wikilink" || l.kind === "markdown") && l.path !== "").map((l) => l.path);
  return { path, header, tldr: fallbackTldr, bodyLinks: [...new Set(bodyLinks)] };
}
