/** A place in a note's text, as an editor counts it: 0-based line and character. */
export interface TextPlace {
  line: number;
  ch: number;
}

/**
 * Where an answer goes into a note and what to put before it: at the cursor, on a line of its own, but never inside
 * the frontmatter (an answer there would break the note's properties): then just after its closing line.
 */
export function insertionPoint(doc: string, cursor: TextPlace): { at: TextPlace; prefix: string } {
  const lines = doc.split("\n");
  const bare = (i: number): string => (lines[i] ?? "").replace(/^\uFEFF/, "").replace(/\r$/, "").trimEnd();
  if (bare(0) === "---") {
    let close = -1;
    for (let i = 1; i < lines.length; i++) {
      if (bare(i) === "---" || bare(i) === "...") {
        close = i;
        break;
      }
    }
    // An unclosed frontmatter runs to the end of the note: the answer goes after all of it.
    const end = close === -1 ? lines.length - 1 : close;
    if (cursor.line <= end) {
      if (end + 1 < lines.length) return { at: { line: end + 1, ch: 0 }, prefix: "\n" };
      return { at: { line: end, ch: (lines[end] ?? "").length }, prefix: "\n\n" };
    }
  }
  const line = Math.min(Math.max(0, cursor.line), lines.length - 1);
  const ch = Math.min(Math.max(0, cursor.ch), (lines[line] ?? "").length);
  return { at: { line, ch }, prefix: ch > 0 ? "\n\n" : "" };
}
