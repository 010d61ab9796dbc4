import { Platform, setIcon, type Plugin } from "obsidian";
import { trimSlashes } from "../core/knowledge/knowledge-layout";
import type { LintFinding } from "../core/lint/lint-types";
import type { LintService } from "../obsidian/lint-service";
import { SEVERITY_ICON } from "./lint-finding-row";

/** What the status bar item reads: the findings once the first lint is ready (or, cheaper, their counts in a folder). */
export interface LintStatusSource {
  readonly ready: boolean;
  findings(): readonly LintFinding[];
  countIn?(folder: string): { errors: number; warnings: number };
}

/** Errors and warnings among findings located in the knowledge folder. */
export function countKnowledgeFindings(findings: readonly LintFinding[], knowledgeFolder: string): { errors: number; warnings: number } {
  const prefix = `${trimSlashes(knowledgeFolder)}/`;
  let errors = 0;
  let warnings = 0;
  for (const f of findings) {
    if (f.severity === "suggestion" || !f.path.startsWith(prefix)) continue;
    if (f.severity === "error") errors++;
    else warnings++;
  }
  return { errors, warnings };
}

/**
 * The status bar item: the knowledge folder's errors and warnings as icons and numbers (in words for screen readers
 * and the tooltip); a click, Enter or Space opens the lint report. Hidden until the first lint is ready. `update` is
 * called on the lint service's "changed" event, which comes once per batch of edits, never per keystroke; it counts in
 * one pass and writes the DOM only when a number changed.
 */
export class LintStatusBar {
  private readonly errorsEl: HTMLElement;
  private readonly warningsEl: HTMLElement;
  private shown = "";

  constructor(
    readonly el: HTMLElement,
    private readonly source: LintStatusSource,
    private readonly knowledgeFolder: () => string,
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
    const folder = this.knowledgeFolder();
    const { errors, warnings } = this.source.countIn ? this.source.countIn(folder) : countKnowledgeFindings(this.source.findings(), folder);
    const key = `${errors}/${warnings}`;
    this.el.toggleClass("kc-hidden", false);
    if (key === this.shown) return;
    this.shown = key;
    this.errorsEl.querySelector(".kc-lint-count-n")!.setText(String(errors));
    this.warningsEl.querySelector(".kc-lint-count-n")!.setText(String(warnings));
    const words = `Knowledge lint: ${errors} error${errors === 1 ? "" : "s"}, ${warnings} warning${warnings === 1 ? "" : "s"}. Open the lint report.`;
    this.el.setAttr("aria-label", words);
    this.el.setAttr("title", words);
  }

  private part(sev: "error" | "warning"): HTMLElement {
    const part = this.el.createSpan({ cls: `kc-lint-count kc-sev-${sev}`, attr: { "aria-hidden": "true" } });
    setIcon(part.createSpan({ cls: "kc-lint-sev-icon" }), SEVERITY_ICON[sev]);
    part.createSpan({ cls: "kc-lint-count-n" });
    return part;
  }
}

/** Adds the status bar item on desktop (Obsidian has no status bar on mobile) and keeps it current. */
export function addLintStatusBar(plugin: Plugin, lint: LintService, knowledgeFolder: () => string, open: () => void): void {
  if (Platform.isMobile) return;
  const item = new LintStatusBar(plugin.addStatusBarItem(), lint, knowledgeFolder, open);
  plugin.registerEvent(lint.on("changed", () => item.update()));
}
