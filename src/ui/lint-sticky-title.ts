import type { LintCheck } from "../core/lint/lint-check";
import { checkTitle } from "./lint-finding-row";

/**
 * The title of the check whose findings are scrolled under the list's top edge, kept there (sticky) once its own title
 * row has scrolled away; a click scrolls back to that row. Hidden from screen readers: the rows say which check they
 * belong to.
 */
export class StickyTitle {
  private readonly el: HTMLElement;

  constructor(list: HTMLElement) {
    this.el = list.createDiv({ cls: "kc-lint-sticky kc-hidden", attr: { "aria-hidden": "true" } });
  }

  /** Shows the group's title when the list is scrolled past its title row (its top, px); hides it otherwise. */
  update(group: { check: LintCheck; count: number; top: number } | null, scrollTop: number): void {
    const show = group !== null && scrollTop > group.top + 4;
    this.el.toggleClass("kc-hidden", !show);
    if (!show) return;
    const text = `${checkTitle(group.check)} · ${group.count}`;
    if (this.el.textContent === text) return;
    this.el.setText(text);
    this.el.className = `kc-lint-sticky kc-sev-${group.check.severity}`;
  }
}
