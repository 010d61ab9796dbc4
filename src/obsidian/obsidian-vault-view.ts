import { TFile, type App } from "obsidian";
import type { ParsedNote } from "../core/notes/note-types";
import type { VaultView } from "../core/notes/vault-view";
import { LinkResolver } from "../core/links/link-resolver";
import { metadataToParsedNote, metadataToParsedNoteSteps, type TextFacts } from "./metadata-to-parsed-note";
import { sortSteps } from "../core/util/sort-steps";

/**
 * The VaultView the plugin lints with: links, headings, blocks and frontmatter come from Obsidian's metadata cache
 * and links resolve with Obsidian's own resolver, so findings agree with the backlinks pane. Word counts and
 * property lines come from text the lint service reads once per change.
 */
export class ObsidianVaultView implements VaultView {
  private paths: string[] | null = null;
  private readonly notes = new Map<string, ParsedNote>();
  private readonly facts = new Map<string, TextFacts>();
  /**
   * Answer links from metadataCache.resolvedLinks / unresolvedLinks (Obsidian has resolved them already) instead of
   * resolving each again. Only for the first full lint: after an edit the cache resolves again a little later than
   * the "changed" event, so incremental updates ask the resolver.
   */
  useResolvedLinks = false;
  private byName: { source: string; targets: Record<string, number>; names: Map<string, string[]> } | null = null;

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

  /** A note moved: what was read from its text moves with it (a rename brings no text to read again). */
  rename(from: string, to: string): void {
    const facts = this.facts.get(from);
    this.forget(from);
    this.forget(to);
    if (facts) this.facts.set(to, facts);
  }

  /** Drops the cached conversion so the next read uses the fresh metadata. */
  invalidate(path: string): void {
    this.notes.delete(path);
    if (this.paths && !this.paths.includes(path)) this.paths = null;
  }

  notePaths(): readonly string[] {
    this.paths ??= this.app.vault
      .getMarkdownFiles()
      .map((f) => f.path)
      .sort();
    return this.paths;
  }

  /** Steps that sort the note paths (a part a step), so the first `notePaths()` of a large vault is not one long task. */
  *preparePaths(): Generator<void, void, void> {
    if (this.paths) return;
    const paths = this.app.vault.getMarkdownFiles().map((f) => f.path);
    yield;
    this.paths = yield* sortSteps(paths, (a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }

  /** Converts a note's metadata, and with resolvedLinks indexes its resolved targets by name, a few hundred links a step. */
  *prepare(path: string): Generator<void, void, void> {
    if (!this.notes.has(path)) {
      const file = this.app.vault.getAbstractFileByPath(path);
      if (!(file instanceof TFile) || file.extension !== "md") return;
      const facts = this.facts.get(path) ?? { wordCount: 0, propertyLines: {}, frontmatterError: null };
      const parsed = yield* metadataToParsedNoteSteps(this.app.metadataCache.getFileCache(file), facts);
      this.notes.set(path, parsed);
    }
    const targets = this.useResolvedLinks ? this.app.metadataCache.resolvedLinks[path] : undefined;
    if (targets) yield* this.targetsByNameSteps(path, targets);
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
    if (this.useResolvedLinks) {
      const known = this.fromResolvedLinks(linkpath, sourcePath);
      if (known !== undefined) return known;
    }
    return this.app.metadataCache.getFirstLinkpathDest(linkpath, sourcePath)?.path ?? null;
  }

  /**
   * What Obsidian already resolved for this source: null when the link path is among its unresolved links, the
   * target when exactly one resolved target has the link's name and path suffix, undefined when that cannot tell.
   */
  private fromResolvedLinks(linkpath: string, sourcePath: string): string | null | undefined {
    const cache = this.app.metadataCache;
    if (cache.unresolvedLinks[sourcePath]?.[linkpath] !== undefined) return null;
    const targets = cache.resolvedLinks[sourcePath];
    if (!targets) return undefined;
    const candidates = this.targetsByName(sourcePath, targets).get(LinkResolver.keyOf(linkpath));
    if (!candidates) return undefined;
    const suffix =
      "/" +
      linkpath
        .trim()
        .replace(/\\/g, "/")
        .replace(/^(\.{0,2}\/)+/, "")
        .toLowerCase();
    let found: string | undefined;
    for (const target of candidates) {
      const lower = "/" + target.toLowerCase();
      if (!lower.endsWith(suffix) && !lower.endsWith(`${suffix}.md`)) continue;
      if (found !== undefined) return undefined;
      found = target;
    }
    return found;
  }

  /** One source's resolved targets by link name; kept for the note being linted (its links resolve one after another). */
  private targetsByName(sourcePath: string, targets: Record<string, number>): Map<string, string[]> {
    const steps = this.targetsByNameSteps(sourcePath, targets);
    for (;;) {
      const r = steps.next();
      if (r.done) return r.value;
    }
  }

  private *targetsByNameSteps(sourcePath: string, targets: Record<string, number>): Generator<void, Map<string, string[]>, void> {
    const memo = this.byName;
    if (memo && memo.source === sourcePath && memo.targets === targets) return memo.names;
    const names = new Map<string, string[]>();
    let n = 0;
    for (const target in targets) {
      const key = LinkResolver.keyOf(target);
      const list = names.get(key);
      if (list) list.push(target);
      else names.set(key, [target]);
      if (++n % 500 === 0) yield;
    }
    this.byName = { source: sourcePath, targets, names };
    return names;
  }
}
