/**
 * Text from a transcript or a model made inert in a note: read as plain words in Obsidian, never as markup. Backslash
 * escapes stop HTML (`<img src=…>` loading a remote image), wikilinks and embeds, markdown links, tags, inline code
 * and math; a `%%` is split so it can neither open a comment that hides the rest of the note nor forge a capture
 * marker. Newlines are folded by the caller (one item is one line), so nothing can start a heading, fence or quote.
 */
export function inertText(text: string): string {
  return breakComments(text.replace(/[\\<[\]`#$]/g, (c) => `\\${c}`));
}

/**
 * A path or command as an inline code span that cannot be closed early: fenced by one more backtick than the
 * longest run inside it. Markup is already inert in a code span; only `%%` (a comment or a forged marker, which
 * Obsidian and our marker reader see even there) is split.
 */
export function inertCode(text: string): string {
  const safe = breakComments(text);
  const longest = Math.max(0, ...[...safe.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(longest + 1);
  return longest === 0 ? `${fence}${safe}${fence}` : `${fence} ${safe} ${fence}`;
}

/** Every `%%` becomes `%\%`, so no two percent signs stand together. */
function breakComments(text: string): string {
  return text.replace(/%(?=%)/g, "%\\");
}
