import { CONTRADICTION_STATE_FILE, emptyContradictionState, parseContradictionState, type ContradictionState } from "../contradictions/contradiction-state";
import type { PluginFileStore } from "../ports/host";

/** A change of the contradiction state: the next state, or null to leave it as it is. */
export type ContradictionStateChange = (current: ContradictionState) => ContradictionState | null;

/**
 * Where the contradiction state is kept between runs. `update` is the only way to change it: a read-modify-write of
 * the state as it is then, so what another host (Obsidian, `kc`) saved meanwhile is kept.
 */
export interface ContradictionStateStore {
  /** The state now (an unreadable or missing file is the empty state: that only means "check again"). */
  load(): Promise<ContradictionState>;
  /**
   * Reads the state again, applies `change` and saves the result unless it is null, one change at a time; resolves
   * with the state held afterwards. `unreadable` is the state a change starts from when the file cannot be read
   * (the empty state unless given).
   */
  update(change: ContradictionStateChange, unreadable?: () => ContradictionState): Promise<ContradictionState>;
}

/**
 * The contradiction state in the plugin's folder (CONTRADICTION_STATE_FILE), the one file the plugin and the CLI
 * share. Changes through one store are queued, so two of them never read the same state and lose one another.
 */
export function contradictionStateStore(files: PluginFileStore): ContradictionStateStore {
  let queue: Promise<unknown> = Promise.resolve();
  const read = async (): Promise<ContradictionState> => parseContradictionState(await files.read(CONTRADICTION_STATE_FILE));
  return {
    load: () => read().catch(() => emptyContradictionState()),
    update: (change, unreadable = emptyContradictionState) => {
      const run = queue.then(async () => {
        const current = await read().catch(unreadable);
        const next = change(current);
        if (!next) return current;
        await files.write(CONTRADICTION_STATE_FILE, JSON.stringify(next));
        return next;
      });
      queue = run.catch(() => undefined);
      return run;
    },
  };
}
