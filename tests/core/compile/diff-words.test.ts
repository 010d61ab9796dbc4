import { describe, expect, it } from "vitest";
import { diffWords } from "../../../src/core/compile/diff-words";

describe("diffWords", () => {
  it("marks only the words that changed, on both sides, and the pieces join back into each line", () => {
    const d = diffWords("tldr: Retries wait up to 8 seconds.", "tldr: Retries wait up to 16 seconds.");
    expect(d.before.filter((p) => p.changed).map((p) => p.text)).toEqual(["8"]);
    expect(d.after.filter((p) => p.changed).map((p) => p.text)).toEqual(["16"]);
    expect(d.before.map((p) => p.text).join("")).toBe("tldr: Retries wait up to 8 seconds.");
    expect(d.after.map((p) => p.text).join("")).toBe("tldr: Retries wait up to 16 seconds.");
  });

  it("marks a whole line changed when nothing is shared", () => {
    expect(diffWords("a", "b")).toEqual({ before: [{ text: "a", changed: true }], after: [{ text: "b", changed: true }] });
  });
});
