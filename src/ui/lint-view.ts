import { ItemView, Menu, setIcon, type WorkspaceLeaf } from "obsidian";
import { oneBased } from "../core/lint/format-lint-place";
import type { LintCheck } from "../core/lint/lint-check";
import { LINT_CHECKS } from "../core/lint/lint-checks";
import type { LintFinding, Severity } from "../core/lint/lint-types";
import type { SliceScheduler } from "../core/util/slice-scheduler";
import { createMainThreadScheduler } from "../obsidian/main-thread-clock";
import { LintFindingList } from "./lint-finding-list";
import { lintPaneModelSteps, type LintPaneModel } from "./lint-pane-model";
import { checkTitle, SEVERITY_ICON } from "./lint-finding-row";

/** The view type id of the lint report pane. */
export const LINT_VIEW_TYPE = "kc-lint-report";

/** What the lint pane needs from the plugin: findings, progress, opening a place, applying a fix. */
export interface LintViewHost {
  findings(): readonly LintFinding[];
  ready: boolean;
  progress: number;
  open(finding: LintFinding): void;
  fix(finding: LintFinding): void;
  relint(): void;
  /** Writes today's lint report note; absent where the host cannot write one. */
  writeReport?(): void;
  /** Remembers that a finding with a dismissKey is not a problem ("not a conflict"); absent where unsupported. */
  dismiss?(finding: LintFinding): Promise<void>;
  /** Fixes every fixable finding of one check, after a review of the changes; absent where unsupported. */
  fixAll?(findings: readonly LintFinding[], checkName: string): void;
  /** The note open in the editor, for "This note only" (null when none); absent where there is no editor. */
  activeNote?(): string | null;
  /** Subscribes to changed findings (and a change of the open note) and to progress; returns the unsubscribe function. */
  subscribe(onChange: () => void, onProgress?: () => void): () => void;
}

const SEVERITIES: Severity[] = ["error", "warning", "suggestion"];
const PLURAL: Record<Severity, [string, string]> = { error: ["error", "errors"], warning: ["warning", "warnings"], suggestion: ["suggestion", "suggestions"] };
const FILTER_TITLE: Record<Severity, string> = { error: "Errors", warning: "Warnings", suggestion: "Suggestions" };

/**
 * The lint report pane: icon actions in the view header (lint again, write the report, filter by severity), counts by
 * severity, findings grouped by check (collapsible, named in words with the check's description) in a virtual list,
 * jump, fix, related places and dismiss. Built once; a change updates the counts and the groups that changed,
 * progress only its line of text.
 */
export class LintView extends ItemView {
  private shown = new Set<Severity>(SEVERITIES);
  private unsubscribe: (() => void) | null = null;
  private progressEl!: HTMLElement;
  private countsEl!: HTMLElement;
  private readonly countEls = new Map<Severity, HTMLElement>();
  private counts: Record<Severity, number> = { error: 0, warning: 0, suggestion: 0 };
  private emptyEl!: HTMLElement;
  private list!: LintFindingList;
  private shownFindings: { all: readonly LintFinding[]; filter: string } | null = null;
  private query = "";
  private noteOnly = false;
  private noteOnlyEl: HTMLButtonElement | null = null;
  private detailEl!: HTMLElement;

  /** Renders started: a build still running in slices stops when a newer one starts. */
  private builds = 0;
  /** True while the findings of the last render are being gone through in slices (the list shows the previous ones). */
  building = false;

  constructor(
    leaf: WorkspaceLeaf,
    private readonly host: LintViewHost,
    private readonly checks: readonly LintCheck[] = LINT_CHECKS,
    private readonly scheduler: SliceScheduler = createMainThreadScheduler(),
  ) {
    super(leaf);
  }

  override getViewType(): string {
    return LINT_VIEW_TYPE;
  }

  override getDisplayText(): string {
    return "Knowledge lint";
  }

  override getIcon(): string {
    return "stethoscope";
  }

  override async onOpen(): Promise<void> {
    this.build();
    this.unsubscribe = this.host.subscribe(
      () => this.render(),
      () => this.renderProgress(),
    );
    this.render();
    await Promise.resolve();
  }

  override async onClose(): Promise<void> {
    this.unsubscribe?.();
    // A build still running in slices is dropped with the pane.
    this.builds++;
    await Promise.resolve();
  }

