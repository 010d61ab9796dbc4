import type { LintCheck } from "../core/lint/lint-check";
import type { LintFinding } from "../core/lint/lint-types";

/**
 * Heights in px of a check's title row (name and description), of a finding row (a path on up to two lines and the
 * message), and what a line of related places adds to the rows of a check that has them; styles.css uses the same.
 */
export const GROUP_ROW_PX = 56;
export const FINDING_ROW_PX = 60;
export const RELATED_LINE_PX = 22;

/** One check's findings; a group whose findings are the same objects as before is kept, with its row keys. */
export interface Group {
  check: LintCheck;
  findings: readonly LintFinding[];
  /** Row keys, computed when a row is first drawn. */
  keys: string[];
  /** Index of its title row and of its first finding among all findings. */
  firstRow: number;
  firstFinding: number;
  /** Top of its title row in px. */
  top: number;
  /** Height of each of its finding rows: taller when a finding has related places. */
  rowPx: number;
  /** Finding rows shown: 0 while collapsed. */
  shown: number;
}

/** A row: a group's title (k = -1) or its k-th finding. */
export interface Row {
  group: Group;
  k: number;
}

/**
 * Places the groups one under the other (a title row, then the findings of an open group), writing each one's first
 * row, first finding, top and rows shown; returns the rows, the findings and the height in px of the whole list.
 */
export function placeGroups(groups: readonly Group[], collapsed: ReadonlySet<string>): { rows: number; findings: number; height: number } {
  let rows = 0;
  let findings = 0;
  let height = 0;
  for (const g of groups) {
    g.firstRow = rows;
    g.firstFinding = findings;
    g.top = height;
    g.shown = collapsed.has(g.check.id) ? 0 : g.findings.length;
    rows += 1 + g.shown;
    findings += g.findings.length;
    height += GROUP_ROW_PX + g.shown * g.rowPx;
  }
  return { rows, findings, height };
}

/** The last group whose `key` is at most `value` (groups are in order of both their first row and their top). */
function lastGroupFrom(groups: readonly Group[], key: "firstRow" | "top", value: number): Group {
  let lo = 0;
  let hi = groups.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (groups[mid]![key] <= value) lo = mid;
    else hi = mid - 1;
  }
  return groups[lo]!;
}

/** The row at an index: its group (at most one per check) and its place in it. */
export function rowOf(groups: readonly Group[], i: number): Row {
  const group = lastGroupFrom(groups, "firstRow", i);
  return { group, k: i - group.firstRow - 1 };
}

/** Top of a row in px. */
export function rowTop(groups: readonly Group[], i: number): number {
  const { group, k } = rowOf(groups, i);
  return k < 0 ? group.top : group.top + GROUP_ROW_PX + k * group.rowPx;
}

/** Height of a row in px. */
export function rowHeight(groups: readonly Group[], i: number): number {
  const { group, k } = rowOf(groups, i);
  return k < 0 ? GROUP_ROW_PX : group.rowPx;
}

/** The row at a height in px (the last row when below the end). */
export function rowAtHeight(groups: readonly Group[], y: number): number {
  if (groups.length === 0) return 0;
  const g = lastGroupFrom(groups, "top", y);
  if (y < g.top + GROUP_ROW_PX) return g.firstRow;
  return g.firstRow + 1 + Math.min(g.shown - 1, Math.floor((y - g.top - GROUP_ROW_PX) / g.rowPx));
}
