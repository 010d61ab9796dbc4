import type { Citation } from "../core/drift/citations";
import type { ParsedNote } from "../core/notes/note-types";
import { readLintFacts } from "../core/workflows/lint-run-workflow";
import type { ObsidianVaultView } from "./obsidian-vault-view";

/** What the cache must know of a path under the current settings to decide what to keep of its text. */
export interface NoteKinds {
  /** A daily note: its full hash is kept (the uncompiled and changed-since-compile checks). */
  isDaily(path: string): boolean;
  /** A knowledge article: its short hash is kept (the contradiction check), and its citations while wanted. */
  isArticle(path: string): boolean;
  /** True while a code repository is configured: only then are articles' citations read. */
  wantsCitations(): boolean;
}

/** What the lint keeps of one note's text beyond the metadata cache (its word count lives in the view). */
interface NoteRecord {
  logHash?: string;
  articleHash?: string;
  citations?: Citation[];
}

/**
 * What the lint read of each note's text, one record per path, set, moved and dropped in one place: word counts,
 * property lines and frontmatter errors (held by the vault view the engine reads), the daily log hash, the
 * article hash and the article's code citations. A rename brings no text, so what was read moves with the note.
 */
export class LintNoteCache {
  private readonly records = new Map<string, NoteRecord>();

  constructor(
    /** The vault view of the current full lint: replaced (with every record) by `reset`. */
    public view: ObsidianVaultView,
    private readonly kinds: NoteKinds,
  ) {}

  /** Starts over for a full lint with a fresh view: nothing read before is kept. */
  reset(view: ObsidianVaultView): void {
    this.view = view;
    this.records.clear();
  }

  /** Records what the lint needs of a note's text (parsed once by the caller). */
  absorb(path: string, text: string, parsed: ParsedNote): void {
    this.view.setFacts(path, { wordCount: parsed.wordCount, propertyLines: parsed.propertyLines ?? {}, frontmatterError: parsed.frontmatterError });
    const daily = this.kinds.isDaily(path);
    const article = this.kinds.isArticle(path);
    if (!daily && !article) return;
    // The same hashes and citations as every host's lint run (core's readLintFacts).
    this.records.set(path, Object.assign(this.records.get(path) ?? {}, readLintFacts(text, { daily, article, citations: this.kinds.wantsCitations() })));
  }

  /**
   * A note moved: its word count and property lines move with it (a renamed article is not sparse for want of its
   * text); its hashes and citations move only while the new path is still of the kind they belong to.
   */
  rename(from: string, to: string): void {
    const old = this.records.get(from);
    this.records.delete(from);
    this.view.rename(from, to);
    if (!old) return;
    const moved: NoteRecord = {};
    if (old.logHash !== undefined && this.kinds.isDaily(to)) moved.logHash = old.logHash;
    if (this.kinds.isArticle(to)) {
      if (old.articleHash !== undefined) moved.articleHash = old.articleHash;
      if (old.citations !== undefined) moved.citations = old.citations;
    }
    if (Object.keys(moved).length > 0) this.records.set(to, moved);
  }

  /** A note was deleted: everything read of it goes. */
  delete(path: string): void {
    this.view.forget(path);
    this.records.delete(path);
  }

  /** SHA-256 of a daily note's text as last read. */
  logHash(path: string): string | undefined {
    return this.records.get(path)?.logHash;
  }

  /** The short content hash of an article as last read (undefined when it is not an article or not read). */
  articleHash(path: string): string | undefined {
    return this.records.get(path)?.articleHash;
  }

  /** An article's code citations as last read (empty when none were read). */
  citationsOf(path: string): Citation[] {
    return this.records.get(path)?.citations ?? [];
  }
}
