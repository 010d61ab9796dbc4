import type { CachedMetadata, FrontMatterCache, LinkCache, Pos } from "obsidian";
import type { LinkKind, Loc, NoteLink, ParsedNote } from "../core/notes/note-types";

/** Facts the metadata cache lacks, read from the note's text by the lint service. */
export interface TextFacts {
  wordCount: number;
  propertyLines: Record<string, number>;
  frontmatterError: ParsedNote["frontmatterError"];
}

const loc = (p: Pos["start"]): Loc => ({ line: p.line, col: p.col, offset: p.offset });

function split(link: string): { path: string; subpath: string } {
  const i = link.indexOf("#");
  return i === -1 ? { path: link, subpath: "" } : { path: link.slice(0, i), subpath: link.slice(i) };
}

function fromCache(l: LinkCache, kind: LinkKind): NoteLink {
  const markdown = l.original.startsWith("[") && !l.original.startsWith("[[");
  const embedMarkdown = l.original.startsWith("![") && !l.original.startsWith("![[");
  const k: LinkKind = kind === "embed" ? (embedMarkdown ? "markdown-embed" : "embed") : markdown ? "markdown" : "wikilink";
  const out: NoteLink = { kind: k, ...split(l.link), original: l.original, start: loc(l.position.start), end: loc(l.position.end) };
  if (l.displayText !== undefined && l.displayText !== l.link) out.display = l.displayText;
  return out;
}

/** Converts Obsidian's CachedMetadata (plus facts read from the text) into the core's ParsedNote. */
export function metadataToParsedNote(cache: CachedMetadata | null, facts: TextFacts): ParsedNote {
  const fm: FrontMatterCache | undefined = cache?.frontmatter;
  let frontmatter: Record<string, unknown> | null = null;
  if (fm) {
    const { position: _position, ...rest } = fm as FrontMatterCache & { position?: unknown };
    frontmatter = rest;
  }
  const fmEnd = cache?.frontmatterPosition?.end;
  const links: NoteLink[] = [];
  for (const l of cache?.frontmatterLinks ?? []) {
    const at = facts.propertyLines[l.key.split(".")[0] ?? l.key] ?? 0;
    const p: Loc = { line: at, col: 0, offset: 0 };
    links.push({ kind: "frontmatter", ...split(l.link), original: l.original, start: p, end: p, property: l.key.split(".")[0] ?? l.key });
  }
  for (const l of cache?.links ?? []) links.push(fromCache(l, "wikilink"));
  for (const l of cache?.embeds ?? []) links.push(fromCache(l, "embed"));
  links.sort((a, b) => a.start.offset - b.start.offset || a.start.line - b.start.line);
  return {
    frontmatter,
    frontmatterError: facts.frontmatterError,
    bodyStartLine: fmEnd ? fmEnd.line + 1 : 0,
    bodyStartOffset: fmEnd ? fmEnd.offset + 1 : 0,
    headings: (cache?.headings ?? []).map((h) => ({ text: h.heading, level: h.level, line: h.position.start.line })),
    blockIds: Object.values(cache?.blocks ?? {}).map((b) => ({ id: b.id, line: b.position.start.line })),
    links,
    wordCount: facts.wordCount,
    propertyLines: facts.propertyLines,
  };
}
