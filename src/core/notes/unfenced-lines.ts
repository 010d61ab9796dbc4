/**
 * The trimmed lines of a note's body that lie outside fenced code, for readers that look for prose (a stand-in TLDR,
 * a drafted header). A fence's opening line yields `null`, a paragraph break; the fenced lines and the closing fence
 * yield nothing. A fence closes on a marker of its own character at least as long as the one that opened it.
 */
export function* unfencedLines(body: string): Generator<string | null> {
  let fence: string | null = null;
  // Split at "\n" alone: a "\r" before it is white space the trim takes off.
  for (const line of body.split("\n")) {
    const t = line.trim();
    const marker = /^(?:>\s*)*(`{3,}|~{3,})/.exec(t)?.[1] ?? null;
    if (fence !== null) {
      if (marker !== null && marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      continue;
    }
    if (marker !== null) {
      fence = marker;
      yield null;
      continue;
    }
    yield t;
  }
}
