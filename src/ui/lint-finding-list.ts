import type { LintCheck } from "../core/lint/lint-check";
import type { LintFinding, LintPlace } from "../core/lint/lint-types";
import type { PaneGroup } from "./lint-pane-model";
import { StickyTitle } from "./lint-sticky-title";
import { createFindingRow, createGroupRow, findingKey, sameItems, unknownCheck, updateGroupRow } from "./lint-finding-row";
import { FINDING_ROW_PX, placeGroups, RELATED_LINE_PX, rowAtHeight, rowHeight, rowOf, rowTop, type Group, type Row } from "./lint-list-geometry";

/** Rows drawn beyond each edge of the visible area, so a fast scroll does not show blanks. */
const OVERSCAN_PX = 480;
/** Height assumed before the list has been laid out (and in tests, where nothing is). */
const FALLBACK_VIEWPORT_PX = 640;

/** A drawn row's element and the state last written to it, so a redraw writes only what changed. */
interface Drawn {
  /** The check of a title row (null for a finding row). */
  check: LintCheck | null;
  el: HTMLElement;
  focusables: HTMLElement[];
  index: number;
  top: number;
  tab: number;
}

/** What the list does when a finding is opened, fixed or dismissed, or one of its related places is opened. */
export interface FindingListActions {
  open(finding: LintFinding): void;
  fix(finding: LintFinding): void;
  openPlace?(place: LintPlace, finding: LintFinding): void;
  /** Present when the host can remember a dismissal; then findings with a dismissKey get a Dismiss button. */
  dismiss?(finding: LintFinding): void;
  /** Present when the host can fix in bulk: a check with two or more fixable findings gets "Fix all". */
  fixAll?(check: LintCheck, findings: readonly LintFinding[]): void;
  /** The finding in focus or under the pointer (null: none), for the pane's detail line. */
  show?(finding: LintFinding | null): void;
}

/**
 * The findings grouped by check, as a virtual list: only the rows in view (and a margin) exist in the DOM, at fixed
 * heights, so 40,000 findings cost as much to draw as forty, and no object is made per finding. A new set of
 * findings rebuilds only the groups whose findings changed, keeps the row elements whose content did not change (and
 * with them keyboard focus), and the arrow keys move through every finding, drawn or not (one row is in the Tab
 * order at a time).
 */
export class LintFindingList {
  readonly el: HTMLElement;
  private readonly sizer: HTMLElement;
  private readonly sticky: StickyTitle;
  private groups: Group[] = [];
  private rowCount = 0;
  private findingCount = 0;
  private readonly drawn = new Map<string, Drawn>();
  /** The row in the Tab order, and the one focus goes back to after a redraw. */
  private activeKey: string | null = null;
  /** Checks whose groups are collapsed (kept across changes of the findings). */
  private readonly collapsed = new Set<string>();

  constructor(
    parent: HTMLElement,
    private readonly checks: readonly LintCheck[],
    private readonly actions: FindingListActions,
  ) {
    this.el = parent.createDiv({ cls: "kc-lint-list", attr: { role: "list", "aria-label": "Lint findings" } });
    this.sticky = new StickyTitle(this.el);
    this.sizer = this.el.createDiv({ cls: "kc-lint-sizer" });
    this.el.addEventListener("mouseover", (e) => this.actions.show?.(this.findingOf(e.target instanceof HTMLElement ? e.target : null)));
    this.el.addEventListener("scroll", () => this.renderWindow());
    this.el.addEventListener("click", (e) => this.onClick(e));
    this.el.addEventListener("keydown", (e) => this.onKey(e));
    this.el.addEventListener("focusin", (e) => {
      const key = this.rowKeyOf(e.target);
      if (key !== null && key !== this.activeKey) this.setActive(key);
      this.actions.show?.(this.findingOf(e.target instanceof HTMLElement ? e.target : null));
    });
  }