  /**
   * Brings the pane up to date with the host: progress, counts and the groups whose findings changed. A new set of
   * findings (or filter) is gone through in steps: the first now, the rest in later time slices, so 40,000 findings
   * never hold the thread for a frame; the counts and the list change together when it is done.
   */
  render(): void {
    this.renderProgress();
    const ready = this.host.ready;
    this.countsEl.toggleClass("kc-hidden", !ready);
    this.list.el.toggleClass("kc-hidden", !ready);
    if (!ready) {
      this.emptyEl.addClass("kc-hidden");
      return;
    }
    const findings = this.host.findings();
    const note = this.noteOnly ? (this.host.activeNote?.() ?? null) : null;
    const filter = `${SEVERITIES.filter((s) => this.shown.has(s)).join()}\u0000${this.query}\u0000${this.noteOnly ? `note:${note ?? ""}` : ""}`;
    // The filter's icon says when some findings are hidden.
    this.filterAction?.toggleClass("is-active", this.shown.size < SEVERITIES.length);
    this.renderCounts();
    if (this.shownFindings?.all === findings && this.shownFindings.filter === filter) return;
    this.shownFindings = { all: findings, filter };
    const narrowed = this.shown.size < SEVERITIES.length || this.noteOnly;
    // Severity and note through core's lint filter (as `kc lint` and the MCP server filter), then the search words.
    const steps = lintPaneModelSteps(
      findings,
      { lint: narrowed ? { severities: [...this.shown], ...(this.noteOnly ? { note: note ?? "" } : {}) } : null, query: this.query.toLowerCase() },
      (check) => this.list.shownOf(check),
    );
    const build = ++this.builds;
    this.building = false;
    const scheduler = this.scheduler;
    // One step now (a thousand findings: all of a small vault's), the rest in slices of their own: the host's event
    // may come at the end of one of its slices, which must not grow by a slice of the pane's.
    const first = steps.next();
    if (first.done) return this.apply(first.value, findings.length, note);
    this.building = true;
    void (async () => {
      let model: LintPaneModel | null = null;
      for (;;) {
        await scheduler.pause();
        // A newer render (new findings, another filter) took over.
        if (build !== this.builds) return;
        // Drawing the rows is a unit of its own: it starts a fresh slice, never the end of one spent on the findings.
        if (model) break;
        model = this.runSteps(steps);
      }
      this.building = false;
      // The rows in view now; the margin drawn beyond them for a fast scroll in a task of its own.
      this.apply(model, findings.length, note, 0);
      await scheduler.pause();
      if (build === this.builds) this.list.renderWindow();
    })();
  }

  /** Runs steps while the slice lasts: the model when it is built, else null. */
  private runSteps(steps: Generator<void, LintPaneModel, void>): LintPaneModel | null {
    for (;;) {
      if (this.scheduler.due()) return null;
      const r = steps.next();
      if (r.done) return r.value;
    }
  }

  /** Shows a built model: its counts, its groups, the "This note" button and the empty line. */
  private apply(model: LintPaneModel, total: number, note: string | null, overscanPx?: number): void {
    this.counts = model.counts;
    this.renderCounts();
    this.noteOnlyEl?.setText(
      this.noteOnly ? (note === null ? "This note: none open" : `This note: ${note.slice(note.lastIndexOf("/") + 1).replace(/\.md$/i, "")}`) : "This note only",
    );
    this.list.setGroups(model.groups, overscanPx);
    this.emptyEl.setText(
      total === 0
        ? "No findings: the knowledge base is healthy."
        : this.noteOnly && note === null
          ? "Open a note to see its findings."
          : "Nothing to show with these filters.",
    );
    this.emptyEl.toggleClass("kc-hidden", model.shown > 0);
  }

  /** The counts by severity of the findings last built, each marked when its severity is hidden. */
  private renderCounts(): void {
    for (const sev of SEVERITIES) {
      const n = this.counts[sev];
      const el = this.countEls.get(sev)!;
      const words = `${n} ${PLURAL[sev][n === 1 ? 0 : 1]}${this.shown.has(sev) ? "" : " (hidden)"}`;
      el.querySelector(".kc-lint-count-n")!.setText(String(n));
      el.setAttr("aria-label", words);
      el.toggleClass("is-off", !this.shown.has(sev));
    }
  }

