import type { Loc } from "./note-types";

/** Maps offsets in a text to 0-based line/column locations by binary search over line starts. */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(text: string) {
    for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) this.starts.push(i + 1);
  }

  /** Number of lines in the text. */
  get lineCount(): number {
    return this.starts.length;
  }

  /** Offset where a line starts. */
  lineStart(line: number): number {
    return this.starts[Math.max(0, Math.min(line, this.starts.length - 1))] ?? 0;
  }

  /** The location of an offset. */
  locate(offset: number): Loc {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.starts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, col: offset - (this.starts[lo] ?? 0), offset };
  }
}
