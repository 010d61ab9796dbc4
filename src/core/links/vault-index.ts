import { parseNote } from "../notes/parse-note";
import type { ParsedNote } from "../notes/note-types";
import type { VaultView } from "../notes/vault-view";
import { LinkResolver } from "./link-resolver";

/**
 * An in-memory VaultView built from note texts with the core parser and resolver (the CLI and tests use it;
 * Obsidian uses its own metadata cache). Setting or removing one note never reparses the others.
 */
export class VaultIndex implements VaultView {
  private readonly notes = new Map<string, ParsedNote>();
  private paths: string[] | null = null;
  readonly resolver = new LinkResolver();

  /** Adds or replaces a markdown note from its text. */
  setNote(path: string, text: string): ParsedNote {
    const parsed = parseNote(text);
    this.setParsed(path, parsed);
    return parsed;
  }

  /** Adds or replaces a note that is already parsed. */
  setParsed(path: string, parsed: ParsedNote): void {
    if (!this.notes.has(path)) this.paths = null;
    this.notes.set(path, parsed);
    this.resolver.add(path);
  }

  /** Registers a non-markdown file (an attachment). */
  setFile(path: string): void {
    this.resolver.add(path);
  }

  /** Removes a note or file. */
  remove(path: string): void {
    if (this.notes.delete(path)) this.paths = null;
    this.resolver.remove(path);
  }

  notePaths(): readonly string[] {
    this.paths ??= [...this.notes.keys()].sort();
    return this.paths;
  }

  hasFile(path: string): boolean {
    return this.resolver.has(path);
  }

  note(path: string): ParsedNote | undefined {
    return this.notes.get(path);
  }

  resolve(linkpath: string, sourcePath: string): string | null {
    return this.resolver.resolve(linkpath, sourcePath);
  }
}
