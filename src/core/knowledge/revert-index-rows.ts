import { rowArticle } from "./index-file";

/** The raw table row of each article in an index.md (the first, when a row is repeated). */
function rowLines(lines: string[]): Map<string, string> {
  const rows = new Map<string, string>();
  for (const line of lines) {
    const article = rowArticle(line);
    if (article !== null && !rows.has(article)) rows.set(article, line);
  }
  return rows;
}

/**
 * Takes one write's index.md rows back out of a file the person edited since: every row the write added, changed or
 * removed must still read exactly as the write left it; those rows get their earlier text back (an added row goes),
 * and every other line stays as the person has it. Null when that cannot be done exactly (the write also changed
 * text outside the rows, or the person changed one of its rows): then the file is left alone.
 * `before` null: the write created the file (its table header stays, only its rows go).
 */
export function revertIndexRows(before: string | null, after: string, current: string): string | null {
  const split = (t: string): string[] => (t === "" ? [] : t.split(/\r?\n/));
  const beforeLines = split(before ?? "");
  const afterLines = split(after);
  const outside = (lines: string[]): string => lines.filter((l) => rowArticle(l) === null).join("\n");
  if (before !== null && outside(beforeLines) !== outside(afterLines)) return null;
  const was = rowLines(beforeLines);
  const now = rowLines(afterLines);
  const changed = [...new Set([...was.keys(), ...now.keys()])].filter((a) => was.get(a) !== now.get(a));
  const lines = split(current);
  const have = rowLines(lines);
  if (changed.some((a) => have.get(a) !== now.get(a))) return null;
  const revert = new Map(changed.map((a) => [a, was.get(a)]));
  const out: string[] = [];
  let lastRow = -1;
  for (const line of lines) {
    const article = rowArticle(line);
    if (article !== null && revert.has(article)) {
      const back = revert.get(article);
      revert.delete(article);
      if (back === undefined) continue;
      out.push(back);
    } else out.push(line);
    if (article !== null) lastRow = out.length - 1;
  }
  // Rows the write removed come back after the table's last row.
  const removed = [...revert.values()].filter((l): l is string => l !== undefined);
  if (removed.length > 0) {
    if (lastRow < 0) return null;
    out.splice(lastRow + 1, 0, ...removed);
  }
  return out.join(current.includes("\r\n") ? "\r\n" : "\n");
}
