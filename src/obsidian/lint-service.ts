import { localDate } from "../core/util/local-date";
import { Events, TFile, type App } from "obsidian";
import { readDailyNotesConfig } from "../core/knowledge/daily-notes";
import { classifyPath } from "../core/knowledge/knowledge-layout";
import type { KnowledgeSettings } from "../core/knowledge/knowledge-settings";
import { LintEngine } from "../core/lint/lint-engine";
import type { LintFinding } from "../core/lint/lint-types";
import { matchDailyNote } from "../core/knowledge/daily-notes";
import { parseNote } from "../core/notes/parse-note";
import { sha256Hex } from "../core/util/sha256";
import { ObsidianVaultView } from "./obsidian-vault-view";
import type { PluginData } from "./plugin-data";

const SLICE = 200;

/**
 * Owns the lint engine inside Obsidian: the first lint runs after layout-ready in slices that yield to the UI,
 * then every metadata change, rename and delete updates it incrementally (batched). Views listen to "changed".
 */
export class LintService extends Events {
  private view: ObsidianVaultView;
  private engine: LintEngine | null = null;
  private readonly hashes = new Map<string, string>();
  private pending = new Set<string>();
  private removed = new Set<string>();
  private timer: number | null = null;
  private generation = 0;
  /** 0..1 while the first lint reads notes; 1 when ready. */
  progress = 0;
  settings: KnowledgeSettings;

  constructor(
    private readonly app: App,
    private readonly data: () => PluginData,
  ) {
    super();
    this.view = new ObsidianVaultView(app);
    this.settings = data().settings;
  }

  /** Current findings (empty until the first lint finishes). */
  findings(): readonly LintFinding[] {
    return this.engine?.all() ?? [];
  }

  /** Findings located in one note. */
  findingsFor(path: string): readonly LintFinding[] {
    return this.engine?.findingsFor(path) ?? [];
  }

  get ready(): boolean {
    return this.engine !== null;
  }

  /** Full lint: reads the notes it needs in slices that yield, then runs every check. */
  async lintAll(): Promise<void> {
    const gen = ++this.generation;
    this.settings = await this.effectiveSettings();
    this.view = new ObsidianVaultView(this.app);
    this.hashes.clear();
    const files = this.app.vault.getMarkdownFiles().filter((f) => this.needsText(f.path));
    for (let i = 0; i < files.length; i += SLICE) {
      for (const f of files.slice(i, i + SLICE)) this.absorb(f.path, await this.app.vault.cachedRead(f));
      if (gen !== this.generation) return;
      this.progress = Math.min(0.99, (i + SLICE) / Math.max(1, files.length));
      this.trigger("progress", this.progress);
      await new Promise<void>((r) => window.setTimeout(r, 0));
    }
    this.engine = new LintEngine(this.view, this.options());
    this.engine.run();
    this.progress = 1;
    this.trigger("changed");
  }

  /** Called on metadataCache "changed": the text comes with the event, so nothing is read again. */
  onChanged(file: TFile, text: string): void {
    if (this.needsText(file.path)) this.absorb(file.path, text);
    this.view.invalidate(file.path);
    this.schedule(file.path);
  }

  onRenamed(file: TFile, oldPath: string): void {
    this.view.forget(oldPath);
    this.view.forget(file.path);
    this.removed.add(oldPath);
    this.schedule(file.path);
  }

  onDeleted(path: string): void {
    this.view.forget(path);
    this.hashes.delete(path);
    this.removed.add(path);
    this.schedule(null);
  }

  /** Settings or compile state changed: lint again from scratch. */
  async restart(): Promise<void> {
    await this.lintAll();
  }

  private schedule(path: string | null): void {
    if (path) this.pending.add(path);
    if (this.timer !== null) window.clearTimeout(this.timer);
    this.timer = window.setTimeout(() => this.flush(), 300);
  }

  private flush(): void {
    this.timer = null;
    if (!this.engine) return;
    const changed = [...this.pending].filter((p) => this.view.note(p) !== undefined);
    const removed = [...this.removed];
    this.pending = new Set();
    this.removed = new Set();
    this.engine.update(changed, removed);
    this.trigger("changed");
  }

  private needsText(path: string): boolean {
    return this.settings.lintScope === "vault" || classifyPath(path, this.settings.knowledgeFolder) !== null || matchDailyNote(path, this.settings) !== null;
  }

  private absorb(path: string, text: string): void {
    const parsed = parseNote(text);
    this.view.setFacts(path, { wordCount: parsed.wordCount, propertyLines: parsed.propertyLines ?? {}, frontmatterError: parsed.frontmatterError });
    if (matchDailyNote(path, this.settings) !== null) this.hashes.set(path, sha256Hex(text));
  }

  private options() {
    return {
      settings: this.settings,
      compileState: this.data().compileState,
      logHash: (p: string) => this.hashes.get(p),
      today: localDate(),
    };
  }

  /** Saved settings, with the Daily Notes core plugin's folder and format when it is configured. */
  private async effectiveSettings(): Promise<KnowledgeSettings> {
    const base = this.data().settings;
    const path = `${this.app.vault.configDir}/daily-notes.json`;
    const json = (await this.app.vault.adapter.exists(path)) ? await this.app.vault.adapter.read(path) : null;
    const daily = readDailyNotesConfig(json);
    return daily ? { ...base, dailyFolder: daily.folder, dailyFormat: daily.format } : base;
  }
}
