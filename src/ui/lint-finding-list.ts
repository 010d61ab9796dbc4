import type { LintCheck } from "../core/lint/lint-check";
import type { LintFinding } from "../core/lint/lint-types";

/** Heights in px of a check's title row and of a finding row; styles.css gives the rows the same heights. */
export const GROUP_ROW_PX = 32;
export const FINDING_ROW_PX = 48;
/** Rows drawn beyond each edge of the visible area, so a fast scroll does not show blanks. */
const OVERSCAN_PX = 480;
/** Height assumed before the list has been laid out (and in tests, where nothing is). */
const FALLBACK_VIEWPORT_PX = 640;

type Row =
  | { kind: "group"; key: string; check: LintCheck; count: number }
  | { kind: "finding"; key: string; finding: LintFinding; position: number };

interface Group {
  findings: LintFinding[];
  rows: Row[];
}

/** What the list does when a finding is opened or fixed. */
export interface FindingListActions {
  open(finding: LintFinding): void;
  fix(finding: LintFinding): void;
}

const keyOf = (f: LintFinding): string => `${f.check}\u0000${f.path}\u0000${f.line}\u0000${f.col}\u0000${f.message}\u0000${f.fix ? f.fix.kind : ""}`;

/**
 * The findings grouped by check, as a virtual list: only the rows in view (and a margin) exist in the DOM, at fixed
 * heights, so 40,000 findings cost as much to draw as forty. A new set of findings rebuilds only the groups whose
 * findings changed, keeps the row elements whose content did not change (and with them keyboard focus), and the
 * arrow keys move through every finding, drawn or not (one row is in the Tab order at a time).
 */
