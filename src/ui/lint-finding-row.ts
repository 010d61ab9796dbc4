import { setIcon } from "obsidian";
import { formatLintPlace, oneBased } from "../core/lint/format-lint-place";
import type { LintCheck } from "../core/lint/lint-check";
import type { LintFinding, Severity } from "../core/lint/lint-types";

/** The icon of each severity (Lucide names Obsidian ships). */
export const SEVERITY_ICON: Record<Severity, string> = { error: "circle-x", warning: "triangle-alert", suggestion: "lightbulb" };

/** A check's name in words: its title when it has one, else its id with the hyphens as spaces ("Broken link"). */
export function checkTitle(check: Pick<LintCheck, "id"> & { title?: string }): string {
  if (check.title) return check.title;
  const words = check.id.replace(/-/g, " ").replace(/\bckp\b/gi, "CKP");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A finding as an editor mark says it: its message first, in plain words, then the check's name ("… (Broken link)"). */
export function markMessage(f: Pick<LintFinding, "check" | "message">): string {
  return `${f.message} (${checkTitle({ id: f.check })})`;
}

/** A finding's identity in the list: every detail its row shows (two findings alike in all are numbered apart). */
export const findingKey = (f: LintFinding): string =>
  `${f.check}\u0000${f.path}\u0000${f.line}\u0000${f.col}\u0000${f.message}\u0000${f.fix ? f.fix.kind : ""}\u0000${f.dismissKey ?? ""}\u0000${f.related?.map((p) => `${p.path}:${p.line}`).join("|") ?? ""}`;

/** A check the list was not given (a finding of a newer check): named after its id, with its first finding's severity. */
export const unknownCheck = (f: LintFinding): LintCheck => ({ id: f.check, severity: f.severity, description: "", examples: [], check: () => [] });

/** A drawn row: its element and the elements that take part in keyboard focus (first one is the row's main one). */
export interface RowParts {
  el: HTMLElement;
  focusables: HTMLElement[];
}

/**
 * A check's title row: a disclosure button (Enter/Space toggle it, aria-expanded says which), the severity icon, the
 * check's name in words and its count, with the description on a second line (and whole in the tooltip).
 */
export function createGroupRow(check: LintCheck, key: string, fixable = 0): RowParts {
  const el = createDiv({ cls: `kc-lint-row kc-lint-group-title kc-sev-${check.severity}`, attr: { role: "presentation" } });
  el.dataset.key = key;
  const toggle = el.createDiv({ cls: "kc-lint-group-toggle", attr: { role: "button", tabindex: -1, "aria-expanded": "true" } });
  setIcon(toggle.createSpan({ cls: "kc-lint-collapse-icon" }), "chevron-down");
  setIcon(toggle.createSpan({ cls: "kc-lint-sev-icon", attr: { "aria-hidden": "true" } }), SEVERITY_ICON[check.severity]);
  toggle.createSpan({ cls: "kc-lint-group-name", text: checkTitle(check) });
  toggle.createSpan({ cls: "kc-lint-group-count" });
  const focusables: HTMLElement[] = [toggle];
  // A bulk action for two or more: one fix has its own button.
  if (fixable > 1) {
    const all = el.createEl("button", {
      cls: "kc-lint-fix-all",
      text: "Fix all",
      attr: { tabindex: -1, "aria-label": `Fix all ${fixable} fixable findings of ${checkTitle(check)}, after a review` },
    });
    focusables.push(all);
  }
  el.createDiv({ cls: "kc-lint-group-desc", text: check.description });
  return { el, focusables };
}

/** Writes a title row's count and open/closed state (only what changed). */
export function updateGroupRow(parts: RowParts, check: LintCheck, count: number, collapsed: boolean): void {
  const toggle = parts.focusables[0]!;
  const countEl = toggle.querySelector(".kc-lint-group-count")!;
  const text = String(count);
  if (countEl.textContent !== text) countEl.setText(text);
  const expanded = String(!collapsed);
  if (toggle.getAttribute("aria-expanded") !== expanded) {
    toggle.setAttribute("aria-expanded", expanded);
    parts.el.toggleClass("is-collapsed", collapsed);
  }
  const label = `${checkTitle(check)}, ${check.severity}, ${count} finding${count === 1 ? "" : "s"}`;
  if (toggle.getAttribute("aria-label") !== label) toggle.setAttribute("aria-label", label);
}

/**
 * A finding's row: the message (up to two lines) first, then where (one line, cut at its start so the note's
 * name and line stay), its related places as links, and the Fix and Dismiss buttons when they apply. No native tooltips:
 * the whole message and path show in the pane's detail line for the row in focus or under the pointer.
 */
export function createFindingRow(f: LintFinding, key: string, canDismiss: boolean): RowParts {
  const el = createDiv({ cls: `kc-lint-row kc-lint-finding kc-sev-${f.severity}`, attr: { role: "listitem" } });
  el.dataset.key = key;
  el.createDiv({ cls: "kc-lint-message", text: f.message });
  // One line, cut at its start when too long (styles.css): the note's name and line stay in sight. The line is laid
  // out right to left only so that it overflows at its start; the path itself is isolated left to right (<bdi>), so
  // "01. Personal/…/Teams.md:1" never reads "Personal/…/Teams.md:1 .01".
  const where = el.createEl("a", { cls: "kc-lint-where", attr: { role: "link", tabindex: -1 } });
  appendBreakablePath(where.createEl("bdi", { attr: { dir: "ltr" } }), formatLintPlace(f));
  const focusables: HTMLElement[] = [where];
  if (f.related && f.related.length > 0) {
    const rel = el.createDiv({ cls: "kc-lint-related" });
    rel.createSpan({ cls: "kc-lint-related-label", text: "See also" });
    f.related.forEach((p, i) => {
      const a = rel.createEl("a", {
        cls: "kc-lint-related-link",
        attr: { role: "link", tabindex: -1, "aria-label": `Open ${p.path} at line ${oneBased(p).line}${p.label ? `: ${p.label}` : ""}` },
      });
      a.dataset.index = String(i);
      a.setText(`${baseName(p.path)}:${oneBased(p).line}`);
      focusables.push(a);
    });
  }
  const buttons = el.createDiv({ cls: "kc-lint-actions" });
  if (f.fix) focusables.push(buttons.createEl("button", { cls: "kc-lint-fix", text: "Fix", attr: { "aria-label": `Fix: ${f.message}`, tabindex: -1 } }));
  if (f.dismissKey !== undefined && canDismiss) {
    const b = buttons.createEl("button", { cls: "kc-lint-dismiss clickable-icon", attr: { "aria-label": "Dismiss: not a conflict", tabindex: -1 } });
    setIcon(b, "x");
    focusables.push(b);
  }
  return { el, focusables };
}

/** Appends a path as text with a line-break opportunity after each "/", so a narrow pane breaks it between folders. */
export function appendBreakablePath(parent: HTMLElement, path: string): void {
  const parts = path.split("/");
  parts.forEach((part, i) => {
    parent.appendText(i < parts.length - 1 ? `${part}/` : part);
    if (i < parts.length - 1) parent.createEl("wbr");
  });
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1).replace(/\.md$/i, "");
}

/** True when two lists hold the same items (the same objects) in the same order. */
export function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
