import type { CkpHeader } from "../ckp/ckp-header";
import { classifyPath, isArticleKind, trimSlashes } from "../knowledge/knowledge-layout";
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
  /** Resolved out-edge targets per article, valid while `epoch` is unchanged (any note added, renamed or deleted). */
  private readonly resolved = new Map<string, { epoch: number; options: string; targets: (string | null)[] }>();
  private epoch = 0;
  /** The last snapshot per options, valid until anything changes (following the active note re-reads it often). */
  private last: { key: string; view: GraphView } | null = null;

  constructor(
    private readonly knowledgeFolder: () => string,
    private readonly resolve: ResolveTarget,
  ) {}

  /** Adds or replaces an article. */
  set(article: GraphArticle): void {
    this.last = null;
    if (!this.articles.has(article.path)) this.epoch++;
    this.articles.set(article.path, article);
    this.resolved.delete(article.path);
  }

  /** Forgets an article (deleted or moved out of the knowledge folder). */
  remove(path: string): void {
    this.last = null;
    if (this.articles.delete(path)) this.epoch++;
    this.resolved.delete(path);
  }

  /** Forgets every cached resolution (a note outside the graph was created, renamed or deleted). */
  notesChanged(): void {
    this.last = null;
    this.epoch++;
  }

  get size(): number {
    return this.articles.size;
  }

  has(path: string): boolean {
    return this.articles.has(path);
  }

  /** The whole graph: article nodes, ghost nodes for missing targets, and the edges the options ask for. */
  snapshot(options: GraphOptions = { logs: false, body: false }): GraphView {
    const key = `${options.logs ? 1 : 0}${options.body ? 1 : 0}`;
    if (this.last?.key === key) return this.last.view;
    const nodes = new Map<string, GraphNode>();
    const edges: GraphEdge[] = [];
    const folder = this.knowledgeFolder();
    for (const a of this.articles.values()) nodes.set(a.path, nodeOf(a, folder));
    for (const a of this.articles.values()) {
      const outs = outEdges(a, options);
      const targets = this.targets(a, outs, options);
      // One edge per target and tier; a body link already drawn as a tier is not drawn again.
      const seen = new Set<string>();
      const tiered = new Set<string>();
      outs.forEach((out, i) => {
        const to = targets[i]!;
        if (to === null && (out.tier === "body" || out.tier === "source")) return;
        const id = to ?? `ghost:${out.target}`;
        if (id === a.path) return;
        if (out.tier === "body" ? tiered.has(id) || seen.has(id) : seen.has(`${out.tier}\u0000${id}`)) return;
        if (out.tier === "body") seen.add(id);
        else {
          seen.add(`${out.tier}\u0000${id}`);
          tiered.add(id);
        }
        if (to !== null && !nodes.has(to)) {
          if (out.tier === "body") return;
          nodes.set(to, {
            id: to,
            kind: out.tier === "source" && options.logs ? "log" : "article",
            title: baseName(to),
            tldr: "",
            tags: [],
            inboundHigh: 0,
            corroborations: 0,
          });
        }
        if (to === null && !nodes.has(id))
          nodes.set(id, { id, kind: "ghost", title: out.target, tldr: "missing article", tags: [], inboundHigh: 0, corroborations: 0 });
        const updated = to ? (this.articles.get(to)?.header.updated ?? null) : null;
        const tier = out.tier === "high" || out.tier === "mid";
        edges.push({
          from: a.path,
          to: id,
          tier: out.tier,
          stamp: out.stamp,
          stale: tier && out.stamp !== null && updated !== null && updated.slice(0, 7) > out.stamp,
          unstamped: tier && out.stamp === null,
        });
        if (out.tier === "high") nodes.get(id)!.inboundHigh++;
      });
    }
    const view: GraphView = { nodes: [...nodes.values()], edges, omitted: 0 };
    this.last = { key, view };
    return view;
  }

  /** The resolved targets of an article's out-edges, from the cache while no note came or went. */
  private targets(a: GraphArticle, outs: OutEdge[], options: GraphOptions): (string | null)[] {
    const key = `${options.logs ? 1 : 0}${options.body ? 1 : 0}`;
    const hit = this.resolved.get(a.path);
    if (hit && hit.epoch === this.epoch && hit.options === key) return hit.targets;
    const targets = outs.map((o) => this.resolve(o.target, a.path));
    this.resolved.set(a.path, { epoch: this.epoch, options: key, targets });
    return targets;
  }
}

function nodeOf(a: GraphArticle, folder: string): GraphNode {
  const kind = classifyPath(a.path, folder);
  const k: GraphNodeKind = kind === "concept" || kind === "connection" || kind === "qa" ? kind : "article";
  return {
    id: a.path,
    kind: k,
    title: a.header.title ?? baseName(a.path),
    tldr: a.header.tldr ?? a.tldr,
    tags: a.header.tags,
    inboundHigh: 0,
    corroborations: a.header.corroborations ?? 0,
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

/** True for a path the graph should hold: a note of the knowledge folder other than index.md, log.md and lint reports. */
export function isGraphArticle(path: string, knowledgeFolder: string, reportFolder?: string): boolean {
  return isArticleKind(classifyPath(path, trimSlashes(knowledgeFolder), reportFolder));
}

/** What the graph keeps of a note, from its parse (body links only; frontmatter links are the header's relationships). */
export function graphArticleOf(path: string, header: CkpHeader, parsed: { links: { kind: string; path: string }[] }, fallbackTldr = ""): GraphArticle {
  return { path, header, tldr: fallbackTldr, bodyLinks: bodyLinksOf(parsed) };
}

/** A note's links in its body that the graph draws (wikilinks and markdown links to a note), each target once. */
export function bodyLinksOf(parsed: { links: { kind: string; path: string }[] }): string[] {
  const bodyLinks = parsed.links.filter((l) => (l.kind === "wikilink" || l.kind === "markdown") && l.path !== "").map((l) => l.path);
  return [...new Set(bodyLinks)];
}
