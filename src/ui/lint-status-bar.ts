import { Platform, setIcon, type Plugin } from "obsidian";
import type { LintFinding, Severity } from "../core/lint/lint-types";
import type { LintService } from "../obsidian/lint-service";
import { SEVERITY_ICON } from "./lint-finding-row";

/** What the status bar item reads: the findings once the first lint is ready (or, cheaper, their counts kept by the lint). */
export interface LintStatusSource {
  readonly ready: boolean;
  findings(): readonly LintFinding[];
  countIn?(folder: string): { errors: number; warnings: number };
  /** Every finding's count by severity, kept as notes are linted: no pass over 40,000 findings on each change. */
  counts?(): Readonly<Record<Severity, number>>;
}

/** Errors and warnings among the findings: every one the lint pane counts, in whichever scope lint looks. */
export function countFindings(findings: readonly LintFinding[]): { errors: number; warnings: number } {
  let errors = 0;
  let warnings = 0;
  for (const f of findings) {
    if (f.severity === "error") errors++;
    else if (f.severity === "warning") warnings++;
  }
  return { errors, warnings };
}

/**
 * The status bar item: the errors and warnings the lint pane counts, as icons and numbers (in words for screen readers
 * and Obsidian's one tooltip, from aria-label; no native title beside it); a click, Enter or Space opens the lint report. Hidden until the first lint is ready. `update` is
 * called on the lint service's "changed" event, which comes once per batch of edits, never per keystroke; it reads the
 * counts the lint keeps (or counts in one pass) and writes the DOM only when a number changed.
 */
export class LintStatusBar {
  private readonly errorsEl: HTMLElement;
  private readonly warningsEl: HTMLElement;
  private shown = "";

  constructor(
    readonly el: HTMLElement,
    private readonly source: LintStatusSource,
    open: () => void,
  ) {
    el.addClass("kc-lint-status", "mod-clickable");
    el.setAttr("role", "button");
    el.setAttr("tabindex", "0");
    this.errorsEl = this.part("error");
    this.warningsEl = this.part("warning");
    el.addEventListener("click", () => open());
    el.addEventListener("keydown", (e) => {
      if (e.key !== "Enter" && e.key !== " ") return;
      e.preventDefault();
      open();
    });
    this.update();
  }

  /** Brings the counts up to date. */
  update(): void {
    if (!this.source.ready) {
      this.el.toggleClass("kc-hidden", true);
      return;
    }
    const kept = this.source.counts?.();
    const { errors, warnings } = kept ? { errors: kept.error, warnings: kept.warning } : countFindings(this.source.findings());
    const key = `${errors}/${warnings}`;
    this.el.toggleClass("kc-hidden", false);
    if (key === this.shown) return;
    this.shown = key;
    this.errorsEl.querySelector(".kc-lint-count-n")!.setText(String(errors));
    this.warningsEl.querySelector(".kc-lint-count-n")!.setText(String(warnings));
    const words = `Knowledge lint: ${errors} error${errors === 1 ? "" : "s"}, ${warnings} warning${warnings === 1 ? "" : "s"}. Open the lint report.`;
    this.el.setAttr("aria-label", words);
  }

  private part(sev: "error" | "warning"): HTMLElement {
    const part = this.el.createSpan({ cls: `kc-lint-count kc-sev-${sev}`, attr: { "aria-hidden": "true" } });
    setIcon(part.createSpan({ cls: "kc-lint-sev-icon" }), SEVERITY_ICON[sev]);
    part.createSpan({ cls: "kc-lint-count-n" });
    return part;
  }
}

/** Adds the status bar item on desktop (Obsidian has no status bar on mobile) and keeps it current. */
export function addLintStatusBar(plugin: Plugin, lint: LintService, open: () => void): void {
  if (Platform.isMobile) return;
  const item = new LintStatusBar(plugin.addStatusBarItem(), lint, open);
  plugin.registerEvent(lint.on("changed", () => item.update()));
}
