/** The few file operations the history needs (Obsidian's `app.vault.adapter` has them). */
export interface HistoryFiles {
  exists(path: string): Promise<boolean>;
  read(path: string): Promise<string>;
  write(path: string, text: string): Promise<void>;
}

/** Most questions kept, and the longest question kept whole. */
export const HISTORY_LIMIT = 50;
const MAX_QUESTION_CHARS = 2000;

/** One history per file store and path, so every Ask panel of a plugin shares it (see `AskHistory.shared`). */
const sharedHistories = new WeakMap<HistoryFiles, Map<string, AskHistory>>();

/**
 * The Ask panel's questions, newest last, kept in a small JSON file in the plugin folder (not data.json, so settings
 * sync never fights over it). Bounded to the last 50 distinct questions; a missing, corrupt or unreadable file reads
 * as empty and is never a crash. Nothing is written until the file has been read or found missing: a corrupt or
 * unreadable file is left as it is (the questions asked since stay in memory). Writes wait until the questions stop
 * coming (`delayMs`) and a failed write is dropped (the history is a convenience, the questions are not the person's notes).
 */
export class AskHistory {
  private items: string[] = [];
  private timer: number | null = null;
  private loaded: Promise<void> | null = null;
  /** True once the file was read whole or found missing: only then may it be written. */
  private writable = false;

  /** The one history of this file store and path, made on first use: the panels of a plugin share it. */
  static shared(files: HistoryFiles, path: string): AskHistory {
    let byPath = sharedHistories.get(files);
    if (!byPath) sharedHistories.set(files, (byPath = new Map<string, AskHistory>()));
    let history = byPath.get(path);
    if (!history) byPath.set(path, (history = new AskHistory(files, path)));
    return history;
  }

  constructor(
    private readonly files: HistoryFiles,
    private readonly path: string,
    private readonly delayMs = 1000,
    private readonly limit = HISTORY_LIMIT,
  ) {}

  /** Reads the file once; later calls wait for the same read. */
  load(): Promise<void> {
    this.loaded ??= this.read();
    return this.loaded;
  }

  /** The questions, oldest first. */
  list(): readonly string[] {
    return this.items;
  }

  /** Adds a question (an earlier copy moves to the end) and schedules the write. */
  add(question: string): void {
    const q = question.trim().slice(0, MAX_QUESTION_CHARS);
    if (q === "") return;
    this.items = [...this.items.filter((x) => x !== q), q].slice(-this.limit);
    if (this.timer !== null) window.clearTimeout(this.timer);
    this.timer = window.setTimeout(() => void this.flush(), this.delayMs);
  }

  /** Writes a pending change now (the panel closes), after the file has been read; nothing when nothing changed. */
  async flush(): Promise<void> {
    if (this.timer === null) return;
    window.clearTimeout(this.timer);
    this.timer = null;
    await this.load();
    if (!this.writable) return;
    try {
      await this.files.write(this.path, `${JSON.stringify({ questions: this.items }, null, 1)}\n`);
    } catch {
      // An unwritable plugin folder costs the history, nothing else.
    }
  }

  private async read(): Promise<void> {
    try {
      if (!(await this.files.exists(this.path))) {
        this.writable = true;
        return;
      }
      const parsed: unknown = JSON.parse(await this.files.read(this.path));
      const list: unknown = parsed !== null && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as { questions?: unknown }).questions : parsed;
      if (!Array.isArray(list)) return;
      const fromFile = list.filter((q): q is string => typeof q === "string" && q.trim() !== "").map((q) => q.trim().slice(0, MAX_QUESTION_CHARS));
      // Questions asked before the file was read stay newest.
      this.items = [...new Set([...fromFile.filter((q) => !this.items.includes(q)), ...this.items])].slice(-this.limit);
      this.writable = true;
    } catch {
      // Corrupt JSON or an unreadable file: an empty history, and the file is kept.
    }
  }
}