  /**
   * Shows findings already grouped by check (the lint pane builds the groups in steps): work per check, not per
   * finding, when each group's array is the one shown now or a new one; otherwise its items are compared.
   */
  setGroups(byCheck: ReadonlyMap<string, PaneGroup>, overscanPx = OVERSCAN_PX): void {
    const before = new Map(this.groups.map((g) => [g.check.id, g]));
    const known = new Set(this.checks.map((c) => c.id));
    const checks = [...this.checks];
    for (const [id, mine] of byCheck) if (!known.has(id)) checks.push(unknownCheck(mine.findings[0]!));
    const groups: Group[] = [];
    for (const check of checks) {
      const mine = byCheck.get(check.id);
      if (!mine) continue;
      const old = before.get(check.id);
      const rowPx = mine.related ? FINDING_ROW_PX + RELATED_LINE_PX : FINDING_ROW_PX;
      const same = old !== undefined && (old.findings === mine.findings || sameItems(old.findings, mine.findings));
      groups.push(same ? old : { check, findings: mine.findings, keys: [], firstRow: 0, firstFinding: 0, top: 0, rowPx, shown: 0 });
    }
    this.groups = groups;
    this.layout(overscanPx);
  }

  /** The findings of a check's group as shown now (the pane hands them back when it builds the next groups). */
  shownOf(checkId: string): readonly LintFinding[] | undefined {
    return this.groups.find((g) => g.check.id === checkId)?.findings;
  }

  /** Opens or closes a check's group; focus stays on its title. */
  toggleGroup(checkId: string): void {
    if (this.collapsed.has(checkId)) this.collapsed.delete(checkId);
    else this.collapsed.add(checkId);
    this.layout();
  }

  /** Places the groups (title row, then the findings of an open group) and redraws the rows in view. */
  private layout(overscanPx = OVERSCAN_PX): void {
    const { rows, findings, height } = placeGroups(this.groups, this.collapsed);
    this.rowCount = rows;
    this.findingCount = findings;
    this.sizer.style.setProperty("--kc-list-height", `${height}px`);
    this.renderWindow(overscanPx);
  }

  /** How many rows exist in the DOM now. */
  get drawnRows(): number {
    return this.drawn.size;
  }

  /**
   * Draws the rows in view and `overscanPx` beyond each edge (fewer: the margin is drawn in a later task); rows that
   * stay keep their elements, so nothing under the pointer or focus is rebuilt.
   */
  renderWindow(overscanPx = OVERSCAN_PX): void {
    const hadFocus = this.el.contains(this.el.ownerDocument.activeElement);
    const focusedIndex = hadFocus ? this.resolveActive() : null;
    const top = this.el.scrollTop;
    const bottom = top + (this.el.clientHeight || FALLBACK_VIEWPORT_PX);
    const from = this.rowAt(Math.max(0, top - overscanPx));
    const to = Math.min(this.rowCount, this.rowAt(bottom + overscanPx) + 1);
    const wanted: number[] = [];
    if (focusedIndex !== null && focusedIndex < from) wanted.push(focusedIndex);
    for (let i = from; i < to; i++) wanted.push(i);
    if (focusedIndex !== null && focusedIndex >= to) wanted.push(focusedIndex);
    const keep = new Set(wanted.map((i) => this.keyAt(i)));
    for (const [key, d] of this.drawn) {
      if (keep.has(key)) continue;
      d.el.remove();
      this.drawn.delete(key);
    }
    let prev: HTMLElement | null = null;
    for (const i of wanted) {
      const row = this.row(i);
      const key = this.keyAt(i);
      let d = this.drawn.get(key);
      if (!d) {
        d = this.createRow(row, key);
        this.drawn.set(key, d);
      }
      if (d.check) updateGroupRow(d, d.check, row.group.findings.length, this.collapsed.has(d.check.id));
      this.place(d, row, i);
      const expected: ChildNode | null = prev ? prev.nextSibling : this.sizer.firstChild;
      if (d.el !== expected) this.sizer.insertBefore(d.el, expected);
      prev = d.el;
    }
    if (hadFocus && !this.el.contains(this.el.ownerDocument.activeElement) && focusedIndex !== null) this.focusRow(focusedIndex);
    const g = this.groups.length === 0 ? null : this.row(this.rowAt(top)).group;
    this.sticky.update(g && { check: g.check, count: g.findings.length, top: g.top }, top);
  }

