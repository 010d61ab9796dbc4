/**
 * A copy of `s` that holds its own characters. V8 keeps a substring of 13 or more characters as a view into the text
 * it was cut from, so one link or heading kept from a note keeps the note's whole text alive: lint's parse results
 * held every note of a vault that way, ~5 MB the collector copied through a run. The copy costs s's length + 1.
 */
export function ownString(s: string): string {
  return s.length < 13 ? s : (" " + s).slice(1);
}
