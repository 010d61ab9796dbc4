import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { parseNote } from "../../../src/core/notes/parse-note";

// kc lint counts each note's words only up to the sparse threshold (load-vault's countWords: "up-to-sparse"): under the limit the
// count is exact, at or over it the count says so, and nothing else in the parse changes.
describe("parseNote with a word limit", () => {
  it("counts exactly under the limit, at least the limit otherwise, and parses everything else the same", () => {
    const token = fc.constantFrom(
      "word",
      "two words",
      " ",
      "\n",
      "\n\n",
      "[[a]]",
      "[t](b.md)",
      "`code`",
      "%%",
      "<!--",
      "-->",
      "日本",
      "# H\n",
      " ^id\n",
      "```\nx y\n```\n",
      "\u00a0",
      "-",
    );
    const text = fc.array(token, { maxLength: 200 }).map((t) => t.join(""));
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: 60 }), (body, limit) => {
        const exact = parseNote(body);
        const limited = parseNote(body, limit);
        expect({ ...limited, wordCount: 0 }).toEqual({ ...exact, wordCount: 0 });
        if (exact.wordCount < limit) expect(limited.wordCount).toBe(exact.wordCount);
        else expect(limited.wordCount).toBeGreaterThanOrEqual(limit);
      }),
      { numRuns: 2000 },
    );
  });

  it("stops counting a long note early", () => {
    // Counting stops with the piece that reaches the limit: a long note's count stays near the limit, not its length.
    const long = `${"many words here ".repeat(5000)}\n`;
    expect(parseNote(long).wordCount).toBe(15000);
    const limited = parseNote(`${"word\n".repeat(5000)}`, 200).wordCount;
    expect(limited).toBeGreaterThanOrEqual(200);
    expect(limited).toBeLessThan(210);
  });
});
