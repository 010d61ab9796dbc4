import type { ParsedNote } from "../notes/note-types";

/** Heading text compared loosely, as Obsidian does: case, markdown punctuation and spacing are ignored. */
export function normalizeHeading(text: string): string {
  return text
    .toLowerCase()
    .replace(/[#^|[\]*_`~=:.,;!?'"()\\/<>{}+]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * True when a subpath exists in a note: `#Heading`, chained `#A#B` (B must follow A), or `#^block`
 * (also written `##^block`). Empty subpaths always exist.
 */
export function checkSubpath(note: ParsedNote, subpath: string): boolean {
  const parts = subpath
    .split("#")
    .map((p) => p.trim())
    .filter((p) => p !== "");
  if (parts.length === 0) return true;
  let afterLine = -1;
  for (const part of parts) {
    if (part.startsWith("^")) {
      const id = part.slice(1).toLowerCase();
      if (!note.blockIds.some((b) => b.id.toLowerCase() === id)) return false;
      continue;
    }
    const want = normalizeHeading(part);
    const found = note.headings.find((h) => h.line > afterLine && normalizeHeading(h.text) === want);
    if (!found) return false;
    afterLine = found.line;
  }
  return true;
}