export class LintFindingList {
  readonly el: HTMLElement;
  private readonly sizer: HTMLElement;
  private rows: Row[] = [];
  private offsets = new Float64Array(1);
  private groups = new Map<string, Group>();
  private readonly byKey = new Map<string, number>();
  private readonly drawn = new Map<string, HTMLElement>();
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
    const groups = new Map<string, Group>();
    const rows: Row[] = [];
    let position = 0;
    for (const check of this.checks) {
      const mine = byCheck.get(check.id);
      if (!mine) continue;
      const before = this.groups.get(check.id);
      const group = before && sameItems(before.findings, mine) ? before : { findings: mine, rows: buildRows(check, mine) };
      groups.set(check.id, group);
      for (const row of group.rows) {
        if (row.kind === "finding") row.position = ++position;
        rows.push(row);
      }
    }
    this.groups = groups;
    this.rows = rows;
    this.offsets = new Float64Array(rows.length + 1);
    this.byKey.clear();
    for (let i = 0; i < rows.length; i++) {
      this.offsets[i + 1] = this.offsets[i]! + (rows[i]!.kind === "group" ? GROUP_ROW_PX : FINDING_ROW_PX);
      this.byKey.set(rows[i]!.key, i);
    }
    this.sizer.style.setProperty("--kc-list-height", `${this.offsets[rows.length]}px`);
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
    const to = Math.min(this.rows.length, this.rowAt(bottom + OVERSCAN_PX) + 1);
    const wanted: number[] = [];
    if (focusedIndex !== null && focusedIndex < from) wanted.push(focusedIndex);
    for (let i = from; i < to; i++) wanted.push(i);
    if (focusedIndex !== null && focusedIndex >= to) wanted.push(focusedIndex);
    const keep = new Set(wanted.map((i) => this.rows[i]!.key));
    for (const [key, el] of this.drawn) {
      if (keep.has(key)) continue;
      el.remove();
      this.drawn.delete(key);
    }
    let prev: HTMLElement | null = null;
    for (const i of wanted) {
      const row = this.rows[i]!;
      let el = this.drawn.get(row.key);
      if (!el) {
        el = this.createRow(row);
        this.drawn.set(row.key, el);
      } else if (row.kind === "group") {
        el.firstElementChild?.setText(groupTitle(row));
      }
      this.place(el, row, i);
      const expected: ChildNode | null = prev ? prev.nextSibling : this.sizer.firstChild;
      if (el !== expected) this.sizer.insertBefore(el, expected);
      prev = el;
    }
    if (hadFocus && !this.el.contains(this.el.ownerDocument.activeElement) && focusedIndex !== null) this.focusRow(focusedIndex);
  }

  /** Index of the active row: the same finding if it is still listed, else the row that took its place. */
  private resolveActive(): number | null {
    if (this.activeKey === null || this.rows.length === 0) return null;
    const i = this.byKey.get(this.activeKey);
    if (i !== undefined) return i;
    const drawn = this.drawn.get(this.activeKey);
    const at = drawn ? Number(drawn.dataset.index ?? 0) : 0;
    const next = this.findingFrom(Math.min(at, this.rows.length - 1), 1) ?? this.findingFrom(Math.min(at, this.rows.length - 1), -1);
    if (next === null) return null;
    this.setActive(this.rows[next]!.key);
    return next;
  }

  private place(el: HTMLElement, row: Row, index: number): void {
    el.dataset.index = String(index);
    el.style.setProperty("--kc-row-top", `${this.offsets[index]}px`);
    if (row.kind === "finding") {
      el.setAttr("aria-posinset", row.position);
      el.setAttr("aria-setsize", this.rows.length - this.groups.size);
      const tab = row.key === this.activeKey || (this.activeKey === null && row.position === 1) ? 0 : -1;
      for (const c of Array.from(el.querySelectorAll("a, button"))) c.setAttribute("tabindex", String(tab));
    }
  }

  private createRow(row: Row): HTMLElement {
    if (row.kind === "group") {
      const el = createDiv({ cls: `kc-lint-row kc-lint-group-title kc-sev-${row.check.severity}`, attr: { title: row.check.description, role: "presentation" } });
      el.createSpan({ text: groupTitle(row) });
      el.dataset.key = row.key;
      return el;
    }
    const f = row.finding;
    const el = createDiv({ cls: "kc-lint-row kc-lint-finding", attr: { role: "listitem" } });
    el.dataset.key = row.key;
    el.createEl("a", { cls: "kc-lint-where", text: `${f.path}:${f.line + 1}`, attr: { role: "link", tabindex: -1 } });
    el.createDiv({ cls: "kc-lint-message", text: f.message, attr: { title: f.message } });
    if (f.fix) el.createEl("button", { cls: "kc-lint-fix", text: "Fix", attr: { "aria-label": `Fix: ${f.message}`, tabindex: -1 } });
    return el;
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
    const index = key === null ? undefined : this.byKey.get(key);
    if (index === undefined) return;
    let next: number | null = null;
    if (e.key === "ArrowDown") next = this.findingFrom(index + 1, 1);
    else if (e.key === "ArrowUp") next = this.findingFrom(index - 1, -1);
    else if (e.key === "Home") next = this.findingFrom(0, 1);
    else if (e.key === "End") next = this.findingFrom(this.rows.length - 1, -1);
    else if ((e.key === "Enter" || e.key === " ") && target?.closest(".kc-lint-where")) {
      e.preventDefault();
      const row = this.rows[index]!;
      if (row.kind === "finding") this.actions.open(row.finding);
      return;
    }
    if (next === null) return;
    e.preventDefault();
    this.scrollToRow(next);
    this.focusRow(next);
  }

  private findingFrom(i: number, step: 1 | -1): number | null {
    for (let k = i; k >= 0 && k < this.rows.length; k += step) if (this.rows[k]!.kind === "finding") return k;
    return null;
  }

  private scrollToRow(i: number): void {
    const top = this.offsets[i]!;
    const height = this.el.clientHeight || FALLBACK_VIEWPORT_PX;
    if (top < this.el.scrollTop) this.el.scrollTop = top;
    else if (top + FINDING_ROW_PX > this.el.scrollTop + height) this.el.scrollTop = top + FINDING_ROW_PX - height;
  }

  private focusRow(i: number): void {
    this.setActive(this.rows[i]!.key);
    if (!this.drawn.has(this.rows[i]!.key)) this.renderWindow();
    const link = this.drawn.get(this.rows[i]!.key)?.querySelector<HTMLElement>(".kc-lint-where");
    link?.focus();
  }

  private setActive(key: string): void {
    const old = this.activeKey;
    this.activeKey = key;
    for (const k of [old, key]) {
      const i = k === null ? undefined : this.byKey.get(k);
      const el = k === null ? undefined : this.drawn.get(k);
      if (i !== undefined && el) this.place(el, this.rows[i]!, i);
    }
  }

  private rowKeyOf(target: EventTarget | null): string | null {
    const row = target instanceof HTMLElement ? target.closest<HTMLElement>(".kc-lint-row") : null;
    return row?.dataset.key ?? null;
  }

  private findingOf(target: HTMLElement | null): LintFinding | null {
    const key = this.rowKeyOf(target);
    const i = key === null ? undefined : this.byKey.get(key);
    const row = i === undefined ? undefined : this.rows[i];
    return row?.kind === "finding" ? row.finding : null;
  }

  /** The first row whose bottom is below `y` (binary search over the row offsets). */
  private rowAt(y: number): number {
    let lo = 0;
    let hi = this.rows.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.offsets[mid + 1]! <= y) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

function buildRows(check: LintCheck, findings: LintFinding[]): Row[] {
  const rows: Row[] = [{ kind: "group", key: `group\u0000${check.id}`, check, count: findings.length }];
  const seen = new Map<string, number>();
  for (const f of findings) {
    let key = keyOf(f);
    // Two findings alike in every shown detail (the same relation listed twice) still need their own rows.
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    if (n > 0) key += `\u0000${n}`;
    rows.push({ kind: "finding", key, finding: f, position: 0 });
  }
  return rows;
}

function groupTitle(row: { check: LintCheck; count: number }): string {
  return `${row.check.id} (${row.count})`;
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
