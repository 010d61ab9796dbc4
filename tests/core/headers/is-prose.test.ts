import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { isProse } from "../../../src/core/headers/prose";

/** The definition: not a "Label: value" line, and five words or more once links are left out. */
function reference(text: string): boolean {
  if (/^[\p{L}][\p{L} ]{0,24}:\s*\S*$/u.test(text)) return false;
  return (text.replace(/<?https?:\/\/\S+>?/g, " ").match(/[\p{L}\p{N}]+/gu) ?? []).length >= 5;
}

describe("isProse", () => {
  it("says what the definition says for any text of words, links, labels and marks", () => {
    const piece = fc.oneof(
      fc.constantFrom("word", "Été", "42", "x", "a-b", "https://example.com/a b", "<http://x.y>", "http", "Label:", ":", " ", "  ", "\n", "—", "ünïcode"),
      fc.string({ maxLength: 4 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 14 }), (parts) => {
        const text = parts.join(" ");
        expect(isProse(text)).toBe(reference(text));
      }),
      { numRuns: 3000 },
    );
  });
});