  /** Only the progress line: progress events never touch the list. */
  private renderProgress(): void {
    const p = this.host.progress;
    const busy = !this.host.ready || p < 1;
    this.progressEl.toggleClass("kc-hidden", !busy);
    const text = `${this.host.ready ? "Linting again…" : "Reading notes…"} ${Math.round(p * 100)}%`;
    // A slice ends every ~5 ms; the text changes once per percent.
    if (busy && this.progressEl.textContent !== text) this.progressEl.setText(text);
  }

  private build(): void {
    const root = this.contentEl;
    root.empty();
    // A new list shows nothing yet: the next render builds it whatever was shown before.
    this.shownFindings = null;
    root.addClass("kc-lint");
    // Actions are added right to left: the filter ends up last, nearest the pane's edge.
    if (!this.actionsAdded) {
      this.actionsAdded = true;
      this.filterAction = this.addAction("filter", "Filter by severity", (e) => this.showFilterMenu(e));
      if (this.host.writeReport) this.addAction("file-output", "Write lint report", () => this.host.writeReport?.());
      this.addAction("refresh-cw", "Lint again", () => this.host.relint());
    }
    this.progressEl = root.createDiv({ cls: "kc-lint-progress" });
    this.countsEl = root.createDiv({ cls: "kc-lint-counts" });
    for (const sev of SEVERITIES) {
      // Icon and number drawn, the words ("4 errors") read out.
      const el = this.countsEl.createSpan({ cls: `kc-lint-count kc-sev-${sev}`, attr: { role: "img" } });
      setIcon(el.createSpan({ cls: "kc-lint-sev-icon", attr: { "aria-hidden": "true" } }), SEVERITY_ICON[sev]);
      el.createSpan({ cls: "kc-lint-count-n", attr: { "aria-hidden": "true" } });
      this.countEls.set(sev, el);
    }
    const tools = root.createDiv({ cls: "kc-lint-tools" });
    const search = tools.createEl("input", {
      cls: "kc-lint-filter",
      attr: { type: "search", placeholder: "Filter findings…", "aria-label": "Filter findings by note, message or check" },
    });
    search.addEventListener("input", () => {
      this.query = search.value.trim();
      this.render();
    });
    if (this.host.activeNote) {
      const b = tools.createEl("button", { cls: "kc-lint-note-only", text: "This note only", attr: { "aria-pressed": "false" } });
      b.addEventListener("click", () => {
        this.noteOnly = !this.noteOnly;
        b.setAttr("aria-pressed", String(this.noteOnly));
        b.toggleClass("is-active", this.noteOnly);
        this.render();
      });
      this.noteOnlyEl = b;
    }
    this.emptyEl = root.createDiv({ cls: "kc-lint-empty kc-hidden" });
    this.list = new LintFindingList(root, this.checks, {
      open: (f) => this.host.open(f),
      fix: (f) => this.host.fix(f),
      ...(this.host.dismiss ? { dismiss: (f: LintFinding) => void this.host.dismiss?.(f) } : {}),
      ...(this.host.fixAll ? { fixAll: (check: LintCheck, fs: readonly LintFinding[]) => this.host.fixAll?.(fs, checkTitle(check)) } : {}),
      show: (f) => this.showDetail(f),
    });
    // The whole message and path of the row in focus or under the pointer: what a cut-off row leaves out, reachable
    // by keyboard and touch (a native tooltip is neither).
    this.detailEl = root.createDiv({ cls: "kc-lint-detail kc-hidden", attr: { "aria-hidden": "true" } });
  }

  private showDetail(f: LintFinding | null): void {
    this.detailEl.toggleClass("kc-hidden", f === null);
    if (f === null) return;
    this.detailEl.empty();
    this.detailEl.createDiv({ cls: "kc-lint-detail-message", text: f.message });
    this.detailEl.createDiv({ cls: "kc-lint-detail-where", text: `${f.path}, line ${oneBased(f).line}` });
  }

  private actionsAdded = false;
  private filterAction: HTMLElement | null = null;

  /** The severity filter: a menu with one checked item per severity shown, and its count. */
  private showFilterMenu(e: MouseEvent): void {
    const menu = new Menu();
    for (const sev of SEVERITIES) {
      menu.addItem((item) =>
        item
          .setTitle(`${FILTER_TITLE[sev]} (${this.counts[sev]})`)
          .setIcon(SEVERITY_ICON[sev])
          .setChecked(this.shown.has(sev))
          .onClick(() => {
            if (this.shown.has(sev)) this.shown.delete(sev);
            else this.shown.add(sev);
            this.render();
          }),
      );
    }
    menu.showAtMouseEvent(e);
  }
}
