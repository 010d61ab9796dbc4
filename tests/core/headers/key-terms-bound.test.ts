import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { questionTerms } from "../../../src/core/route/text-terms";
import { keyTermsOf, termCounts } from "../../../src/core/headers/draft-tldr";
import { proseParagraphs } from "../../../src/core/headers/prose";

// Key terms with an upper bound on rarity (`maxIdf`) look up only the terms that can rank; the result must be the very
// map every term's lookup gives: the same terms, weights and order, for any note and any rarities under the bound.
const WORDS = Array.from({ length: 40 }, (_, i) => `w${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}x`);

/** A term's place in the rarity table: any term (stemmed or not) gets a value of the table. */
function slot(t: string, size: number): number {
  let h = 0;
  for (let i = 0; i < t.length; i++) h = (h * 31 + t.charCodeAt(i)) >>> 0;
  return h % size;
}

describe("keyTermsOf with a rarity bound", () => {
  it("gives exactly the key terms a lookup of every term gives, for any note and any rarities under the bound", () => {
    const paragraph = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 40, size: "max" }).map((ws) => ws.join(" ") + ".");
    const note = fc.array(paragraph, { minLength: 1, maxLength: 12, size: "max" });
    // Rarities up to the bound, and at it or near it (the terms a wrong bound would wrongly pass over).
    const rarity = fc.array(fc.oneof(fc.double({ min: 0, max: 5, noNaN: true }), fc.constantFrom(5, 4.5, 4)), { minLength: 1, maxLength: 50, size: "max" });
    fc.assert(
      fc.property(note, rarity, fc.constantFrom(...WORDS), (paras, values, titleWord) => {
        const idf = (t: string): number => values[slot(t, values.length)]!;
        const paragraphs = proseParagraphs(paras.join("\n\n"));
        const title = `The ${titleWord}`;
        const all = keyTermsOf(questionTerms(title), termCounts(paragraphs), idf);
        const bounded = keyTermsOf(questionTerms(title), termCounts(paragraphs), idf, 5);
        expect([...bounded]).toEqual([...all]);
      }),
      { numRuns: 1000 },
    );
  });

  it("skips the lookups of terms that cannot rank", () => {
    // Twelve words in every paragraph and forty in one only: once the twelve score above what a word in one paragraph can, those forty are never looked up.
    const common = WORDS.slice(0, 12);
    const rare = Array.from({ length: 40 }, (_, i) => `rare${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}word`);
    const text = [0, 1, 2, 3].map((i) => `${common.join(" ")}${i === 0 ? " " + rare.join(" ") : ""}.`).join("\n\n");
    const asked: string[] = [];
    const idf = (t: string): number => (asked.push(t), 1);
    const all = keyTermsOf(questionTerms("Note"), termCounts(proseParagraphs(text)), idf);
    const everyLookup = asked.length;
    asked.length = 0;
    const bounded = keyTermsOf(questionTerms("Note"), termCounts(proseParagraphs(text)), idf, 1);
    expect([...bounded]).toEqual([...all]);
    expect(asked.length).toBeLessThan(everyLookup / 2);
  });
});
