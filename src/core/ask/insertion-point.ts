import { findFrontmatter } from "../notes/frontmatter";

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
  const fm = findFrontmatter(doc);
  // The closing fence's line: the body starts on the line after it.
  const close = fm ? fm.bodyStartLine - 1 : -1;
  if (fm && cursor.line <= close) {
    if (close + 1 < lines.length) return { at: { line: close + 1, ch: 0 }, prefix: "\n" };
    return { at: { line: close, ch: (lines[close] ?? "").length }, prefix: "\n\n" };
  }
  const line = Math.min(Math.max(0, cursor.line), lines.length - 1);
  const ch = Math.min(Math.max(0, cursor.ch), (lines[line] ?? "").length);
  return { at: { line, ch }, prefix: ch > 0 ? "\n\n" : "" };
}
