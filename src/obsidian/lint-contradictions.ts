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
 * The lint service's contradiction state: loaded from the store for each full lint, changed after a run or a
 * dismissal (read again, changed, saved at once), pruned of deleted and changed articles once their hashes are known.
 */
export class LintContradictions {
  state: ContradictionState = emptyContradictionState();

  constructor(private readonly store: ContradictionStore | undefined) {}

  /** The stored state, or the one in memory when there is no store (an unreadable file means "check again"). */
  async load(): Promise<ContradictionState> {
    return this.store ? this.store.load().catch(() => emptyContradictionState()) : this.state;
  }

  /**
   * Changes the state as the file holds it now (read again first, so what `kc contradictions` wrote meanwhile is kept,
   * not overwritten from memory), saves the result and keeps it; one change at a time. `change` returns null to leave
   * it as it is. Returns the articles whose model findings (conflicts, claims) may change.
   */
  update(change: (current: ContradictionState) => ContradictionState | null): Promise<Set<string>> {
    const run = this.queue.then(async () => {
      const current = this.store ? await this.store.load().catch(() => this.state) : this.state;
      const next = change(current);
      if (!next) {
        const touched = touchedBy(this.state, current);
        this.state = current;
        return touched;
      }
      const touched = touchedBy(this.state, next);
      this.state = next;
      await this.store?.save(next);
      return touched;
    });
    this.queue = run.then(() => undefined, () => undefined);
    return run;
  }

  private queue: Promise<void> = Promise.resolve();

  /** The change a "not a conflict" on a finding makes, or null when the finding is not a contradiction. */
  dismissal(finding: LintFinding, hashOf: (path: string) => string | undefined): ((current: ContradictionState) => ContradictionState | null) | null {
    const key = finding.dismissKey;
    if (!key?.startsWith(KEY_PREFIX)) return null;
    const [a, b] = pairOf(key.slice(KEY_PREFIX.length));
    return (current) => dismissPair(current, a, b, hashOf);
  }

  /** Drops what no longer holds; saves only a change (a failed save is retried by the next change). */
  prune(hashOf: (path: string) => string | undefined): void {
    void this.update((current) => {
      const pruned = pruneContradictionState(current, hashOf);
      return JSON.stringify(pruned) === JSON.stringify(current) ? null : pruned;
    }).catch(() => undefined);
  }
}

/** The articles whose conflicts or claims differ between two states (any article either names). */
function touchedBy(before: ContradictionState, after: ContradictionState): Set<string> {
  const touched = new Set<string>();
  for (const f of [...before.found, ...after.found]) {
    touched.add(f.a.path);
    touched.add(f.b.path);
  }
  for (const c of [...(before.claims ?? []), ...(after.claims ?? [])]) touched.add(c.path);
  return touched;
}
