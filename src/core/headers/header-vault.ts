import { matchDailyNote } from "../knowledge/daily-notes";
import { classifyPath, reportFolderOf } from "../knowledge/knowledge-layout";
import { parseNote } from "../notes/parse-note";
import type { ParsedNote } from "../notes/note-types";
import type { KcHost } from "../ports/host";
import { baseName } from "../route/article-doc";
import { routeQuestion } from "../route/route-question";
import { headingPhrase } from "./draft-answers";
import type { KeptReading } from "./draft-header";
import { headerSkipReason, type TemplateFolders } from "./header-eligibility";
import { TermPostings } from "./word-neighbours";
import { isMarkdownPath } from "../util/markdown-path";

/** The parts of a host a header run reads. */
export type HeaderVaultHost = Pick<KcHost, "store" | "index" | "rules" | "resolve"> & Partial<Pick<KcHost, "pluginFiles">>;

/**
 * Notes the host has read and parsed already in this run (the command line's loaded vault), used instead of reading and
 * parsing them again. Proposals only: a header write still checks each file as it is on disk.
 */
export interface LoadedNotes {
  text(path: string): string | undefined;
  parsed(path: string): ParsedNote | undefined;
  /** What an earlier run read of the loaded text (the command line's cache; readNote), if known. */
  reading?(path: string): KeptReading | undefined;
  /** Offers what this run read of the loaded text, for a later run. */
  keepReading?(path: string, reading: KeptReading): void;
}

/** The plugin's file of the Ask panel's past questions (the plugin folder), read for how often each note is routed. */
export const ASK_HISTORY_FILE = "ask-history.json";

/**
 * What one header run knows about the vault's notes, each read and parsed at most once: their texts, why a note may
 * not get a header, the notes it links to, the headings every note repeats, and which notes would gain most.
 */
export class HeaderVault {
  private readonly texts = new Map<string, Promise<string | null>>();
  private readonly parses = new Map<string, ParsedNote>();
  private readonly links = new Map<string, string[]>();
  private stock: Set<string> | null = null;
  private inbound: Map<string, Map<string, number>> | null = null;
  private readonly skips = new Map<string, string | null>();
  /** Whether each path asked about is a journal (isJournal). */
  private readonly journals = new Map<string, boolean>();
  private termPostings: TermPostings | null = null;

  constructor(
    readonly host: HeaderVaultHost,
    readonly templates: TemplateFolders,
    private readonly loaded?: LoadedNotes,
  ) {}

  /** The note's text, or null when it cannot be read. */
  read(path: string): Promise<string | null> {
    let t = this.texts.get(path);
    if (!t) {
      const known = this.loaded?.text(path);
      t = known !== undefined ? Promise.resolve(known) : this.host.store.read(path).catch(() => null);
      this.texts.set(path, t);
    }
    return t;
  }

  /** The note's parse (its text read first), or null when it cannot be read. */
  async parsed(path: string): Promise<ParsedNote | null> {
    const hit = this.parses.get(path);
    if (hit) return hit;
    const text = await this.read(path);
    if (text === null) return null;
    // The host's parse only of the very text read here.
    const parsed = (this.loaded?.text(path) === text ? this.loaded.parsed(path) : undefined) ?? parseNote(text);
    this.parses.set(path, parsed);
    return parsed;
  }

  /** What an earlier run read of `text`, when it is the host's loaded text of the note and that is known. */
  keptReading(path: string, text: string): KeptReading | undefined {
    return this.isLoaded(path, text) ? this.loaded?.reading?.(path) : undefined;
  }

  /** Offers the host what this run read of `text`, when it is the host's loaded text of the note. */
  keepReading(path: string, text: string, reading: KeptReading): void {
    if (this.isLoaded(path, text)) this.loaded?.keepReading?.(path, reading);
  }

  /** Whether `text` is the host's loaded text of the note (what it keeps of a reading is of that text only). */
  private isLoaded(path: string, text: string): boolean {
    return this.loaded !== undefined && this.loaded.text(path) === text;
  }

  /** The index's term lookups for lexical neighbours, shared by every note of the run. */
  postings(): TermPostings {
    return (this.termPostings ??= new TermPostings(this.host.index()));
  }

  /** True for a daily note by the settings, or a note named by its date (a journal the settings do not describe). */
  isJournal(path: string): boolean {
    // Asked for each neighbour of each note: remembered per path.
    let journal = this.journals.get(path);
    if (journal === undefined) {
      journal = matchDailyNote(path, this.host.rules()) !== null || /^\d{4}-\d{2}-\d{2}\b/.test(baseName(path));
      this.journals.set(path, journal);
    }
    return journal;
  }

  /** True for the knowledge folder's own files (index.md, log.md, lint reports), which never get a header. */
  isOwnFile(path: string): boolean {
    const rules = this.host.rules();
    const kind = classifyPath(path, rules.knowledgeFolder, reportFolderOf(rules));
    return kind === "index" || kind === "log" || kind === "report";
  }

  /** Why a note may not have a header (nor be proposed as anyone's neighbour), or null when it may. */
  async skipReason(path: string): Promise<string | null> {
    const known = this.skips.get(path);
    if (known !== undefined) return known;
    const reason = await this.findSkipReason(path);
    this.skips.set(path, reason);
    return reason;
  }

