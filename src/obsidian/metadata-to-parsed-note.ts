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
  const steps = metadataToParsedNoteSteps(cache, facts);
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/** Links converted between two yields: an index note linking 10,000 articles was ~10 ms in one task. */
const LINKS_A_STEP = 500;

/**
 * `metadataToParsedNote` as steps the caller yields between, a few hundred links each: the links and embeds (each in
 * document order in the cache) are converted and merged by position a part at a time.
 */
export function* metadataToParsedNoteSteps(cache: CachedMetadata | null, facts: TextFacts): Generator<void, ParsedNote, void> {
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
  const wikilinks = yield* convert(cache?.links ?? [], "wikilink");
  const embeds = yield* convert(cache?.embeds ?? [], "embed");
  yield* mergeByPlace(links, wikilinks, embeds);
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

const byPlace = (a: NoteLink, b: NoteLink): number => a.start.offset - b.start.offset || a.start.line - b.start.line;

function* convert(from: readonly LinkCache[], kind: LinkKind): Generator<void, NoteLink[], void> {
  const out: NoteLink[] = [];
  for (const l of from) {
    out.push(fromCache(l, kind));
    if (out.length % LINKS_A_STEP === 0) yield;
  }
  return out;
}

/**
 * Appends `a` and `b` to `into` in order of place, as a stable sort of the three would (`into`, the frontmatter
 * links, all sit at offset 0 before any body link). Two lists in order are merged in steps; a list out of order (the
 * cache's order is not a documented promise) falls back to sorting.
 */
function* mergeByPlace(into: NoteLink[], a: NoteLink[], b: NoteLink[]): Generator<void, void, void> {
  const ordered = (xs: NoteLink[]) => xs.every((x, i) => i === 0 || byPlace(xs[i - 1]!, x) <= 0);
  if (!ordered(into) || !ordered(a) || !ordered(b)) {
    into.push(...a, ...b);
    into.sort(byPlace);
    return;
  }
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    into.push(j >= b.length || (i < a.length && byPlace(a[i]!, b[j]!) <= 0) ? a[i++]! : b[j++]!);
    if ((i + j) % LINKS_A_STEP === 0) yield;
  }
}
