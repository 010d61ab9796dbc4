import { LinkResolver } from "../links/link-resolver";
import type { VaultView } from "../notes/vault-view";
import type { LintCheck } from "./lint-check";
import { LINT_CHECKS } from "./lint-checks";
import { sortByPlace } from "./finding-order";
import { createLintContext, type LintContext, type LintOptions } from "./lint-context";
import { addNoteEdges, createLinkGraph, removeEdgesSteps, updateEdgesSteps, type LinkGraph } from "./link-graph";
import type { LintFinding, Severity } from "./lint-types";
import type { BlockId, Heading } from "../notes/note-types";

/** Paths whose findings `allSteps` copies into the ordered list per step (a few hundred findings at most, ~0.1 ms). */
const PATHS_PER_STEP = 64;

/**
 * Runs the checks over a vault and keeps their findings up to date one change at a time: after a note changes,
 * only that note, the notes it links to or from (before and after), and notes whose unresolved links may now
 * resolve are revisited.
 */
export class LintEngine {
  private graph: LinkGraph = createLinkGraph();
  private ctx: LintContext & { forget(path: string): void };
  private readonly findings = new Map<string, LintFinding[]>();
  private sorted: LintFinding[] | null = null;
  /** Paths that have findings, sorted: a path is put in its place when it gains its first finding, taken out with its last. */
  private pathOrder: string[] = [];
  /** Counted as notes are visited and dropped, so the totals never need a pass over every finding. */
  private readonly totals: Record<Severity, number> = { error: 0, warning: 0, suggestion: 0 };
  /** Bumped whenever any finding changes: a list assembled in steps is kept only if nothing changed meanwhile. */
  private version = 0;
  /** What other notes' findings read of a note (headings, blocks, updated date), to skip its neighbours when unchanged. */
  private readonly signatures = new Map<string, Signature>();
  /** How many notes the last run or update visited (for tests and benchmarks). */
  lastVisited = 0;

  constructor(
    private readonly view: VaultView,
    private options: LintOptions,
    private readonly checks: readonly LintCheck[] = LINT_CHECKS,
  ) {
    this.ctx = createLintContext(view, this.graph, options);
  }

  /** Full lint: rebuilds the link graph and runs every check on every note. */
  run(): LintFinding[] {
    return this.runWhole(true);
  }

  /**
   * `run` for an engine nobody updates after (the command line's, the MCP server's): the same findings, without the
   * signatures that let `update` skip unchanged neighbours (a later `update` revisits them instead).
   */
  runOnce(): LintFinding[] {
    return this.runWhole(false);
  }

  /** A full run; `sign`: whether visits keep signatures for later updates. */
  private runWhole(sign: boolean): LintFinding[] {
    if (this.view.prepare) {
      const steps = this.runSteps();
      while (!steps.next().done);
      return this.all();
    }
    // In one go (the command line's whole run): the steps' generators, run once a note in a cold process, cost more
    // than the link graph they build.
    const paths = this.reset();
    for (const p of paths) addNoteEdges(this.graph, this.view, p);
    for (const p of paths) this.visit(p, sign);
    this.lastVisited = paths.length;
    return this.all();
  }

  /**
   * The full run as small steps (one link's edge, one note's checks), so a host can spread it over time
   * slices; each step yields how many of its 2 × notes passes are done. Draining it gives exactly `run()`;
   * findings are partial until it ends, and `update` must wait for it.
   */
  *runSteps(): Generator<number, void, void> {
    const paths = this.reset();
    let done = 0;
    for (const p of paths) {
      for (const edges = updateEdgesSteps(this.graph, this.view, p); !edges.next().done;) yield done;
      yield ++done;
    }
    for (const p of paths) {
      this.visit(p);
      yield ++done;
    }
    this.lastVisited = paths.length;
  }

  /** Forgets every edge and finding before a full run; the notes to run over. */
  private reset(): readonly string[] {
    this.graph = createLinkGraph();
    this.ctx = createLintContext(this.view, this.graph, this.options);
    this.findings.clear();
    this.signatures.clear();
    this.sorted = null;
    this.pathOrder = [];
    this.totals.error = this.totals.warning = this.totals.suggestion = 0;
    this.version++;
    return this.view.notePaths();
  }

