import { describe, expect, it } from "vitest";
import { isMarkdownPath } from "../../../src/core/util/markdown-path";

describe("isMarkdownPath", () => {
  it("answers as a lowercase copy ending in .md would, for every ending of up to three characters", () => {
    // Every letter case and the characters around "m", "d", "." and their case partners, plus ones whose lowercase is
    // longer or not ASCII.
    const chars = [".", "m", "M", "d", "D", "M".toLowerCase(), "-", "/", "\u0130", "\u212a", "\u0131", "\u1e9e", "-", "L", "l", "E", "e", "\u0000"];
    for (const a of chars)
      for (const b of chars)
        for (const c of chars)
          for (const head of ["", "a", "notes/x"]) {
            const p = head + a + b + c;
            expect(isMarkdownPath(p), JSON.stringify(p)).toBe(p.toLowerCase().endsWith(".md"));
          }
    for (const p of ["", "m", "md", ".md", "a.md", "A.MD", "b.Md", "c.mD", "d.mdx", "e.m d"])
      expect(isMarkdownPath(p), p).toBe(p.toLowerCase().endsWith(".md"));
  });

  it("agrees with a lowercase copy on every character code in the last three places", () => {
    for (let c = 0; c < 0x10000; c++) {
      const ch = String.fromCharCode(c);
      for (const p of [`a${ch}md`, `a.${ch}d`, `a.m${ch}`])
        if (isMarkdownPath(p) !== p.toLowerCase().endsWith(".md")) expect.fail(`U+${c.toString(16)} in ${JSON.stringify(p)}`);
    }
  });
});
