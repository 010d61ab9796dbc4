/**
 * Counts whitespace-separated words over pieces of a text, a word running on from one piece into the next;
 * each CJK character is a word of its own, as Obsidian counts them.
 */
export class WordCounter {
  count = 0;
  /** True while the last character added belongs to a word; set false to end the word there. */
  inWord = false;

  /** Once `count` reaches `limit`, nothing more is counted: the count is then at least the limit, not exact. */
  constructor(private readonly limit = Infinity) {}

  /** Adds the words of text[from, to). */
  add(text: string, from: number, to: number): void {
    if (this.count >= this.limit) return;
    let words = 0;
    let prev = this.inWord ? 1 : 0;
    for (let k = from; k < to; k++) {
      const c = text.charCodeAt(k);
      if (c < 0xa0) {
        // Branch-free for ASCII: a space and a word character alternate too irregularly for branch prediction.
        const w = (32 - c) >>> 31;
        words += w & (prev ^ 1);
        prev = w;
      } else if (c === 0xa0 || c === 0x3000) {
        prev = 0;
      } else if (c >= 0x3040 && isCjk(c)) {
        words++;
        prev = 0;
      } else {
        words += prev ^ 1;
        prev = 1;
      }
    }
    this.inWord = prev === 1;
    this.count += words;
  }
}

function isCjk(c: number): boolean {
  return c <= 0x30ff || (c >= 0x3400 && c <= 0x4dbf) || (c >= 0x4e00 && c <= 0x9fff) || (c >= 0xac00 && c <= 0xd7af) || (c >= 0xf900 && c <= 0xfaff);
}
