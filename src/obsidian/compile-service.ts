import { normalizePath, type App } from "obsidian";
import { JOURNAL_FILE, LOCK_FILE, parseUndoRecord, UNDO_FILE } from "../core/compile/undo-compile";
import type { UndoRecord } from "../core/compile/write-compile";
import { dailyNotePath, matchDailyNote } from "../core/knowledge/daily-notes";
import type { Result } from "../core/result";
import { localDate } from "../core/util/local-date";
import type { CompileRecords } from "../core/ports/compile-records";
import { compileLogs, type CompileReviewer, type CompileRunOptions, type LogResult } from "../core/workflows/compile-workflow";
import type { KcHost } from "../core/ports/host";
import { canRevalidate, revalidateArticle, type RevalidationResult, type RevalidationReviewer } from "../core/workflows/revalidate-workflow";
import { selectLogs, type LogPick, type SelectedLogs, type SelectProblem } from "../core/workflows/select-logs-workflow";
import { undoLast, type UndoOutcome } from "../core/workflows/undo-workflow";
import { AdapterWriteLock } from "./adapter-write-lock";
import { readCoreDailyNotes } from "./effective-settings";
import { withDailyNotes } from "../core/knowledge/merge-settings";
import { ObsidianNoteStore } from "./obsidian-note-store";
import type { PluginData } from "../core/settings/plugin-data";
import { pluginHost } from "./plugin-host";
import type { RouterService } from "./router-service";

/**
 * Compile in Obsidian: the plugin as a host of core's compile workflow. Notes through the vault API, the model through
 * requestUrl, the compile state in plugin data, the journal, undo record and lock file in the plugin's folder (not in
 * data.json, which stays small).
 */
export class CompileService {
  /** The host core's workflows run on (the plugin's KcHost); also used by file-back. */
  readonly host: KcHost;
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
    const load = async (name: string): Promise<UndoRecord | null> =>
      (await adapter.exists(file(name))) ? parseUndoRecord(await adapter.read(file(name))) : null;
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
    const compile = {
      store,
      records,
      lock: new AdapterWriteLock(app, file(LOCK_FILE)),
      rules: () => this.settings(),
      index: () => this.router.articleIndex(),
      indexTokens: () => this.router.indexFileTokens(),
      resolve: this.router.resolve,
      now: () => new Date(),
    };
    this.host = pluginHost(app, compile, () => this.settings(), data, pluginDir);
  }

  /** The settings every write is checked against: saved settings with the Daily Notes core plugin's folder and format. */
  settings(): PluginData["settings"] {
    return withDailyNotes(this.data().settings, this.daily);
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

  /** Which logs to compile for a pick: core's selectLogs, as `kc compile` decides it (unchanged ones set aside). */
  async select(pick: LogPick): Promise<Result<SelectedLogs, SelectProblem>> {
    await this.refresh();
    return selectLogs(this.host, pick);
  }

  /** True when the log exists and differs from what was last compiled (or was never compiled). */
  async hasChanged(logPath: string): Promise<boolean> {
    const selected = this.exists(logPath) ? await this.select({ file: logPath }) : null;
    return selected?.ok === true && selected.value.logs.length > 0;
  }

  /** Compiles logs through core's workflow with the configured model; the reviewer is the person (or auto-accept). */
  async run(logs: readonly string[], reviewer: CompileReviewer, options: CompileRunOptions = {}): Promise<LogResult[]> {
    await this.refresh();
    return compileLogs(this.host, logs, reviewer, options);
  }

  /** Undoes the last compile (finishing an interrupted one first); null when there is nothing to undo. */
  async undo(): Promise<Result<UndoOutcome | null, string>> {
    await this.refresh();
    return undoLast(this.host);
  }

  /** True for a concept or connection article that has relationships to revalidate. */
  canRevalidate(path: string): boolean {
    return canRevalidate(this.host, path);
  }

  /** Revalidates one article's relationships through core's workflow: one bounded call, the person's review, the write. */
  async revalidate(path: string, reviewer: RevalidationReviewer, options: Parameters<typeof revalidateArticle>[3] = {}): Promise<RevalidationResult> {
    await this.refresh();
    return revalidateArticle(this.host, path, reviewer, options);
  }
}
