/**
 * Blanks out every part of a note where `[[...]]` is not a link: the frontmatter (read separately), fenced code
 * (also inside `>` quotes, callouts and indented list items), inline code, `%%...%%` and `<!-- -->` comments.
 * The result has the same length and line breaks, so offsets found in it are offsets in the original text.
 */
export function maskNonLinks(text: string, bodyStart: number): string {
  const ranges: [number, number][] = [];
  const fences = findFences(text, bodyStart);
  let f = 0;
  let i = bodyStart;
  const n = text.length;
  while (i < n) {
    const fence = fences[f];
    if (fence && i >= fence[0]) {
      ranges.push(fence);
      i = Math.max(i, fence[1]);
      f++;
      continue;
    }
    const limit = fence ? fence[0] : n;
    const next = nextSpecial(text, i, limit);
    if (next === -1) {
      i = limit;
      continue;
    }
    const c = text.charCodeAt(next);
    let end = -1;
    if (c === 96 /* ` */) {
      let run = 1;
      while (text.charCodeAt(next + run) === 96) run++;
      end = closeBackticks(text, next + run, run, limit);
      if (end === -1) {
        i = next + run;
        continue;
      }
    } else if (c === 37 /* % */) {
      const close = text.indexOf("%%", next + 2);
      end = close === -1 ? n : close + 2;
    } else {
      const close = text.indexOf("-->", next + 4);
      end = close === -1 ? n : close + 3;
    }
    ranges.push([next, end]);
    i = end;
    while (fences[f] && fences[f]![1] <= i) f++;
  }
  const body = blank(text, ranges, bodyStart);
  // The frontmatter becomes spaces ending in the line break before the body: offsets stay, `^` still matches there.
  return bodyStart > 0 ? " ".repeat(bodyStart - 1) + (text[bodyStart - 1] === "\n" ? "\n" : " ") + body : body;
}

function nextSpecial(text: string, from: number, limit: number): number {
  for (let j = from; j < limit; j++) {
    const c = text.charCodeAt(j);
    if (c === 96) return j;
    if (c === 37 && text.charCodeAt(j + 1) === 37) return j;
    if (c === 60 && text.startsWith("<!--", j)) return j;
  }
  return -1;
}

function closeBackticks(text: string, from: number, run: number, limit: number): number {
  let j = from;
  while (j < limit) {
    const k = text.indexOf("`", j);
    if (k === -1 || k >= limit) return -1;
    const para = text.slice(j, k);
    if (/\n[ \t>]*\r?\n/.test(para)) return -1;
    let len = 1;
    while (text.charCodeAt(k + len) === 96) len++;
    if (len === run) return k + len;
    j = k + len;
  }
  return -1;
}

const FENCE_OPEN = /^((?:[ \t]*>)*)[ \t]*(`{3,}|~{3,})(.*)$/;

/** Ranges [start, end) of fenced code blocks, fence lines included; an unclosed fence runs to the end. */
function findFences(text: string, from: number): [number, number][] {
  const out: [number, number][] = [];
  let open: { start: number; ch: string; len: number } | null = null;
  let pos = from;
  while (pos < text.length) {
    const eol = text.indexOf("\n", pos);
    const end = eol === -1 ? text.length : eol + 1;
    const line = text.slice(pos, eol === -1 ? text.length : eol).replace(/\r$/, "");
    const m = FENCE_OPEN.exec(line);
    if (open) {
      if (m && m[2]![0] === open.ch && m[2]!.length >= open.len && m[3]!.trim() === "") {
        out.push([open.start, end]);
        open = null;
      }
    } else if (m && !(m[2]![0] === "`" && m[3]!.includes("`"))) {
      open = { start: pos, ch: m[2]![0]!, len: m[2]!.length };
    }
    pos = end;
  }
  if (open) out.push([open.start, text.length]);
  return out;
}

/** The text from `from` on, with the ranges blanked (line breaks kept). */
function blank(text: string, ranges: [number, number][], from: number): string {
  if (ranges.length === 0) return text.slice(from);
  ranges.sort((a, b) => a[0] - b[0]);
  const parts: string[] = [];
  let last = from;
  for (const [s, e] of ranges) {
    if (e <= last) continue;
    const start = Math.max(s, last);
    parts.push(text.slice(last, start), text.slice(start, e).replace(/[^\r\n]+/g, spaces));
    last = e;
  }
  parts.push(text.slice(last));
  return parts.join("");
}

function spaces(run: string): string {
  return " ".repeat(run.length);
}
