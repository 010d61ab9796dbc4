import type { LintCheck } from "../core/lint/lint-check";
import type { LintFinding } from "../core/lint/lint-types";

/** Heights in px of a check's title row and of a finding row; styles.css gives the rows the same heights. */
export const GROUP_ROW_PX = 32;
export const FINDING_ROW_PX = 48;
/** Rows drawn beyond each edge of the visible area, so a fast scroll does not show blanks. */
const OVERSCAN_PX = 480;
/** Height assumed before the list has been laid out (and in tests, where nothing is). */
const FALLBACK_VIEWPORT_PX = 640;

/** One check's findings; a group whose findings are the same objects as before is kept, with its row keys. */
interface Group {
  check: LintCheck;
  findings: LintFinding[];
  /** Row keys, computed when a row is first drawn. */
  keys: string[];
  /** Index of its title row and of its first finding among all findings. */
  firstRow: number;
  firstFinding: number;
}

/** A row: a group's title (k = -1) or its k-th finding. */
interface Row {
  group: Group;
  k: number;
}

/** A drawn row's element and the state last written to it, so a redraw writes only what changed. */
interface Drawn {
  el: HTMLElement;
  focusables: HTMLElement[];
  index: number;
  top: number;
  tab: number;
}

/** What the list does when a finding is opened or fixed. */
export interface FindingListActions {
  open(finding: LintFinding): void;
  fix(finding: LintFinding): void;
}