  private row(i: number): Row {
    return rowOf(this.groups, i);
  }

  private rowAt(y: number): number {
    return rowAtHeight(this.groups, y);
  }

  private findingAt(i: number): LintFinding | null {
    if (i < 0 || i >= this.rowCount) return null;
    const { group, k } = this.row(i);
    return k < 0 ? null : group.findings[k]!;
  }

  /** Index of the active row: the same finding if it is still listed, else the row that took its place. */
  private resolveActive(): number | null {
    if (this.activeKey === null || this.rowCount === 0) return null;
    const i = this.indexOf(this.activeKey);
    if (i !== null) return i;
    const at = Math.min(this.drawn.get(this.activeKey)?.index ?? 0, this.rowCount - 1);
    const next = this.findingFrom(at, 1) ?? this.findingFrom(at, -1);
    if (next === null) return null;
    this.setActive(this.keyAt(next));
    return next;
  }

  /** A row's key: its content (computed when first needed), numbered when two findings read exactly alike. */
  private keyAt(i: number): string {
    const { group, k } = this.row(i);
    if (k < 0) return `group\u0000${group.check.id}`;
    const cached = group.keys[k];
    if (cached !== undefined) return cached;
    const base = findingKey(group.findings[k]!);
    let n = 0;
    // Findings alike in every shown detail sit next to each other (same note, line and column).
    while (k - n - 1 >= 0 && findingKey(group.findings[k - n - 1]!) === base) n++;
    return (group.keys[k] = n === 0 ? base : `${base}\u0000${n}`);
  }

  /** Where a key is now: the drawn row's index when it still holds that key, else a scan (rare: after a change). */
  private indexOf(key: string): number | null {
    const d = this.drawn.get(key);
    if (d && d.index < this.rowCount && this.keyAt(d.index) === key) return d.index;
    const [check, path, line] = key.split("\u0000");
    for (const g of this.groups) {
      if (key === `group\u0000${g.check.id}`) return g.firstRow;
      if (g.check.id !== check || g.shown === 0) continue;
      // Compare the fields first, so a scan builds no strings for the rows that differ.
      for (let k = 0; k < g.findings.length; k++) {
        const f = g.findings[k]!;
        if (f.path === path && String(f.line) === line && this.keyAt(g.firstRow + 1 + k) === key) return g.firstRow + 1 + k;
      }
    }
    return null;
  }

  private place(d: Drawn, row: Row, index: number): void {
    d.index = index;
    const top = rowTop(this.groups, index);
    if (d.top !== top) {
      d.top = top;
      d.el.style.setProperty("--kc-row-top", `${top}px`);
    }
    if (row.k >= 0) {
      d.el.setAttr("aria-posinset", row.group.firstFinding + row.k + 1);
      d.el.setAttr("aria-setsize", this.findingCount);
    }
    const first = this.activeKey === null && index === this.findingFrom(0, 1);
    const tab = this.keyAt(index) === this.activeKey || first ? 0 : -1;
    if (d.tab !== tab) {
      d.tab = tab;
      for (const c of d.focusables) c.setAttribute("tabindex", String(tab));
    }
  }

  private createRow(row: Row, key: string): Drawn {
    const fixable = row.k < 0 && this.actions.fixAll ? row.group.findings.filter((f) => f.fix).length : 0;
    const parts =
      row.k < 0 ? createGroupRow(row.group.check, key, fixable) : createFindingRow(row.group.findings[row.k]!, key, this.actions.dismiss !== undefined);
    if (row.k >= 0) parts.el.style.setProperty("--kc-row-height", `${row.group.rowPx}px`);
    return { ...parts, check: row.k < 0 ? row.group.check : null, index: -1, top: -1, tab: -1 };
  }

  private onClick(e: MouseEvent): void {
    const target = e.target instanceof HTMLElement ? e.target : null;
    if (target && this.activate(target)) e.preventDefault();
  }

