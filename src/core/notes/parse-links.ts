import type { LineIndex } from "./line-index";
import type { LinkKind, NoteLink } from "./note-types";

const WIKILINK = /(!?)\[\[([^[\]\n]+?)\]\]/g;
const MD_LINK = /(!?)\[((?:[^[\]\n]|\[[^[\]\n]*\])*)\]\(\s*(<[^<>\n]*>|(?:[^()\s]|\([^()\s]*\))+)(?:\s+(?:"[^"\n]*"|'[^'\n]*'|\([^()\n]*\)))?\s*\)/g;
const URL_SCHEME = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** Splits `path#sub#sub` into the link path and its subpath (with the leading `#`). */
export function splitSubpath(target: string): { path: string; subpath: string } {
  const hash = target.indexOf("#");
  if (hash === -1) return { path: target.trim(), subpath: "" };
  return { path: target.slice(0, hash).trim(), subpath: target.slice(hash).trim() };
}

/** Parses the inside of `[[...]]`: target, subpath and display text (an escaped `\|` in tables separates too). */
export function parseWikilinkInner(inner: string): { path: string; subpath: string; display?: string } {
  let bar = -1;
  for (let i = 0; i < inner.length; i++) {
    if (inner.charCodeAt(i) === 124 /* | */) {
      bar = i;
      break;
    }
  }
  let target = bar === -1 ? inner : inner.slice(0, bar);
  if (bar > 0 && target.endsWith("\\")) target = target.slice(0, -1);
  const display = bar === -1 ? undefined : inner.slice(bar + 1);
  return { ...splitSubpath(target), ...(display !== undefined ? { display } : {}) };
}

/** Finds wikilinks, embeds and local markdown links in a masked body. */
export function findBodyLinks(masked: string, original: string, lines: LineIndex): NoteLink[] {
  const out: NoteLink[] = [];
  for (const m of masked.matchAll(WIKILINK)) {
    const start = m.index;
    const end = start + m[0].length;
    const parts = parseWikilinkInner(m[2]!);
    out.push(link(m[1] ? "embed" : "wikilink", parts, original.slice(start, end), start, end, lines));
  }
  if (masked.includes("](")) {
    for (const m of masked.matchAll(MD_LINK)) {
      let raw = m[3]!;
      if (raw.startsWith("<")) raw = raw.slice(1, -1);
      if (raw === "" || URL_SCHEME.test(raw)) continue;
      let decoded = raw;
      try {
        decoded = decodeURIComponent(raw);
      } catch {
        decoded = raw;
      }
      const start = m.index;
      const end = start + m[0].length;
      const parts = { ...splitSubpath(decoded), display: m[2]! };
      out.push(link(m[1] ? "markdown-embed" : "markdown", parts, original.slice(start, end), start, end, lines));
    }
    out.sort((a, b) => a.start.offset - b.start.offset);
  }
  return out;
}

/** Finds `[[...]]` links in frontmatter lines, each with the top-level property it belongs to. */
export function findFrontmatterLinks(original: string, yamlStart: number, yamlEnd: number, lines: LineIndex): NoteLink[] {
  const out: NoteLink[] = [];
  let pos = yamlStart;
  let property: string | undefined;
  while (pos < yamlEnd) {
    const eol = original.indexOf("\n", pos);
    const end = eol === -1 || eol > yamlEnd ? yamlEnd : eol;
    const line = original.slice(pos, end);
    const key = /^([^\s#:-][^:]*?|"[^"]*"|'[^']*'):(?:\s|$)/.exec(line);
    if (key) property = key[1]!.replace(/^["']|["']$/g, "").trim();
    if (line.includes("[[") && !/^\s*#/.test(line)) {
      for (const m of line.matchAll(WIKILINK)) {
        if (m[1]) continue;
        const start = pos + m.index;
        const parts = parseWikilinkInner(m[2]!);
        out.push({ ...link("frontmatter", parts, m[0], start, start + m[0].length, lines), ...(property ? { property } : {}) });
      }
    }
    pos = end + 1;
  }
  return out;
}

function link(
  kind: LinkKind,
  parts: { path: string; subpath: string; display?: string },
  original: string,
  start: number,
  end: number,
  lines: LineIndex,
): NoteLink {
  const l: NoteLink = { kind, path: parts.path, subpath: parts.subpath, original, start: lines.locate(start), end: lines.locate(end) };
  if (parts.display !== undefined) l.display = parts.display;
  return l;
}
