import { normalizePath, TFile, type App } from "obsidian";
import type { CompileOutcome } from "../core/compile/propose-compile";
import { selectChangedLogs, type LogToCompile } from "../core/compile/select-logs";
import { JOURNAL_FILE, LOCK_FILE, parseUndoRecord, UNDO_FILE } from "../core/compile/undo-compile";
import type { FileChange } from "../core/compile/compile-types";
import { proposeRevalidation, relatedFactsOf } from "../core/compile/revalidate";
import { readCkpHeader } from "../core/ckp/read-ckp-header";
import { parseNote } from "../core/notes/parse-note";
import type { TokenUsage } from "../core/llm/language-model";
import { dailyNotePath, matchDailyNote } from "../core/knowledge/daily-notes";
import type { Result } from "../core/result";
import { localDate } from "../core/util/local-date";
import { sha256Hex } from "../core/util/sha256";
import type { CompileRecords } from "../core/workflows/compile-records";
import type { KcHost } from "../core/workflows/host";
import {
  compileLogs, spentOn, undoLast, type CompileEvents, type CompileHost, type CompileReviewer, type LogResult, type UndoOutcome,
} from "../core/workflows/compile-workflow";
import { writeRevalidationReviewed } from "../core/workflows/reviewed-writes";
import { isArticlePath } from "../core/workflows/write-rules";
import type { UndoRecord } from "../core/compile/write-compile";
import { AdapterWriteLock } from "./adapter-write-lock";
import { createModel, priceOf } from "./create-model";
import { readCoreDailyNotes } from "./effective-settings";
import { ObsidianNoteStore } from "./obsidian-note-store";
import type { PluginData } from "./plugin-data";
import type { RouterService } from "./router-service";


/**
 * Compile in Obsidian: the plugin as a host of core's compile workflow. Notes through the vault API, the model through
 * requestUrl, the compile state in plugin data, the journal, undo record and lock file in the plugin's folder (not in
 * data.json, which stays small).
 */
export class CompileService {
  /** The host core's workflows run on; also used by file-back. */
  readonly host: CompileHost & Pick<KcHost, "indexTokens">;
  /** The Daily Notes core plugin's folder and format, read again before each operation (it wins over the setting). */
  private daily: { folder: string; format: string } | null = null;

  constructor(
    private readonly app: App,
    private readonly data: () => PluginData,
    private readonly save: () => Promise<void>,
    private readonly router: RouterService,
    private readonly pluginDir: string,
  ) {
    const store = new ObsidianNoteStore(app);
    const file = (name: string): string => normalizePath(`${this.pluginDir}/${name}`);
    const adapter = app.vault.adapter;
    const load = async (name: string): Promise<UndoRecord | null> => ((await adapter.exists(file(name))) ? parseUndoRecord(await adapter.read(file(name))) : null);
    const records: CompileRecords = {
      loadJournal: () => load(JOURNAL_FILE),
      saveJournal: (r) => adapter.write(file(JOURNAL_FILE), JSON.stringify(r)),
      clearJournal: async () => {
        if (await adapter.exists(file(JOURNAL_FILE))) await adapter.remove(file(JOURNAL_FILE));
      },
      loadUndo: () => load(UNDO_FILE),
      saveUndo: (r) => adapter.write(file(UNDO_FILE), JSON.stringify(r)),
      clearUndo: async () => {
        if (await adapter.exists(file(UNDO_FILE))) await adapter.remove(file(UNDO_FILE));
      },
      logState: (p) => this.data().compileState.logs[p] ?? null,
      setLogState: async (p, state) => {
        const logs = this.data().compileState.logs;
        if (state) logs[p] = state;
        else delete logs[p];
        await this.save();
      },
    };
    this.host = {
      store, records,
      lock: new AdapterWriteLock(app, file(LOCK_FILE)),
      rules: () => this.settings(),
      index: () => this.router.articleIndex(),
      indexTokens: () => this.router.indexFileTokens(),
      resolve: this.router.resolve,
      get price() {
        return priceOf(data().ask);
      },
      now: () => new Date(),
    };
  }

  /** The settings every write is checked against: saved settings with the Daily Notes core plugin's folder and format. */
  settings(): PluginData["settings"] {
    const base = this.data().settings;
    return this.daily ? { ...base, dailyFolder: this.daily.folder, dailyFormat: this.daily.format } : base;
  }

