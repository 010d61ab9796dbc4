/** A quote as compared: curly quotes made straight, whitespace runs made one space, trimmed. */
export const foldQuote = (s: string): string =>
  s
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, " ")
    .trim();

/** The 0-based line where a quote stands in a text (whitespace and curly quotes folded), or -1 when it is not there. */
export function locateQuote(text: string, quote: string): number {
  const q = foldQuote(quote);
  if (q.length < 8) return -1;
  // The text folded the same way, remembering the line of every folded character.
  let folded = "";
  const lineOf: number[] = [];
  let line = 0;
  let space = false;
  for (const ch of text) {
    if (/\s/.test(ch)) {
      if (ch === "\n") line++;
      space = folded.length > 0;
      continue;
    }
    if (space) {
      folded += " ";
      lineOf.push(line);
      space = false;
    }
    const c = ch === "\u2018" || ch === "\u2019" ? "'" : ch === "\u201c" || ch === "\u201d" ? '"' : ch;
    folded += c;
    for (let i = 0; i < c.length; i++) lineOf.push(line);
  }
  const at = folded.indexOf(q);
  return at < 0 ? -1 : lineOf[at]!;
}
