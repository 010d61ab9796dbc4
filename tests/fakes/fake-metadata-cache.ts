// What Obsidian's metadata cache would hold for a note, computed with the core's parser and resolver: the
// CachedMetadata shape the plugin reads (links, embeds, headings, blocks, frontmatter and its links) and each note's
// resolvedLinks / unresolvedLinks. Shared by plugin specs and the plugin start-up benchmark.
import { parseNote } from "../../src/core/notes/parse-note";
import type { Loc } from "../../src/core/notes/note-types";
import type { LinkResolver } from "../../src/core/links/link-resolver";

/** CachedMetadata for a note's text, plus the link paths it contains (for resolvedLinks). */
export function cachedMetadata(text: string) {
  const p = parseNote(text);
  const pos = (l: Loc) => ({ line: l.line, col: l.col, offset: l.offset });
  const links: unknown[] = [];
  const embeds: unknown[] = [];
  const frontmatterLinks: unknown[] = [];
  const perKey = new Map<string, number>();
  for (const l of p.links) {
    const link = l.path + l.subpath;
    if (l.kind === "frontmatter") {
      const key = l.property ?? "";
      const i = perKey.get(key) ?? 0;
      perKey.set(key, i + 1);
      frontmatterLinks.push({ key: `${key}.${i}`, link, original: l.original, displayText: l.display ?? link });
      continue;
    }
    const entry = { link, original: l.original, displayText: l.display ?? link, position: { start: pos(l.start), end: pos(l.end) } };
    (l.kind === "embed" || l.kind === "markdown-embed" ? embeds : links).push(entry);
  }
  const at = (line: number) => ({ start: { line, col: 0, offset: 0 }, end: { line, col: 0, offset: 0 } });
  return {
    links,
    embeds,
    frontmatterLinks,
    headings: p.headings.map((h) => ({ heading: h.text, level: h.level, position: at(h.line) })),
    blocks: Object.fromEntries(p.blockIds.map((b) => [b.id, { id: b.id, position: at(b.line) }])),
    frontmatter: p.frontmatter ?? undefined,
    frontmatterPosition:
      p.bodyStartLine > 0 ? { start: { line: 0, col: 0, offset: 0 }, end: { line: p.bodyStartLine - 1, col: 3, offset: p.bodyStartOffset - 1 } } : undefined,
    linkpaths: p.links.map((l) => l.path),
  };
}

/** One note's resolvedLinks and unresolvedLinks entries, as Obsidian counts them. */
export function resolvedLinksOf(path: string, linkpaths: readonly string[], resolver: LinkResolver) {
  const resolved: Record<string, number> = {};
  const unresolved: Record<string, number> = {};
  for (const linkpath of linkpaths) {
    if (linkpath === "") continue;
    const target = resolver.resolve(linkpath, path);
    if (target === null) unresolved[linkpath] = (unresolved[linkpath] ?? 0) + 1;
    else resolved[target] = (resolved[target] ?? 0) + 1;
  }
  return { resolved, unresolved };
}
