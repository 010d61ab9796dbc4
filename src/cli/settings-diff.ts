import { diffLines } from "../core/compile/format-compile";

/** Lines compared by the line diff at most (its table grows with both sides' product); a larger middle is shown whole. */
const MAX_TABLE = 250_000;

/**
 * The line diff of a settings file's old and new text, with two lines of context, in time linear in the file: the
 * lines both share at the start and at the end are set aside first (an edit of a settings file touches a few lines
 * of a file that may hold megabytes), and only the middle goes through the line diff.
 */
export function diffSettingsText(before: string, after: string): string[] {
  const a = before.split("\n");
  const b = after.split("\n");
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  if (head === a.length && head === b.length) return [];
  const from = Math.max(0, head - 2);
  const aMid = a.slice(from, a.length - Math.max(0, tail - 2));
  const bMid = b.slice(from, b.length - Math.max(0, tail - 2));
  const lines =
    (aMid.length - 4) * (bMid.length - 4) <= MAX_TABLE
      ? diffLines(aMid.join("\n"), bMid.join("\n"))
      : [
          ...a.slice(from, head).map((l) => `  ${l}`),
          ...a.slice(head, a.length - tail).map((l) => `- ${l}`),
          ...b.slice(head, b.length - tail).map((l) => `+ ${l}`),
          ...a.slice(a.length - tail, a.length - tail + 2).map((l) => `  ${l}`),
        ];
  return [...(from > 0 ? ["…"] : []), ...lines, ...(tail > 2 ? ["…"] : [])];
}
