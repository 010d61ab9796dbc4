/**
 * True when a path ends in ".md" in any letter case (".MD" too), as Obsidian takes notes: the same answer as
 * `path.toLowerCase().endsWith(".md")` without a lowercase copy of the path (no other character lowercases to "m" or
 * "d"). Asked of every path of a vault, several times, by the commands that walk one.
 */
export function isMarkdownPath(path: string): boolean {
  const n = path.length;
  return n >= 3 && path.charCodeAt(n - 3) === 46 && (path.charCodeAt(n - 2) | 0x20) === 109 && (path.charCodeAt(n - 1) | 0x20) === 100;
}
