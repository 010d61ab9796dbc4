import { LinkResolver } from "../links/link-resolver";
import type { NoteLink } from "../notes/note-types";
import type { VaultView } from "../notes/vault-view";

/** One resolved edge kind: body links and frontmatter links are kept apart (CKP relations are one-way by design). */
export interface LinkGraph {
  /** Body links (wikilinks, embeds, markdown links): source → resolved targets, self-links excluded. */
  forward: Map<string, ReadonlySet<string>>;
  /** Every resolved link, body or frontmatter: target → sources. */
  reverse: Map<string, Set<string>>;
  /** Frontmatter links: source → resolved targets. */
  frontmatter: Map<string, ReadonlySet<string>>;
  /** Lowercase link name → notes containing a link with that name (resolved or not). */
  byName: Map<string, Set<string>>;
  /** Note → the lowercase link names it contains (to undo byName cheaply). */
  namesOf: Map<string, ReadonlySet<string>>;
  /** Note → the resolved target of each of its links, aligned with `ParsedNote.links` (null = unresolved). */
  targets: Map<string, readonly (string | null)[]>;
}

/** An empty graph. */
export function createLinkGraph(): LinkGraph {
  return { forward: new Map(), reverse: new Map(), frontmatter: new Map(), byName: new Map(), namesOf: new Map(), targets: new Map() };
}

/** Recomputes one note's edges; returns the targets whose inbound edges from it changed (gained or lost). */
export function updateEdges(graph: LinkGraph, view: VaultView, path: string): Set<string> {
  const steps = updateEdgesSteps(graph, view, path);
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/** Links `updateEdgesSteps` resolves per step: a note's links in one step for most notes, a few microseconds each. */
export const LINKS_PER_STEP = 64;

/**
 * `updateEdges` a few dozen links at a time, so a note with thousands of links (an index of every article) does not
 * hold the thread for one long task during a sliced full run. The graph is consistent again only when it returns.
 */
export function* updateEdgesSteps(graph: LinkGraph, view: VaultView, path: string): Generator<void, Set<string>, void> {
  if (view.prepare) yield* view.prepare(path);
  // A note the graph holds nothing of yet (each note of a full run) has no edges to drop, and each target is a change.
  const known = graph.targets.has(path);
  const before = new Set<string>();
  if (known) yield* removeEdgesSteps(graph, path, before);
  const note = view.note(path);
  if (!note) return before;
  const edges = startEdges(graph, path, note.links.length);
  for (let i = 0; i < note.links.length; i += LINKS_PER_STEP) {
    if (i > 0) yield;
    readLinks(graph, view, path, note.links, i, Math.min(i + LINKS_PER_STEP, note.links.length), edges);
  }
  recordEdges(graph, path, edges);
  const after = new Set<string>();
  for (const set of [edges.body, edges.fm]) if (set) for (const t of set) after.add(t);
  if (!known) return after;
  const changed = new Set<string>();
  for (const t of before) if (!after.has(t)) changed.add(t);
  for (const t of after) if (!before.has(t)) changed.add(t);
  return changed;
}

/**
 * A note the graph holds nothing of, linked in one go: each note of a full run, where no view needs preparing and no
 * one asks what changed. The same graph as `updateEdges`, without its generator and sets of changes, which were most
 * of the time of a full run over notes of few links (a cold process runs this once a note).
 */
export function addNoteEdges(graph: LinkGraph, view: VaultView, path: string): void {
  const note = view.note(path);
  if (!note) return;
  const edges = startEdges(graph, path, note.links.length);
  readLinks(graph, view, path, note.links, 0, note.links.length, edges);
  recordEdges(graph, path, edges);
}

/** The shared empty set and list of a note without links of that kind: never changed (the graph's types say so). */
const NONE: ReadonlySet<string> = new Set();
const NO_TARGETS: readonly (string | null)[] = [];

/** One note's edges as its links are read; a set is made at its first member. */
interface NoteEdges {
  targets: (string | null)[];
  names: Set<string> | null;
  body: Set<string> | null;
  fm: Set<string> | null;
}

/** Starts a note's edges. Its targets are recorded before any of its other entries, and dropped with the last. */
function startEdges(graph: LinkGraph, path: string, links: number): NoteEdges {
  const targets: (string | null)[] = [];
  graph.targets.set(path, links === 0 ? NO_TARGETS : targets);
  return { targets, names: null, body: null, fm: null };
}

/** Resolves links [from, to) of a note into its edges, and files each link's name under the note. */
function readLinks(graph: LinkGraph, view: VaultView, path: string, links: readonly NoteLink[], from: number, to: number, edges: NoteEdges): void {
  for (let i = from; i < to; i++) {
    const link = links[i]!;
    const name = LinkResolver.keyOf(link.path || path);
    (edges.names ??= new Set()).add(name);
    addTo(graph.byName, name, path);
    const target = isRootedWikilink(link) ? null : view.resolve(link.path, path);
    edges.targets.push(target);
    if (target === null || target === path) continue;
    if (link.kind === "frontmatter") (edges.fm ??= new Set()).add(target);
    else (edges.body ??= new Set()).add(target);
  }
}

/** Puts a note's read edges in the graph: its names, body and frontmatter targets, and the reverse edges. */
function recordEdges(graph: LinkGraph, path: string, edges: NoteEdges): void {
  graph.namesOf.set(path, edges.names ?? NONE);
  graph.forward.set(path, edges.body ?? NONE);
  graph.frontmatter.set(path, edges.fm ?? NONE);
  for (const set of [edges.body, edges.fm]) if (set) for (const t of set) addTo(graph.reverse, t, path);
}

/** Edges or names `removeEdgesSteps` drops per step. */
const EDGES_PER_STEP = 256;

/**
 * Drops one note's outgoing edges, adding the targets that lose an inbound edge to `touched`, a few hundred edges a
 * step (a caller yields between them): an index that links 10,000 articles lost its edges in one step of ~5 ms. The
 * graph is consistent again when the steps end.
 */
export function* removeEdgesSteps(graph: LinkGraph, path: string, touched: Set<string>): Generator<void, void, void> {
  let n = 0;
  for (const map of [graph.forward, graph.frontmatter]) {
    for (const t of map.get(path) ?? []) {
      graph.reverse.get(t)?.delete(path);
      touched.add(t);
      if (++n % EDGES_PER_STEP === 0) yield;
    }
    map.delete(path);
  }
  for (const name of graph.namesOf.get(path) ?? []) {
    const sources = graph.byName.get(name);
    if (sources?.delete(path) && sources.size === 0) graph.byName.delete(name);
    if (++n % EDGES_PER_STEP === 0) yield;
  }
  graph.namesOf.delete(path);
  graph.targets.delete(path);
}

function addTo(map: Map<string, Set<string>>, key: string, value: string): void {
  const set = map.get(key);
  if (set) set.add(value);
  else map.set(key, new Set([value]));
}

/** A wikilink, embed or frontmatter link written with a leading `/`: Obsidian leaves these unresolved (markdown links resolve). */
function isRootedWikilink(link: { kind: string; path: string }): boolean {
  return link.kind !== "markdown" && link.kind !== "markdown-embed" && link.path.startsWith("/");
}
