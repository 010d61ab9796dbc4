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
  /** Resolutions depend only on the set of files and the source's folder; cleared when the file set changes. */
  private readonly resolved = new Map<string, string | null>();

  /** Adds or replaces a markdown note from its text. */
  setNote(path: string, text: string): ParsedNote {
    const parsed = parseNote(text);
    this.setParsed(path, parsed);
    return parsed;
  }

  /** Adds or replaces a note that is already parsed. */
  setParsed(path: string, parsed: ParsedNote): void {
    if (!this.notes.has(path)) {
      this.paths = null;
      this.resolved.clear();
    }
    this.notes.set(path, parsed);
    this.resolver.add(path);
  }

  /** Registers a non-markdown file (an attachment). */
  setFile(path: string): void {
    if (!this.resolver.has(path)) this.resolved.clear();
    this.resolver.add(path);
  }

  /** Removes a note or file. */
  remove(path: string): void {
    if (this.notes.delete(path)) this.paths = null;
    this.resolver.remove(path);
    this.resolved.clear();
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
    if (linkpath.trim() === "") return this.resolver.resolve(linkpath, sourcePath);
    const folder = sourcePath.slice(0, Math.max(0, sourcePath.lastIndexOf("/")));
    const key = `${folder}\u0000${linkpath}`;
    let hit = this.resolved.get(key);
    if (hit === undefined) {
      hit = this.resolver.resolve(linkpath, sourcePath);
      this.resolved.set(key, hit);
    }
    return hit;
  }
}
