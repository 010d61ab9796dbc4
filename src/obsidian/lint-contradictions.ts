import { dismissPair, emptyContradictionState, pairOf, pruneContradictionState, type ContradictionState } from "../core/contradictions/contradiction-state";
import type { LintFinding } from "../core/lint/lint-types";
import type { ContradictionStateChange, ContradictionStateStore } from "../core/workflows/contradiction-state-store";

/** Where the lint service keeps the contradiction state: core's store over the plugin's folder. */
export type ContradictionStore = ContradictionStateStore;

/** The prefix of the dismissKey of contradiction findings (the rest is the pair key). */
const KEY_PREFIX = "contradiction:";

/**
 * The lint service's contradiction state: loaded from the store for each full lint, changed after a run or a
 * dismissal through the store's read-modify-write, pruned of deleted and changed articles once their hashes are known.
 */
export class LintContradictions {
  state: ContradictionState = emptyContradictionState();

  constructor(private readonly store: ContradictionStore | undefined) {}

  /** The stored state, or the one in memory when there is no store (an unreadable file means "check again"). */
  async load(): Promise<ContradictionState> {
    return this.store ? this.store.load() : this.state;
  }

  /**
   * Changes the state as the file holds it now (the store reads it again first, so what `kc contradictions` wrote
   * meanwhile is kept, not overwritten from memory; an unreadable file starts from the state in memory), saves the
   * result and keeps it; one change at a time. `change` returns null to leave it as it is. Returns the articles
   * whose model findings (conflicts, claims) may change.
   */
  async update(change: ContradictionStateChange): Promise<Set<string>> {
    let touched = new Set<string>();
    const apply = (current: ContradictionState): ContradictionState | null => {
      const next = change(current);
      touched = touchedBy(this.state, next ?? current);
      this.state = next ?? current;
      return next;
    };
    if (this.store) await this.store.update(apply, () => this.state);
    else apply(this.state);
    return touched;
  }

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

/**
 * The lint service as the state store of the model-backed workflows: they see the state the lint shows, and change it
 * through the lint (core's read-modify-write underneath), so the notes whose findings change are linted again.
 */
export function lintStateStore(lint: {
  contradictionState(): ContradictionState;
  updateContradictionState(change: ContradictionStateChange): Promise<void>;
}): ContradictionStateStore {
  return {
    load: () => Promise.resolve(lint.contradictionState()),
    update: async (change) => {
      await lint.updateContradictionState(change);
      return lint.contradictionState();
    },
  };
}
