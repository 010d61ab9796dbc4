/**
 * A segment that reads as a word: lower case (`enrichment`), capitalised (`Definitions`), camel case of a few words
 * (`GeoParquet`, `OpenStreetMap`), a short acronym alone or before a word (`OGC`, `PMTiles`, `DuckDB`), a plain
 * number (`04`, `2024`), or a lower-case name with a number (`d3`, `win32`, `base64`, `i18n`). Random text almost
 * never has this shape: its case flips every character or two (`wJalrXUtnFEMI`) and its digits sit between letters
 * (`K7MDENG`).
 */
const WORD =
  /^(?:\d{1,20}|[a-z0-9]{1,10}|(?:[A-Z]{1,6}|[A-Z]?[a-z]{1,24})\d{1,20}|\d{1,4}[A-Za-z]{1,3}|\d{0,4}[A-Z][a-z]{1,24}|(?:[A-Z]{1,6}(?![a-z])|[A-Z]{0,6}[a-z]{2,24}){1,5})$/;

/** Separators of a path or slug inside a token run: `/`, `-`, `_` (and `+`, `=`, which base64 also uses). */
const SEPARATORS = /[/_+=-]/;

/**
 * True unless a run of token characters is clearly not a secret: a path or slug whose every piece reads as a word or
 * a number (`04-RESOURCES/Definitions/Acronyms/Database`, `how-to-set-up-2024-Guide`). A piece with random case or
 * digits among letters (a key, base64, an id) makes the whole run random, so a secret inside a path still counts.
 */
export function looksRandom(run: string): boolean {
  const pieces = run.split(SEPARATORS).filter((p) => p !== "");
  if (pieces.length < 2) return true;
  return !pieces.every((p) => p.length <= 64 && WORD.test(p));
}
