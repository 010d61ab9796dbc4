import { describe, expect, it } from "vitest";
import { insertionPoint } from "../../../src/core/ask/insertion-point";

const NOTE = "---\ntitle: A\ntags: [x]\n---\n# A\n\nText here.\n";

describe("insertionPoint", () => {
  it("puts the answer at the cursor, on a line of its own when the cursor is inside a line", () => {
    expect(insertionPoint(NOTE, { line: 6, ch: 0 })).toEqual({ at: { line: 6, ch: 0 }, prefix: "" });
    expect(insertionPoint(NOTE, { line: 6, ch: 5 })).toEqual({ at: { line: 6, ch: 5 }, prefix: "\n\n" });
  });

  it("never puts it inside the frontmatter: a cursor there (or at the start of the note) moves below its closing line", () => {
    for (const line of [0, 1, 2, 3]) expect(insertionPoint(NOTE, { line, ch: 0 }).at).toEqual({ line: 4, ch: 0 });
  });

  it("goes after a frontmatter that ends the note; an unclosed one is no frontmatter (as for Obsidian)", () => {
    expect(insertionPoint("---\ntitle: A\n---", { line: 1, ch: 2 })).toEqual({ at: { line: 2, ch: 3 }, prefix: "\n\n" });
    expect(insertionPoint("---\ntitle: A", { line: 1, ch: 0 })).toEqual({ at: { line: 1, ch: 0 }, prefix: "" });
  });

  it("treats a note without frontmatter, a BOM or CRLF lines as text like any other", () => {
    expect(insertionPoint("# A\nB", { line: 0, ch: 0 })).toEqual({ at: { line: 0, ch: 0 }, prefix: "" });
    expect(insertionPoint("\uFEFF---\r\nx: 1\r\n---\r\nBody", { line: 1, ch: 1 }).at).toEqual({ line: 3, ch: 0 });
    expect(insertionPoint("a", { line: 9, ch: 9 })).toEqual({ at: { line: 0, ch: 1 }, prefix: "\n\n" });
  });
});