  /** Replaces the options (settings, compile state, hashes) and lints again in full. */
  setOptions(options: LintOptions): LintFinding[] {
    this.options = options;
    return this.run();
  }

  /**
   * Re-lints after notes changed (created or edited) or were removed; the view must already reflect the change.
   * Returns the notes whose findings were recomputed; `all()` gives the findings.
   */
  update(changed: readonly string[], removed: readonly string[] = []): ReadonlySet<string> {
    const steps = this.updateSteps(changed, removed);
    for (;;) {
      const r = steps.next();
      if (r.done) return r.value;
    }
  }

  /**
   * `update` as small steps (one link's edge, one note's checks), so an edit of a note that links thousands of others
   * (an index of every article) can be spread over time slices. Findings and links are consistent again only when it
   * returns; nothing else may change the engine meanwhile.
   */
  *updateSteps(changed: readonly string[], removed: readonly string[] = []): Generator<void, ReadonlySet<string>, void> {
    const touched = new Set<string>();
    const reresolve = new Set<string>();
    for (const check of this.checks) {
      if (!check.dependents) continue;
      for (const p of [...changed, ...removed]) for (const d of check.dependents(p, this.ctx)) touched.add(d);
    }
    for (const r of removed) {
      for (const s of this.graph.reverse.get(r) ?? []) touched.add(s);
      yield* removeEdgesSteps(this.graph, r, touched);
      this.graph.reverse.delete(r);
      this.signatures.delete(r);
      this.ctx.forget(r);
      this.drop(r);
      for (const s of this.graph.byName.get(LinkResolver.keyOf(r)) ?? []) reresolve.add(s);
      yield;
    }
    const neighbours: string[] = [];
    for (const c of changed) {
      const isNew = !this.graph.forward.has(c);
      this.ctx.forget(c);
      touched.add(c);
      for (const t of yield* updateEdgesSteps(this.graph, this.view, c)) touched.add(t);
      if (isNew) for (const s of this.graph.byName.get(LinkResolver.keyOf(c)) ?? []) reresolve.add(s);
      if (isNew || !sameSignature(this.signatures.get(c), this.signature(c))) neighbours.push(c);
    }
    for (const s of reresolve) {
      if (!this.view.note(s)) continue;
      touched.add(s);
      for (const t of yield* updateEdgesSteps(this.graph, this.view, s)) touched.add(t);
    }
    for (const c of neighbours) for (const s of this.graph.reverse.get(c) ?? []) touched.add(s);
    for (const t of touched) {
      if (this.view.note(t)) this.visit(t);
      else this.drop(t);
      yield;
    }
    this.lastVisited = touched.size;
    return touched;
  }

  /** All current findings, ordered by path, line and column (the same array until findings change). */
  all(): LintFinding[] {
    const steps = this.allSteps();
    for (;;) {
      const r = steps.next();
      if (r.done) return r.value;
    }
  }

  /**
   * `all()` assembled a few paths per step, so a host can build the list of 40,000 findings in its time slices before
   * anyone asks for it (at once it took a frame's time). Each note's findings are sorted when it is visited and the
   * paths kept in order, so this is a concatenation. The list is kept only if no finding changed meanwhile.
   */
  *allSteps(): Generator<void, LintFinding[], void> {
    if (this.sorted) return this.sorted;
    const version = this.version;
    const order = this.pathOrder;
    const out: LintFinding[] = [];
    for (let i = 0; i < order.length; i++) {
      const found = this.findings.get(order[i]!)!;
      for (let k = 0; k < found.length; k++) out.push(found[k]!);
      if (i % PATHS_PER_STEP === PATHS_PER_STEP - 1 && i + 1 < order.length) {
        yield;
        // Something changed while this list was being assembled: start again from the current findings.
        if (version !== this.version) return yield* this.allSteps();
      }
    }
    return (this.sorted = out);
  }

  /** Errors, warnings and suggestions of every current finding (kept as notes are visited: no pass over the findings). */
  counts(): Readonly<Record<Severity, number>> {
    return this.totals;
  }

