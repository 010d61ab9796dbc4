import type { FrontmatterBlock } from "./frontmatter";
import { readWikilink } from "./inline-syntax";
import { parseWikilinkInner } from "./link-text";
import type { NoteLink } from "./note-types";
import { ownString } from "../util/own-string";

/** Links found in frontmatter, and the line of each top-level property. */
export interface FrontmatterFacts {
  links: NoteLink[];
  propertyLines: Record<string, number>;
}

const KEY = /^([^\s#:\-"'][^:]*?|"[^"]*"|'[^']*'):(?=\s|$)/;

/**
 * Walks the frontmatter lines once: records where each top-level property starts, and finds `[[...]]` written in
 * string values (list items and nested values too), each tagged with its top-level property. A `[[x]]` that YAML
 * does not read as part of a string (an unquoted `up: [[x]]` is a nested list; a `# comment`) is not a link.
 */
export function findFrontmatterFacts(text: string, block: FrontmatterBlock, data: Record<string, unknown>): FrontmatterFacts {
  const links: NoteLink[] = [];
  const propertyLines: Record<string, number> = {};
  const yamlEnd = block.yamlStart + block.yamlText.length;
  let property: string | undefined;
  let line = block.yamlStartLine;
  // The next `[[` at or after the current line, found once: searching from every line's start would scan to the
  // end of a long frontmatter without links for each line (quadratic).
  let next = text.indexOf("[[", block.yamlStart);
  // The wikilinks inside each property's strings, collected once per property (checking every link against the
  // whole value made a long list of links quadratic).
  const inStrings = new Map<string, Set<string>>();
  for (let pos = block.yamlStart; pos < yamlEnd; line++) {
    const eol = text.indexOf("\n", pos);
    const end = eol === -1 || eol > yamlEnd ? yamlEnd : eol;
    const c = text.charCodeAt(pos);
    if (c !== 32 && c !== 9 && c !== 45 && c !== 35 && c !== 13 && pos < end) {
      const key = KEY.exec(text.slice(pos, end));
      if (key) {
        property = unquote(key[1]!);
        if (!(property in propertyLines)) propertyLines[property] = line;
      }
    }
    if (next !== -1 && next < pos) next = text.indexOf("[[", pos);
    for (let j = next; j !== -1 && j < end; j = next = text.indexOf("[[", j + 2)) {
      const close = readWikilink(text, j, end);
      if (close === -1 || property === undefined) continue;
      const original = text.slice(j, close);
      let known = inStrings.get(property);
      if (!known) inStrings.set(property, (known = wikilinksInStrings(data[property])));
      if (!known.has(original)) continue;
      const parts = parseWikilinkInner(original.slice(2, -2));
      const link: NoteLink = {
        kind: "frontmatter",
        path: ownString(parts.path),
        subpath: ownString(parts.subpath),
        original: ownString(original),
        start: { line, col: j - pos, offset: j },
        end: { line, col: close - pos, offset: close },
        property,
      };
      if (parts.display !== undefined) link.display = ownString(parts.display);
      links.push(link);
      j = close - 2;
    }
    pos = end + 1;
  }
  return { links, propertyLines };
}

function unquote(key: string): string {
  const c = key.charCodeAt(0);
  return (c === 34 || c === 39) && key.length >= 2 ? key.slice(1, -1) : key.trim();
}

/**
 * Every `[[inner]]` that occurs in some string inside a YAML value (at any depth). A wikilink's inner text holds no
 * bracket, so a link occurs in a string exactly when reading a wikilink at one of the string's `[[` finds it.
 */
function wikilinksInStrings(value: unknown, out = new Set<string>()): Set<string> {
  if (typeof value === "string") {
    for (let j = value.indexOf("[["); j !== -1; j = value.indexOf("[[", j + 1)) {
      const close = readWikilink(value, j, value.length);
      if (close !== -1) out.add(value.slice(j, close));
    }
  } else if (Array.isArray(value)) for (const v of value) wikilinksInStrings(v, out);
  else if (value !== null && typeof value === "object") for (const v of Object.values(value)) wikilinksInStrings(v, out);
  return out;
}
