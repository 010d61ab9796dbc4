import { describe, expect, it } from "vitest";
import { distinctTerms, SentenceTerms } from "../../../src/core/headers/draft-tldr";

describe("a sentence's different terms", () => {
  const reference = (terms: readonly string[], n: number) => [...new Set(terms.slice(0, n))];

  it("are the first `n` terms once each, in the order they first come, short or long", () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    for (let round = 0; round < 200; round++) {
      const length = next() % 120;
      const vocabulary = 1 + (next() % 50);
      const terms = Array.from({ length }, () => `t${next() % vocabulary}`);
      const n = length === 0 ? 0 : next() % (length + 1);
      expect(distinctTerms(terms, n)).toEqual(reference(terms, n));
    }
  });

  it("are read once per place and then given back as read", () => {
    const book = new SentenceTerms();
    const long = `Retries ${Array.from({ length: 60 }, (_, i) => `word${i % 45} retry`).join(" ")} end.`;
    const terms = book.of(3, long);
    expect(book.added).toBe(true);
    expect(new Set(terms).size).toBe(terms.length);
    expect(terms).toContain("word44");
    // Known now: another sentence at the same place is not read.
    expect(book.of(3, "Something else entirely was said here.")).toBe(terms);
    expect(book.byPosition()[3]).toBe(terms);
  });
});
