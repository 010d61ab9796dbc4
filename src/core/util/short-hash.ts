/**
 * A short, fast content hash (two 32-bit multiplicative lanes over UTF-16 units, 16 hex digits): enough to tell
 * that an article changed, small enough to keep one per article in plugin data. Not for security.
 */
export function shortHash(text: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x9747b28c ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995);
    h2 ^= h2 >>> 15;
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 0x85ebca6b) ^ h2;
  h2 = Math.imul(h2 ^ (h2 >>> 13), 0xc2b2ae35) ^ h1;
  return (h1 >>> 0).toString(16).padStart(8, "0") + (h2 >>> 0).toString(16).padStart(8, "0");
}
