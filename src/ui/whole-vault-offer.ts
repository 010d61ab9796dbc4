/**
 * The offer an empty knowledge folder makes, in the same words in the Ask panel and the graph: what `subject` can do
 * with every note of the vault now ("Ask can answer from", "The graph can draw"), and which setting that is.
 */
export function wholeVaultOfferText(folder: string, subject: string): string {
  return `The knowledge folder "${folder}" has no articles yet. ${subject} every note of your vault now, headers or not (the "Ask scope" setting), until compiles fill it.`;
}
