import { TFile, type App } from "obsidian";
import type { ParsedNote } from "../core/notes/note-types";
import type { VaultView } from "../core/notes/vault-view";
import { metadataToParsedNote, type TextFacts } from "./metadata-to-parsed-note";

/**
 * The VaultView the plugin lints with: links, headings, blocks and frontmatter come from Obsidian's metadata cache
 * and links resolve with Obsidian's own resolver, so findings agree with the backlinks pane. Word counts and
 * property lines come from text the lint service reads once per change.
 */
export class ObsidianVaultView implements VaultView {
  private paths: string[] | null = null;
  private readonly notes = new Map<string, ParsedNote>();
  private readonly facts = new Map<string, TextFacts>();

  constructor(private readonly app: App) {}

  /** Records what was read from a note's text and drops the cached conversion. */
  setFacts(path: string, facts: TextFacts): void {
    this.facts.set(path, facts);
    this.notes.delete(path);
  }

  /** Forgets a note (deleted, renamed away) or invalidates the path list after a create. */
  forget(path: string): void {
    this.notes.delete(path);
    this.facts.delete(path);
    this.paths = null;
  }

  /** Drops the cached conversion so the next read uses the fresh metadata. */
  invalidate(path: string): void {
    this.notes.delete(path);
    if (this.paths && !this.paths.includes(path)) this.paths = null;
  }

  notePaths(): readonly string[] {
    this.paths ??= this.app.vault.getMarkdownFiles().map((f) => f.path).sort();
    return this.paths;
  }

  hasFile(path: string): boolean {
    return this.app.vault.getAbstractFileByPath(path) instanceof TFile;
  }

  note(path: string): ParsedNote | undefined {
    const hit = this.notes.get(path);
    if (hit) return hit;
    const file = this.app.vault.getAbstractFileByPath(path);
    if (!(file instanceof TFile) || file.extension !== "md") return undefined;
    const facts = this.facts.get(path) ?? { wordCount: 0, propertyLines: {}, frontmatterError: null };
    const parsed = metadataToParsedNote(this.app.metadataCache.getFileCache(file), facts);
    this.notes.set(path, parsed);
    return parsed;
  }

  resolve(linkpath: string, sourcePath: string): string | null {
    if (linkpath.trim() === "") return sourcePath;
    return this.app.metadataCache.getFirstLinkpathDest(linkpath, sourcePath)?.path ?? null;
  }
}
