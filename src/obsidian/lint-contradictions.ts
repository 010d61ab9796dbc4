import { dismissPair, emptyContradictionState, pairOf, pruneContradictionState, type ContradictionState } from "../core/contradictions/contradiction-state";
import type { LintFinding } from "../core/lint/lint-types";

/** Where the contradiction state is kept (the plugin's folder). */
export interface ContradictionStore {
  load(): Promise<ContradictionState>;
  save(state: ContradictionState): Promise<void>;
}

/** The prefix of the dismissKey of contradiction findings (the rest is the pair key). */
const KEY_PREFIX = "contradiction:";

/**
 * The lint service's contradiction state: loaded from the store for each full lint, replaced after a run or a
 * dismissal (saved at once), pruned of deleted and changed articles once their hashes are known.
 */
export class LintContradictions {
  state: ContradictionState = emptyContradictionState();

  constructor(private readonly store: ContradictionStore | undefined) {}

  /** The stored state, or the one in memory when there is no store (an unreadable file means "check again"). */
  async load(): Promise<ContradictionState> {
    return this.store ? this.store.load().catch(() => emptyContradictionState()) : this.state;
  }

  /** Replaces the state and saves it; returns the articles whose model findings (conflicts, claims) may change. */
  async replace(next: ContradictionState): Promise<Set<string>> {
    const touched = new Set<string>();
    for (const f of [...this.state.found, ...next.found]) {
      touched.add(f.a.path);
      touched.add(f.b.path);
    }
    for (const c of [...(this.state.claims ?? []), ...(next.claims ?? [])]) touched.add(c.path);
    this.state = next;
    await this.store?.save(next);
    return touched;
  }

  /** The state after a "not a conflict" on a finding, or null when the finding is not a contradiction. */
  dismissed(finding: LintFinding, hashOf: (path: string) => string | undefined): ContradictionState | null {
    const key = finding.dismissKey;
    if (!key?.startsWith(KEY_PREFIX)) return null;
    const [a, b] = pairOf(key.slice(KEY_PREFIX.length));
    return dismissPair(this.state, a, b, hashOf);
  }

  /** Drops what no longer holds; saves only a change (a failed save is retried by the next change). */
  prune(hashOf: (path: string) => string | undefined): void {
    const pruned = pruneContradictionState(this.state, hashOf);
    if (JSON.stringify(pruned) === JSON.stringify(this.state)) return;
    this.state = pruned;
    void this.store?.save(pruned).catch(() => undefined);
  }
}
