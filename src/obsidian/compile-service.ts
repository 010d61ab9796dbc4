import { normalizePath, TFile, type App } from "obsidian";
import { existingArticlesFrom } from "../core/compile/existing-articles";
import { planCompile } from "../core/compile/plan-compile";
import { estimateCompile, proposeCompile, type CompileError, type CompileEstimate, type CompileOutcome } from "../core/compile/propose-compile";
import { selectChangedLogs, type LogToCompile } from "../core/compile/select-logs";
import { parseUndoRecord, restoredLogState, undoCompile, UNDO_FILE, type UndoReport } from "../core/compile/undo-compile";
import { writeCompile, type WriteReport } from "../core/compile/write-compile";
import type { CompilePlan, FileChange } from "../core/compile/compile-types";
import { proposeRevalidation, relatedFactsOf, writeRevalidation } from "../core/compile/revalidate";
import { readCkpHeader } from "../core/ckp/read-ckp-header";
import { classifyPath } from "../core/knowledge/knowledge-layout";
import { parseNote } from "../core/notes/parse-note";
import type { TokenUsage } from "../core/llm/language-model";
import { dailyNotePath, matchDailyNote } from "../core/knowledge/daily-notes";
import { knowledgePaths } from "../core/knowledge/knowledge-layout";
import { estimateCost } from "../core/llm/cost";
import type { Result } from "../core/result";
import { localDate } from "../core/util/local-date";
import { sha256Hex } from "../core/util/sha256";
import { createModel, priceOf } from "./create-model";
import { ObsidianNoteStore } from "./obsidian-note-store";
import type { PluginData } from "./plugin-data";
import type { RouterService } from "./router-service";

/** A plan with its cost estimate, ready to show before the model is called. */
export interface PreparedCompile {
  plan: CompilePlan;
  estimate: CompileEstimate;
}

/**
 * Compile in Obsidian: plans a log against the router's article index, asks the model (through requestUrl), writes
 * accepted files through the vault API, keeps the compile state in plugin data and the undo record in the plugin's
 * folder (not in data.json, which stays small).
 */
export class CompileService {
  private readonly store: ObsidianNoteStore;

  constructor(
    private readonly app: App,
    private readonly data: () => PluginData,
    private readonly save: () => Promise<void>,
    private readonly router: RouterService,
    private readonly pluginDir: string,
  ) {
    this.store = new ObsidianNoteStore(app);
  }

  /** Today's daily note path (local date) under the current settings. */
  todayPath(now = new Date()): string {
    return dailyNotePath(localDate(now), this.data().settings);
  }

  isDailyNote(path: string): boolean {
    return matchDailyNote(path, this.data().settings) !== null;
  }

  exists(path: string): boolean {
    return this.app.vault.getFileByPath(normalizePath(path)) !== null;
  }