  /**
   * Errors and warnings of the notes under `prefix` (a folder with its slash), counted note by note: the status bar's
   * numbers without a pass over every finding of the vault (100,000 in a whole-vault lint took a frame's time).
   */
  countUnder(prefix: string): { errors: number; warnings: number } {
    let errors = 0;
    let warnings = 0;
    for (const [path, list] of this.findings) {
      if (!path.startsWith(prefix)) continue;
      for (const f of list) {
        if (f.severity === "error") errors++;
        else if (f.severity === "warning") warnings++;
      }
    }
    return { errors, warnings };
  }

  /** Findings of one note. */
  findingsFor(path: string): readonly LintFinding[] {
    return this.findings.get(path) ?? [];
  }

  /** The link graph (forward and reverse edges) the checks use. */
  get links(): LinkGraph {
    return this.graph;
  }

  private signature(path: string): Signature | undefined {
    const n = this.view.note(path);
    if (!n) return undefined;
    // A daily log's hash too: an article whose sources all changed since compile reads it.
    const log = this.ctx.dailyDate(path) !== null ? (this.options.logHash(path) ?? "") : "";
    // The parsed note's own lists: a changed note is parsed into new ones, so these keep what was read at the visit.
    return { headings: n.headings, blockIds: n.blockIds, updated: this.ctx.header(path).updated ?? "", log };
  }

  /** Runs every check on a note; `sign`: keep its signature (off only in `runOnce`, whose engine is never updated). */
  private visit(path: string, sign = true): void {
    this.sorted = null;
    this.version++;
    if (sign) {
      const signature = this.signature(path);
      if (signature) this.signatures.set(path, signature);
      else this.signatures.delete(path);
    }
    // Index loops and no sort of a single finding: a visit runs once a note in a cold process, where each `for…of`
    // made an iterator and a result object per step, and each sort a copy (~5 MB of a 2,721-note run's 48 MB).
    const out: LintFinding[] = [];
    const checks = this.checks;
    for (let c = 0; c < checks.length; c++) {
      const found = checks[c]!.check(path, this.ctx);
      for (let i = 0; i < found.length; i++) out.push(found[i]!);
    }
    if (out.length === 0) return this.drop(path);
    const before = this.findings.get(path);
    const order = this.pathOrder;
    if (before) this.count(before, -1);
    // A full run visits paths in order: each goes at the end (a splice there still moved nothing, but searched).
    else if (order.length === 0 || order[order.length - 1]! < path) order.push(path);
    else order.splice(insertionPoint(order, path), 0, path);
    this.count(out, 1);
    this.findings.set(path, sortByPlace(out));
  }

  private drop(path: string): void {
    const before = this.findings.get(path);
    if (!before) return;
    this.findings.delete(path);
    this.count(before, -1);
    this.pathOrder.splice(insertionPoint(this.pathOrder, path), 1);
    this.sorted = null;
    this.version++;
  }

  private count(list: readonly LintFinding[], sign: 1 | -1): void {
    for (let i = 0; i < list.length; i++) this.totals[list[i]!.severity] += sign;
  }
}

/** What other notes' findings read of a note when it was visited. */
interface Signature {
  headings: readonly Heading[];
  blockIds: readonly BlockId[];
  updated: string;
  log: string;
}

/** Whether two visits read the same of a note: heading texts, block ids, updated date and log hash. */
function sameSignature(a: Signature | undefined, b: Signature | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a.updated !== b.updated || a.log !== b.log || a.headings.length !== b.headings.length || a.blockIds.length !== b.blockIds.length) return false;
  for (let i = 0; i < a.headings.length; i++) if (a.headings[i]!.text !== b.headings[i]!.text) return false;
  for (let i = 0; i < a.blockIds.length; i++) if (a.blockIds[i]!.id !== b.blockIds[i]!.id) return false;
  return true;
}

/** Where `path` is or would go in the sorted `order` (binary search). */
function insertionPoint(order: readonly string[], path: string): number {
  let lo = 0;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (order[mid]! < path) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
