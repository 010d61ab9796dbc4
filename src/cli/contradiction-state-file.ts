import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { CONTRADICTION_STATE_FILE, parseContradictionState, type ContradictionState } from "../core/contradictions/contradiction-state";
import { PLUGIN_ID } from "./load-vault";

/** Where the contradiction state sits in a vault: the plugin's folder, shared with the plugin. */
export function contradictionStatePath(vaultRoot: string): string {
  return join(vaultRoot, ".obsidian", "plugins", PLUGIN_ID, CONTRADICTION_STATE_FILE);
}

/** The stored state (empty when missing or unreadable: that only means "check again"). */
export async function readContradictionState(vaultRoot: string): Promise<ContradictionState> {
  return parseContradictionState(await readFile(contradictionStatePath(vaultRoot), "utf8").catch(() => null));
}

/** Writes the state atomically (a temporary file renamed over it). */
export async function writeContradictionState(vaultRoot: string, state: ContradictionState): Promise<void> {
  const path = contradictionStatePath(vaultRoot);
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  await writeFile(tmp, JSON.stringify(state), "utf8");
  await rename(tmp, path);
}
