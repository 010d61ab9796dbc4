import { parseNote } from "../notes/parse-note";

/** One `##` section of an article: its heading text and the exact text under it (heading line excluded). */
export interface ArticleSection {
  heading: string;
  /** Offset of the heading line's first character. */
  start: number;
  /** Offset where the section's content starts (after the heading line and its line break). */
  contentStart: number;
  /** Offset where the next section (or the end of the text) starts. */
  end: number;
  content: string;
}

/**
 * Splits an article body into its level-1/level-2 sections (deeper headings stay inside their section), using the
 * note parser so headings inside code blocks are not taken for sections. Offsets index into `text`.
 */
export function splitSections(text: string): ArticleSection[] {
  const parsed = parseNote(text);
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lineStarts.push(i + 1);
  const heads = parsed.headings.filter((h) => h.level <= 2 && h.line >= parsed.bodyStartLine);
  return heads.map((h, i) => {
    const start = lineStarts[h.line] ?? text.length;
    const contentStart = lineStarts[h.line + 1] ?? text.length;
    const next = heads[i + 1];
    const end = next ? (lineStarts[next.line] ?? text.length) : text.length;
    return { heading: h.text.trim(), start, contentStart, end, content: text.slice(contentStart, end) };
  });
}

/** The section with this heading (case and surrounding spaces ignored), or undefined. */
export function findSection(sections: ArticleSection[], heading: string): ArticleSection | undefined {
  const want = normaliseHeading(heading);
  return sections.find((s) => normaliseHeading(s.heading) === want);
}

/** A heading as compared: lowercase, `#` marks and surrounding space removed, inner spaces collapsed. */
export function normaliseHeading(heading: string): string {
  return heading
    .replace(/^#+\s*/, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}