  /** Reads the Daily Notes core plugin's settings again (they may have changed since). */
  async refresh(): Promise<void> {
    this.daily = await readCoreDailyNotes(this.app).catch(() => null);
  }

  /** Today's daily note path (local date) under the current settings. */
  todayPath(now = new Date()): string {
    return dailyNotePath(localDate(now), this.settings());
  }

  isDailyNote(path: string): boolean {
    return matchDailyNote(path, this.settings()) !== null;
  }

  exists(path: string): boolean {
    return this.app.vault.getFileByPath(normalizePath(path)) !== null;
  }

  /** Daily notes never compiled or changed since, oldest first. */
  async changedLogs(): Promise<LogToCompile[]> {
    await this.refresh();
    const s = this.settings();
    const daily = this.app.vault.getMarkdownFiles().filter((f) => matchDailyNote(f.path, s) !== null);
    const hashes = new Map<string, string>();
    for (const f of daily) hashes.set(f.path, sha256Hex(await this.app.vault.cachedRead(f)));
    return selectChangedLogs(hashes.keys(), s, this.data().compileState, (p) => hashes.get(p));
  }

  /** True when the log's text differs from what was last compiled (or it was never compiled). */
  async hasChanged(logPath: string): Promise<boolean> {
    const f = this.app.vault.getFileByPath(logPath);
    if (!f) return false;
    return this.data().compileState.logs[logPath]?.hash !== sha256Hex(await this.app.vault.cachedRead(f));
  }


  /** Compiles logs through core's workflow with the configured model; the reviewer is the person (or auto-accept). */
  async run(logs: readonly string[], reviewer: CompileReviewer, options: { signal?: AbortSignal; automatic?: boolean; events?: CompileEvents; onWait?: (seconds: number, reason: string) => void } = {}): Promise<LogResult[]> {
    await this.refresh();
    return compileLogs(this.host, createModel(this.app, this.data().ask, options.onWait), logs, reviewer, options);
  }


  /** What a proposal's calls cost at the configured prices. */
  spent(outcome: CompileOutcome): number {
    return spentOn(this.host, outcome);
  }


  /** Undoes the last compile (finishing an interrupted one first); null when there is nothing to undo. */
  async undo(): Promise<Result<UndoOutcome | null, string>> {
    await this.refresh();
    return undoLast(this.host);
  }

  /** True for a concept or connection article that has relationships to revalidate. */
  canRevalidate(path: string): boolean {
    const doc = this.router.articleIndex().get(path);
    return isArticlePath(path, this.settings()) && !!doc && doc.header.similarHigh.length + doc.header.similarMid.length > 0;
  }

  /** Re-applies the rubric to one article's relationships (one bounded call); returns the header change to review. */
  async proposeRevalidation(path: string, signal: AbortSignal, now = new Date(), onWait?: (seconds: number, reason: string) => void): Promise<{ ok: true; change: FileChange; usage: TokenUsage } | { ok: false; message: string }> {
    const text = await this.read(path);
    if (text === undefined) return { ok: false, message: `${path} does not exist.` };
    const parsed = parseNote(text);
    const header = readCkpHeader(parsed.frontmatter);
    const folder = this.data().settings.knowledgeFolder;
    const related = relatedFactsOf(path, header, folder, this.router.resolve, (p) => this.router.articleIndex().get(p));
    const r = await proposeRevalidation(createModel(this.app, this.data().ask, onWait), {
      path, text, header, opening: text.slice(parsed.bodyStartOffset, parsed.bodyStartOffset + 1500), related, month: localDate(now).slice(0, 7), knowledgeFolder: folder,
    }, signal);
    return r.ok ? { ok: true, change: r.value.change, usage: r.value.usage } : { ok: false, message: r.error.message };
  }

  /** Writes a reviewed revalidation as one undoable unit; the reason when nothing was written. */
  async writeRevalidation(change: FileChange): Promise<string | null> {
    const r = await writeRevalidationReviewed(this.host, change);
    return r.ok ? null : r.error;
  }

  private async read(path: string): Promise<string | undefined> {
    const f = this.app.vault.getAbstractFileByPath(path);
    return f instanceof TFile ? this.app.vault.read(f) : undefined;
  }
}
