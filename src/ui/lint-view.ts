import { ItemView, type WorkspaceLeaf } from "obsidian";
import type { LintCheck } from "../core/lint/lint-check";
import { LINT_CHECKS } from "../core/lint/lint-checks";
import type { LintFinding, Severity } from "../core/lint/lint-types";

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
  /** Subscribes to changes; returns the unsubscribe function. */
  subscribe(onChange: () => void): () => void;
}

const SEVERITIES: Severity[] = ["error", "warning", "suggestion"];

/** The lint report pane: counts by severity, a severity filter, findings grouped by check, jump and fix. */
export class LintView extends ItemView {
  private shown = new Set<Severity>(SEVERITIES);
  private unsubscribe: (() => void) | null = null;

  constructor(
    leaf: WorkspaceLeaf,
    private readonly host: LintViewHost,
    private readonly checks: readonly LintCheck[] = LINT_CHECKS,
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
    this.unsubscribe = this.host.subscribe(() => this.render());
    this.render();
    await Promise.resolve();
  }

  override async onClose(): Promise<void> {
    this.unsubscribe?.();
    await Promise.resolve();
  }

  /** Redraws the pane from the host's current findings. */
  render(): void {
    const root = this.contentEl;
    root.empty();
    root.addClass("kc-lint");
    const head = root.createDiv({ cls: "kc-lint-head" });
    head.createEl("h4", { text: "Knowledge lint" });
    const relint = head.createEl("button", { text: "Lint again", cls: "kc-lint-relint" });
    relint.addEventListener("click", () => this.host.relint());
    if (!this.host.ready) {
      root.createDiv({ cls: "kc-lint-progress", text: `Reading notes… ${Math.round(this.host.progress * 100)}%` });
      return;
    }
    const findings = this.host.findings();
    const counts = root.createDiv({ cls: "kc-lint-counts" });
    for (const sev of SEVERITIES) {
      const n = findings.filter((f) => f.severity === sev).length;
      const chip = counts.createEl("button", { cls: `kc-lint-chip kc-sev-${sev}`, text: `${n} ${sev}${n === 1 ? "" : "s"}` });
      chip.toggleClass("is-off", !this.shown.has(sev));
      chip.setAttr("aria-pressed", String(this.shown.has(sev)));
      chip.addEventListener("click", () => {
        if (this.shown.has(sev)) this.shown.delete(sev);
        else this.shown.add(sev);
        this.render();
      });
    }
    const visible = findings.filter((f) => this.shown.has(f.severity));
    if (visible.length === 0) {
      root.createDiv({ cls: "kc-lint-empty", text: findings.length === 0 ? "No findings: the knowledge base is healthy." : "Nothing to show with these filters." });
      return;
    }
    for (const check of this.checks) {
      const mine = visible.filter((f) => f.check === check.id);
      if (mine.length === 0) continue;
      const group = root.createDiv({ cls: "kc-lint-group" });
      const title = group.createDiv({ cls: `kc-lint-group-title kc-sev-${check.severity}` });
      title.createSpan({ text: `${check.id} (${mine.length})` });
      title.setAttr("title", check.description);
      for (const f of mine) this.renderFinding(group, f);
    }
  }

  private renderFinding(parent: HTMLElement, f: LintFinding): void {
    const row = parent.createDiv({ cls: "kc-lint-finding" });
    const link = row.createEl("a", { cls: "kc-lint-where", text: `${f.path}:${f.line + 1}` });
    link.addEventListener("click", (e) => {
      e.preventDefault();
      this.host.open(f);
    });
    row.createDiv({ cls: "kc-lint-message", text: f.message });
    if (f.fix) {
      const fix = row.createEl("button", { cls: "kc-lint-fix", text: "Fix" });
      fix.setAttr("aria-label", `Fix: ${f.message}`);
      fix.addEventListener("click", () => this.host.fix(f));
    }
  }
}