  private async findSkipReason(path: string): Promise<string | null> {
    if (this.isOwnFile(path)) return "is a file of the knowledge folder itself";
    if (this.isJournal(path)) return "is a daily note";
    const text = await this.read(path);
    if (text === null) return "could not be read";
    const parsed = await this.parsed(path);
    return parsed ? headerSkipReason(path, text, parsed, this.templates) : "could not be read";
  }

  /**
   * mayRelate when its answer is already known, without a promise (a run asks it for each neighbour of each note);
   * null when it is not known yet.
   */
  mayRelateNow(path: string): boolean | null {
    if (!isMarkdownPath(path)) return false;
    const known = this.skips.get(path);
    return known === undefined ? null : known === null;
  }

  /** True when a note may be proposed as a relationship of another: readable, and not a template, report or journal. */
  async mayRelate(path: string): Promise<boolean> {
    return this.mayRelateNow(path) ?? (await this.skipReason(path)) === null;
  }

  /** The notes a note links to in its body (markdown notes that exist, itself left out), in order of first mention. */
  async linksOf(path: string): Promise<string[]> {
    const hit = this.links.get(path);
    if (hit) return hit;
    const parsed = await this.parsed(path);
    const out: string[] = [];
    for (const l of parsed?.links ?? []) {
      if ((l.kind !== "wikilink" && l.kind !== "markdown") || l.path === "") continue;
      const p = this.host.resolve(l.path, path);
      if (p !== null && p !== path && isMarkdownPath(p) && !out.includes(p)) out.push(p);
    }
    this.links.set(path, out);
    return out;
  }

  /** The notes that link to a note (every note of the index read once, at the first call), with how many links each makes. */
  async backlinks(path: string): Promise<ReadonlyMap<string, number>> {
    if (this.inbound === null) {
      const inbound = new Map<string, Map<string, number>>();
      for (const d of [...this.host.index().all()]) {
        const parsed = await this.parsed(d.path);
        for (const l of parsed?.links ?? []) {
          if ((l.kind !== "wikilink" && l.kind !== "markdown") || l.path === "") continue;
          const target = this.host.resolve(l.path, d.path);
          if (target === null || target === d.path) continue;
          const from = inbound.get(target) ?? inbound.set(target, new Map()).get(target)!;
          from.set(d.path, (from.get(d.path) ?? 0) + 1);
        }
      }
      this.inbound = inbound;
    }
    return this.inbound.get(path) ?? new Map();
  }

  /** Headings (as phrases) that many notes of the base repeat: a template's sections, not what a note answers. */
  isStockHeading(phrase: string): boolean {
    if (this.stock === null) {
      const counts = new Map<string, number>();
      let notes = 0;
      for (const d of this.host.index().all()) {
        notes++;
        const seen = new Set(d.headings.split(" \n ").map(headingPhrase));
        for (const h of seen) if (h !== "") counts.set(h, (counts.get(h) ?? 0) + 1);
      }
      const floor = Math.max(3, Math.ceil(notes * 0.005));
      this.stock = new Set([...counts].filter(([, n]) => n >= floor).map(([h]) => h));
    }
    return this.stock.has(phrase);
  }

  /**
   * Up to `max` notes of the index without a TLDR and answers_when of their own that may have a header, the ones that
   * gain most first: those the Ask panel's past questions were routed to, then those most linked to by other notes
   * (every note is read once for its links), then the longer; `taken` left out. An empty note counts only when other
   * notes link to it.
   */
  async notesThatGainMost(max: number, taken: readonly string[]): Promise<string[]> {
    const routed = await this.routedCounts();
    const out: { path: string; gain: number; tokens: number }[] = [];
    for (const d of [...this.host.index().all()]) {
      if (d.hasTldr || d.header.answersWhen.length > 0 || taken.includes(d.path)) continue;
      const linkedFrom = (await this.backlinks(d.path)).size;
      // An empty note is worth a header only as the name the notes that link to it use.
      if (!d.hasBody && linkedFrom === 0) continue;
      if ((await this.skipReason(d.path)) !== null) continue;
      out.push({ path: d.path, gain: 3 * (routed.get(d.path) ?? 0) + linkedFrom, tokens: d.tokens });
    }
    return out
      .sort((a, b) => b.gain - a.gain || b.tokens - a.tokens || (a.path < b.path ? -1 : 1))
      .slice(0, max)
      .map((c) => c.path);
  }

  /** How many of the Ask panel's past questions load each note (none when the host keeps no history). */
  private async routedCounts(): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    const text = await this.host.pluginFiles?.read(ASK_HISTORY_FILE).catch(() => null);
    let questions: unknown = null;
    try {
      questions = text ? (JSON.parse(text) as { questions?: unknown }).questions : null;
    } catch {
      return counts;
    }
    if (!Array.isArray(questions)) return counts;
    for (const q of questions.slice(-200)) {
      if (typeof q !== "string") continue;
      for (const l of routeQuestion(this.host.index(), q, this.host.resolve).loaded) counts.set(l.path, (counts.get(l.path) ?? 0) + 1);
    }
    return counts;
  }
}
