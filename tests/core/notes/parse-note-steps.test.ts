import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { parseNote, parseNoteSteps } from "../../../src/core/notes/parse-note";
import { LINES_PER_STEP } from "../../../src/core/notes/scan-body";

function drain<T>(steps: Generator<void, T, void>): { value: T; yields: number } {
  let yields = 0;
  for (;;) {
    const r = steps.next();
    if (r.done) return { value: r.value, yields };
    yields++;
  }
}

describe("parseNoteSteps", () => {
  it("gives exactly parseNote's result however the body is cut into steps, with code, comments and headings across the cuts", () => {
    const token = fc.constantFrom(
      "[[a]]",
      "[[b#H|x]]",
      "[t](c.md)",
      "`",
      "```",
      "~~~",
      "%%",
      "<!--",
      "-->",
      "\n",
      "\r\n",
      "---",
      "===",
      "# ",
      "> ",
      "para",
      " ^id",
      "- ",
      " ",
      "日",
      "\\",
    );
    const text = fc.array(token, { maxLength: 120 }).map((t) => t.join(""));
    const front = fc.constantFrom("", '---\ntags: [a]\nup: "[[a]]"\n---\n', "\ufeff");
    fc.assert(
      fc.property(front, text, fc.integer({ min: 1, max: 4 }), (fm, body, lines) => {
        expect(drain(parseNoteSteps(fm + body, lines)).value).toEqual(parseNote(fm + body));
      }),
      { numRuns: 400 },
    );
  });

  it("parses an index of 10,000 linked rows a thousand lines a step", () => {
    const text = `# Index\n\n| Article | Summary |\n|---|---|\n${Array.from({ length: 10000 }, (_, i) => `| [[a${i}]] | notes |`).join("\n")}\n`;
    const { value, yields } = drain(parseNoteSteps(text));
    expect(value).toEqual(parseNote(text));
    expect(value.links).toHaveLength(10000);
    expect(yields).toBe(Math.ceil(10005 / LINES_PER_STEP) - 1);
  });
});
