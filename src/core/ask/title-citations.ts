const FENCE = /^(\s*)(```|~~~)/;
const BARE_LINK = /(!?)\[\[([^\]|#^\n]+)((?:[#^][^\]|\n]*)?)\]\]/g;

/**
 * An answer's markdown with each bare citation `[[knowledge/concepts/retry-with-backoff]]` given the note's title as
 * its text (`[[knowledge/concepts/retry-with-backoff|Retry with backoff]]`): the link still goes to the path, the reader
 * sees the title. Links that already have text, embeds, and anything inside code (fenced or inline) are left alone;
 * a path whose title is the path itself stays bare.
 */
export function titleCitations(markdown: string, titleOf: (path: string) => string): string {
  let fenced: string | null = null;
  return markdown
    .split("\n")
    .map((line) => {
      const fence = FENCE.exec(line);
      if (fence) {
        if (fenced === null) fenced = fence[2]!;
        else if (fence[2] === fenced) fenced = null;
        return line;
      }
      if (fenced !== null) return line;
      // Inline code spans are kept as they are: split on them and rewrite only the text between.
      return line
        .split(/(`[^`]*`)/)
        .map((part) =>
          part.startsWith("`")
            ? part
            : part.replace(BARE_LINK, (whole, bang: string, path: string, sub: string) => {
                if (bang) return whole;
                const title = titleOf(path.trim())
                  .replace(/[\]|[]/g, " ")
                  .replace(/\s+/g, " ")
                  .trim();
                return title === "" || title === path.trim() ? whole : `[[${path}${sub}|${title}]]`;
              }),
        )
        .join("");
    })
    .join("\n");
}
