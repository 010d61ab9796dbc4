/** What a node of the CKP graph stands for: an article by type, a daily log (on request), or a missing target. */
export type GraphNodeKind = "concept" | "connection" | "qa" | "article" | "log" | "ghost";

/** One node: an article (or log, or ghost) with what the view encodes (type, size, hover text). */
export interface GraphNode {
  /** Vault path (for a ghost: the link target as written). */
  id: string;
  kind: GraphNodeKind;
  title: string;
  tldr: string;
  tags: string[];
  /** SIMILAR_HIGH relationships pointing at this node. */
  inboundHigh: number;
  /** Seed 003's corroborations count (0 when absent). */
  corroborations: number;
}

/** The kind of an edge: CKP tiers, a connection's concepts, a source log, or a link in the body. */
export type GraphEdgeTier = "high" | "mid" | "connects" | "source" | "body";

/** One directed edge (CKP relationships are one-way), with its stamp and whether it is stale or unstamped. */
export interface GraphEdge {
  from: string;
  to: string;
  tier: GraphEdgeTier;
  /** YYYY-MM stamp for HIGH and MID; null otherwise or when missing. */
  stamp: string | null;
  /** The target was updated after the stamp (the stale-stamp lint rule). */
  stale: boolean;
  /** A HIGH or MID relationship without a stamp. */
  unstamped: boolean;
}

/** A graph or a part of one, with what was left out to keep it within a cap. */
export interface GraphView {
  nodes: GraphNode[];
  edges: GraphEdge[];
  /** Nodes that matched but were left out by the cap (0 when everything fits). */
  omitted: number;
}