const keyOf = (f: LintFinding): string => `${f.check}\u0000${f.path}\u0000${f.line}\u0000${f.col}\u0000${f.message}\u0000${f.fix ? f.fix.kind : ""}`;

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
  private groups: Group[] = [];
  private rowCount = 0;
  private findingCount = 0;
  private readonly drawn = new Map<string, Drawn>();
  /** The row in the Tab order, and the one focus goes back to after a redraw. */
  private activeKey: string | null = null;

  constructor(
    parent: HTMLElement,
    private readonly checks: readonly LintCheck[],
    private readonly actions: FindingListActions,
  ) {
    this.el = parent.createDiv({ cls: "kc-lint-list", attr: { role: "list", "aria-label": "Lint findings" } });
    this.sizer = this.el.createDiv({ cls: "kc-lint-sizer" });
    this.el.addEventListener("scroll", () => this.renderWindow());
    this.el.addEventListener("click", (e) => this.onClick(e));
    this.el.addEventListener("keydown", (e) => this.onKey(e));
    this.el.addEventListener("focusin", (e) => {
      const key = this.rowKeyOf(e.target);
      if (key !== null && key !== this.activeKey) this.setActive(key);
    });
  }

  /** Shows these findings (already filtered); groups whose findings are the same objects as before are kept whole. */
  setFindings(findings: readonly LintFinding[]): void {
    const byCheck = new Map<string, LintFinding[]>();
    for (const f of findings) {
      const list = byCheck.get(f.check);
      if (list) list.push(f);
      else byCheck.set(f.check, [f]);
    }
    const before = new Map(this.groups.map((g) => [g.check.id, g]));
    const groups: Group[] = [];
    let rows = 0;
    let count = 0;
    for (const check of this.checks) {
      const mine = byCheck.get(check.id);
      if (!mine) continue;
      const old = before.get(check.id);
      const group = old && sameItems(old.findings, mine) ? old : { check, findings: mine, keys: [], firstRow: 0, firstFinding: 0 };
      group.firstRow = rows;
      group.firstFinding = count;
      groups.push(group);
      rows += 1 + mine.length;
      count += mine.length;
    }
    this.groups = groups;
    this.rowCount = rows;
    this.findingCount = count;
    this.sizer.style.setProperty("--kc-list-height", `${this.offset(rows)}px`);
    this.renderWindow();
  }

  /** How many rows exist in the DOM now. */
  get drawnRows(): number {
    return this.drawn.size;
  }

  /** Draws the rows in view; rows that stay keep their elements, so nothing under the pointer or focus is rebuilt. */
  renderWindow(): void {
    const hadFocus = this.el.contains(this.el.ownerDocument.activeElement);
    const focusedIndex = hadFocus ? this.resolveActive() : null;
    const top = this.el.scrollTop;
    const bottom = top + (this.el.clientHeight || FALLBACK_VIEWPORT_PX);
    const from = this.rowAt(Math.max(0, top - OVERSCAN_PX));
    const to = Math.min(this.rowCount, this.rowAt(bottom + OVERSCAN_PX) + 1);
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
      } else if (row.k < 0) {
        d.el.firstElementChild?.setText(groupTitle(row.group));
      }
      this.place(d, row, i);
      const expected: ChildNode | null = prev ? prev.nextSibling : this.sizer.firstChild;
      if (d.el !== expected) this.sizer.insertBefore(d.el, expected);
      prev = d.el;
    }
    if (hadFocus && !this.el.contains(this.el.ownerDocument.activeElement) && focusedIndex !== null) this.focusRow(focusedIndex);
  }

  /** The row at an index: its group (at most one per check) and its place in it. */
  private row(i: number): Row {
    let lo = 0;
    let hi = this.groups.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.groups[mid]!.firstRow <= i) lo = mid;
      else hi = mid - 1;
    }
    const group = this.groups[lo]!;
    return { group, k: i - group.firstRow - 1 };
  }

  /** Top of a row in px (or the list's height for the index past the end). */
  private offset(i: number): number {
    if (i >= this.rowCount) return this.groups.length * GROUP_ROW_PX + this.findingCount * FINDING_ROW_PX;
    const { group, k } = this.row(i);
    const before = this.groups.indexOf(group) * GROUP_ROW_PX + group.firstFinding * FINDING_ROW_PX;
    return k < 0 ? before : before + GROUP_ROW_PX + k * FINDING_ROW_PX;
  }

  /** The row at a height in px (the last row when below the end). */
  private rowAt(y: number): number {
    let top = 0;
    for (const g of this.groups) {
      const height = GROUP_ROW_PX + g.findings.length * FINDING_ROW_PX;
      if (y < top + height) return y < top + GROUP_ROW_PX ? g.firstRow : g.firstRow + 1 + Math.floor((y - top - GROUP_ROW_PX) / FINDING_ROW_PX);
      top += height;
    }
    return Math.max(0, this.rowCount - 1);
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
    const base = keyOf(group.findings[k]!);
    let n = 0;
    // Findings alike in every shown detail sit next to each other (same note, line and column).
    while (k - n - 1 >= 0 && keyOf(group.findings[k - n - 1]!) === base) n++;
    return (group.keys[k] = n === 0 ? base : `${base}\u0000${n}`);
  }

  /** Where a key is now: the drawn row's index when it still holds that key, else a scan (rare: after a change). */
  private indexOf(key: string): number | null {
    const d = this.drawn.get(key);
    if (d && d.index < this.rowCount && this.keyAt(d.index) === key) return d.index;
    const [check, path, line] = key.split("\u0000");
    for (const g of this.groups) {
      if (key === `group\u0000${g.check.id}`) return g.firstRow;
      if (g.check.id !== check) continue;
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
    const top = this.offset(index);
    if (d.top !== top) {
      d.top = top;
      d.el.style.setProperty("--kc-row-top", `${top}px`);
    }
    if (row.k < 0) return;
    d.el.setAttr("aria-posinset", row.group.firstFinding + row.k + 1);
    d.el.setAttr("aria-setsize", this.findingCount);
    const first = row.group.firstFinding + row.k === 0;
    const tab = this.keyAt(index) === this.activeKey || (this.activeKey === null && first) ? 0 : -1;
    if (d.tab !== tab) {
      d.tab = tab;
      for (const c of d.focusables) c.setAttribute("tabindex", String(tab));
    }
  }

  private createRow(row: Row, key: string): Drawn {
    if (row.k < 0) {
      const check = row.group.check;
      const el = createDiv({ cls: `kc-lint-row kc-lint-group-title kc-sev-${check.severity}`, attr: { title: check.description, role: "presentation" } });
      el.createSpan({ text: groupTitle(row.group) });
      el.dataset.key = key;
      return { el, focusables: [], index: -1, top: -1, tab: -1 };
    }
    const f = row.group.findings[row.k]!;
    const el = createDiv({ cls: "kc-lint-row kc-lint-finding", attr: { role: "listitem" } });
    el.dataset.key = key;
    const focusables: HTMLElement[] = [el.createEl("a", { cls: "kc-lint-where", text: `${f.path}:${f.line + 1}`, attr: { role: "link", tabindex: -1 } })];
    el.createDiv({ cls: "kc-lint-message", text: f.message, attr: { title: f.message } });
    if (f.fix) focusables.push(el.createEl("button", { cls: "kc-lint-fix", text: "Fix", attr: { "aria-label": `Fix: ${f.message}`, tabindex: -1 } }));
    return { el, focusables, index: -1, top: -1, tab: -1 };
  }

  private onClick(e: MouseEvent): void {
    const target = e.target instanceof HTMLElement ? e.target : null;
    const finding = this.findingOf(target);
    if (!target || !finding) return;
    if (target.closest(".kc-lint-fix")) this.actions.fix(finding);
    else if (target.closest(".kc-lint-where")) {
      e.preventDefault();
      this.actions.open(finding);
    }
  }

  private onKey(e: KeyboardEvent): void {
    const target = e.target instanceof HTMLElement ? e.target : null;
    const key = this.rowKeyOf(target);
    const index = key === null ? null : this.indexOf(key);
    if (index === null) return;
    let next: number | null = null;
    if (e.key === "ArrowDown") next = this.findingFrom(index + 1, 1);
    else if (e.key === "ArrowUp") next = this.findingFrom(index - 1, -1);
    else if (e.key === "Home") next = this.findingFrom(0, 1);
    else if (e.key === "End") next = this.findingFrom(this.rowCount - 1, -1);
    else if ((e.key === "Enter" || e.key === " ") && target?.closest(".kc-lint-where")) {
      e.preventDefault();
      const finding = this.findingAt(index);
      if (finding) this.actions.open(finding);
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
    const top = this.offset(i);
    const height = this.el.clientHeight || FALLBACK_VIEWPORT_PX;
    if (top < this.el.scrollTop) this.el.scrollTop = top;
    else if (top + FINDING_ROW_PX > this.el.scrollTop + height) this.el.scrollTop = top + FINDING_ROW_PX - height;
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

function groupTitle(group: Group): string {
  return `${group.check.id} (${group.findings.length})`;
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
