import type { ParsedNote } from "./note-types";

/**
 * The read side of a vault as the core's checks, router and graph see it: parsed notes and link resolution.
 * In Obsidian an adapter answers from the metadata cache (so findings agree with the backlinks pane);
 * in the CLI and tests the core's own parser and resolver answer.
 */
export interface VaultView {
  /** Vault-relative paths of all markdown notes. */
  notePaths(): readonly string[];
  /** True for any file in the vault, markdown or attachment. */
  hasFile(path: string): boolean;
  /** The parsed note, or undefined if it is not a markdown note in the vault. */
  note(path: string): ParsedNote | undefined;
  /** The path a link path resolves to from sourcePath (Obsidian's rules), or null when it does not resolve. */
  resolve(linkpath: string, sourcePath: string): string | null;
  /**
   * Optional steps (the caller yields between them) that make `note(path)` and resolving its links cheap afterwards: a
   * view that converts a note with thousands of links, or indexes its targets, does so a part at a time.
   */
  prepare?(path: string): Generator<void, void, void>;
}