  /** Daily notes never compiled or changed since, oldest first. */
  async changedLogs(): Promise<LogToCompile[]> {
    const s = this.data().settings;
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

  /** Plans a log: the bounded set of articles the model will be shown, and the cost estimate. */
  async prepare(logPath: string, now = new Date()): Promise<PreparedCompile> {
    const file = this.app.vault.getFileByPath(logPath);
    if (!file) throw new Error(`${logPath} does not exist.`);
    const logText = await this.app.vault.cachedRead(file);
    const plan = await planCompile({
      logPath, logText, today: localDate(now), knowledgeFolder: this.data().settings.knowledgeFolder,
      index: this.router.articleIndex(), textOf: (p) => this.read(p),
      resolve: this.router.resolve,
    });
    return { plan, estimate: estimateCompile(plan, priceOf(this.data().ask)) };
  }

  /** Asks the model for a proposal (one retry on an invalid reply); nothing is written. */
  async propose(plan: CompilePlan, signal: AbortSignal): Promise<Result<CompileOutcome, CompileError>> {
    const folder = this.data().settings.knowledgeFolder;
    const from = knowledgePaths(folder).index;
    const existing = existingArticlesFrom(this.router.articleIndex().all(), folder, (l) => this.router.resolve(l, from));
    return proposeCompile(createModel(this.app, this.data().ask), plan, existing, (p) => this.read(p), signal);
  }

  /** What a proposal's calls cost at the configured prices. */
  spent(outcome: CompileOutcome): number {
    return estimateCost(outcome.usage, priceOf(this.data().ask));
  }

  /** Writes the accepted files, records the compile state and keeps the undo record. */
  async write(outcome: CompileOutcome, accepted: ReadonlySet<string>, automatic: boolean): Promise<WriteReport> {
    const logPath = outcome.plan.logPath;
    const report = await writeCompile(this.store, outcome, accepted, {
      nowIso: new Date().toISOString(), spentUsd: this.spent(outcome), automatic, previousState: this.data().compileState.logs[logPath] ?? null,
    });
    await this.app.vault.adapter.write(this.undoPath(), JSON.stringify(report.undo));
    this.data().compileState.logs[logPath] = report.state;
    await this.save();
    return report;
  }

  /** Undoes the last compile, or returns null when there is nothing to undo. */
  async undo(): Promise<(UndoReport & { logPath: string; op: "compile" | "revalidate" }) | null> {
    const path = this.undoPath();
    if (!(await this.app.vault.adapter.exists(path))) return null;
    const record = parseUndoRecord(await this.app.vault.adapter.read(path));
    if (!record) return null;
    const report = await undoCompile(this.store, record, this.data().settings.knowledgeFolder, new Date().toISOString());
    const restore = restoredLogState(record);
    if (restore) {
      const logs = this.data().compileState.logs;
      if (restore.state) logs[restore.logPath] = restore.state;
      else delete logs[restore.logPath];
      await this.save();
    }
    await this.app.vault.adapter.remove(path);
    return { ...report, logPath: record.logPath, op: record.op ?? "compile" };
  }

  /** True for a concept or connection article that has relationships to revalidate. */
  canRevalidate(path: string): boolean {
    const kind = classifyPath(path, this.data().settings.knowledgeFolder);
    const doc = this.router.articleIndex().get(path);
    return (kind === "concept" || kind === "connection" || kind === "article") && !!doc && doc.header.similarHigh.length + doc.header.similarMid.length > 0;
  }

  /** Re-applies the rubric to one article's relationships (one bounded call); returns the header change to review. */
  async proposeRevalidation(path: string, signal: AbortSignal, now = new Date()): Promise<{ ok: true; change: FileChange; usage: TokenUsage } | { ok: false; message: string }> {
    const text = await this.read(path);
    if (text === undefined) return { ok: false, message: `${path} does not exist.` };
    const parsed = parseNote(text);
    const header = readCkpHeader(parsed.frontmatter);
    const folder = this.data().settings.knowledgeFolder;
    const related = relatedFactsOf(path, header, folder, this.router.resolve, (p) => this.router.articleIndex().get(p));
    const r = await proposeRevalidation(createModel(this.app, this.data().ask), {
      path, text, header, opening: text.slice(parsed.bodyStartOffset, parsed.bodyStartOffset + 1500), related, month: localDate(now).slice(0, 7), knowledgeFolder: folder,
    }, signal);
    return r.ok ? { ok: true, change: r.value.change, usage: r.value.usage } : { ok: false, message: r.error.message };
  }

  /** Writes a reviewed revalidation and keeps its undo record. */
  async writeRevalidation(change: FileChange): Promise<string | null> {
    const r = await writeRevalidation(this.store, change, this.data().settings.knowledgeFolder, new Date().toISOString());
    if (!r.ok) return r.error;
    await this.app.vault.adapter.write(this.undoPath(), JSON.stringify(r.value));
    return null;
  }

  private undoPath(): string {
    return normalizePath(`${this.pluginDir}/${UNDO_FILE}`);
  }

  private async read(path: string): Promise<string | undefined> {
    const f = this.app.vault.getAbstractFileByPath(path);
    return f instanceof TFile ? this.app.vault.read(f) : undefined;
  }
}
