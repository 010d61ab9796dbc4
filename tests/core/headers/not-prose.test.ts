import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { notProse } from "../../../src/core/headers/draft-tldr";

/** The pattern as one regular expression, before the run-together part was tried only on text with two slashes. */
const ONE_PATTERN = /\$|\\[a-z]+|\||(?:\d+\.){2,}\d|(?:\S+\s*\/\s*){2,}/;

describe("notProse", () => {
  it("reads any text as the one pattern does", () => {
    const piece = fc.constantFrom("a", "Bc", " ", "/", " / ", "1", "2.", ".", "$", "\\x", "|", "\t", "e/g", "and/or", "3.4.5");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 20 }), (parts) => {
        const s = parts.join("");
        expect(notProse(s)).toBe(ONE_PATTERN.test(s));
      }),
      { numRuns: 2000 },
    );
  });

  it("refuses paths and lists run together, formulas and numbered sections; takes a sentence with one slash", () => {
    expect(notProse("See src/core/lint for the checks.")).toBe(true);
    expect(notProse("Costs $5 a month.")).toBe(true);
    expect(notProse("Section 1.2.3 says so.")).toBe(true);
    expect(notProse("Use either and/or when you must.")).toBe(false);
  });
});
