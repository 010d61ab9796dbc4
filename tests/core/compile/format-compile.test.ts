import { describe, expect, it } from "vitest";
import { diffLines } from "../../../src/core/compile/format-compile";

describe("the review diff", () => {
  it("shows removed lines before added ones, with context and a gap marker", () => {
    const before = ["a", "b", "c", "d", "e", "f", "g", "h"].join("\n");
    const after = ["a", "B", "c", "d", "e", "f", "g", "h", "i"].join("\n");
    expect(diffLines(before, after, 1)).toEqual(["  a", "- b", "+ B", "  c", "…", "  h", "+ i"]);
  });

  it("is empty when nothing changed", () => {
    expect(diffLines("x\ny", "x\ny")).toEqual([]);
  });
});