  /** Does what clicking (or Enter on) this element means; false when it is nothing actionable. */
  private activate(target: HTMLElement): boolean {
    if (target.closest(".kc-lint-fix-all, .kc-lint-group-toggle")) {
      const key = this.rowKeyOf(target);
      const group = this.groups.find((g) => key === `group\u0000${g.check.id}`);
      if (group && target.closest(".kc-lint-fix-all")) this.actions.fixAll?.(group.check, group.findings);
      else if (group) this.toggleGroup(group.check.id);
      return group !== undefined;
    }
    const finding = this.findingOf(target);
    if (!finding) return false;
    const related = target.closest<HTMLElement>(".kc-lint-related-link");
    const place = related ? finding.related?.[Number(related.dataset.index)] : undefined;
    if (place)
      (this.actions.openPlace ?? ((p: LintPlace, f: LintFinding) => this.actions.open({ ...f, path: p.path, line: p.line, col: p.col })))(place, finding);
    else if (target.closest(".kc-lint-fix")) this.actions.fix(finding);
    else if (target.closest(".kc-lint-dismiss")) this.actions.dismiss?.(finding);
    else if (target.closest(".kc-lint-where")) this.actions.open(finding);
    else return false;
    return true;
  }

  private onKey(e: KeyboardEvent): void {
    const target = e.target instanceof HTMLElement ? e.target : null;
    const key = this.rowKeyOf(target);
    const index = key === null ? null : this.indexOf(key);
    if (index === null) return;
    let next: number | null = null;
    // Arrows move through every row, check titles included (so a closed group can be reached and opened).
    if (e.key === "ArrowDown") next = index + 1 < this.rowCount ? index + 1 : null;
    else if (e.key === "ArrowUp") next = index > 0 ? index - 1 : null;
    else if (e.key === "Home") next = this.findingFrom(0, 1);
    else if (e.key === "End") next = this.findingFrom(this.rowCount - 1, -1);
    else if (
      (e.key === "Enter" || e.key === " ") &&
      target &&
      !target.closest("button") &&
      target.closest(".kc-lint-where, .kc-lint-related-link, .kc-lint-group-toggle")
    ) {
      e.preventDefault();
      this.activate(target);
      return;
    }
    if (next === null) return;
    e.preventDefault();
    this.scrollToRow(next);
    this.focusRow(next);
  }

  /** The nearest finding row from `i` in the direction of `step` (title rows are skipped). */
  private findingFrom(i: number, step: 1 | -1): number | null {
    for (let k = i; k >= 0 && k < this.rowCount; k += step) if (this.findingAt(k)) return k;
    return null;
  }

  private scrollToRow(i: number): void {
    const top = rowTop(this.groups, i);
    const height = this.el.clientHeight || FALLBACK_VIEWPORT_PX;
    const bottom = top + rowHeight(this.groups, i);
    if (top < this.el.scrollTop) this.el.scrollTop = top;
    else if (bottom > this.el.scrollTop + height) this.el.scrollTop = bottom - height;
  }

  private focusRow(i: number): void {
    const key = this.keyAt(i);
    this.setActive(key);
    if (!this.drawn.has(key)) this.renderWindow();
    this.drawn.get(key)?.focusables[0]?.focus();
  }

  private setActive(key: string): void {
    const old = this.activeKey;
    this.activeKey = key;
    for (const k of [old, key]) {
      const d = k === null ? undefined : this.drawn.get(k);
      if (d && d.index >= 0 && d.index < this.rowCount && this.keyAt(d.index) === k) this.place(d, this.row(d.index), d.index);
    }
  }

  private rowKeyOf(target: EventTarget | null): string | null {
    const row = target instanceof HTMLElement ? target.closest<HTMLElement>(".kc-lint-row") : null;
    return row?.dataset.key ?? null;
  }

  private findingOf(target: HTMLElement | null): LintFinding | null {
    const key = this.rowKeyOf(target);
    const i = key === null ? null : this.indexOf(key);
    return i === null ? null : this.findingAt(i);
  }
}
