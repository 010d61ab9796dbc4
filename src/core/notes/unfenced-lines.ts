/** A fence marker at the start of a trimmed line, inside any quote markers. */
const FENCE = /^(?:>\s*)*(`{3,}|~{3,})/;

/**
 * The trimmed lines of a note's body that lie outside fenced code, for readers that look for prose (a stand-in TLDR,
 * a drafted header). A fence's opening line gives `null`, a paragraph break; the fenced lines and the closing fence
 * give nothing. A fence closes on a marker of its own character at least as long as the one that opened it.
 *
 * An array, not a generator (a header run reads every note's body three times): lines are cut at each "\n" in turn, and
 * only a line that starts with a backtick, a tilde or a quote marker is tested for a fence.
 */
export function unfencedLines(body: string): (string | null)[] {
  const out: (string | null)[] = [];
  // The open fence's character and length (0: none).
  let fenceChar = 0;
  let fenceLength = 0;
  // Cut at "\n" alone: a "\r" before it is white space the trim takes off.
  for (let start = 0; start <= body.length;) {
    let end = body.indexOf("\n", start);
    if (end === -1) end = body.length;
    const t = body.slice(start, end).trim();
    start = end + 1;
    const c = t.charCodeAt(0);
    const marker = c === 96 || c === 126 || c === 62 ? (FENCE.exec(t)?.[1] ?? null) : null;
    if (fenceLength > 0) {
      if (marker !== null && marker.charCodeAt(0) === fenceChar && marker.length >= fenceLength) fenceLength = 0;
      continue;
    }
    if (marker !== null) {
      fenceChar = marker.charCodeAt(0);
      fenceLength = marker.length;
      out.push(null);
      continue;
    }
    out.push(t);
  }
  return out;
}
