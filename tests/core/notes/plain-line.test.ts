import { describe, expect, it } from "vitest";
import { PLAIN, isParagraphLine, plainLine, readAtxHeading, readFenceOpen, readSetextLevel } from "../../../src/core/notes/block-syntax";

// plainLine answers from a line's first characters what the block tests would; every line of up to four characters from
// the characters those tests look at (and a few they do not) is checked against them.
const CHARS = [" ", "\t", "-", "*", "+", "|", ">", "#", "`", "~", "=", "a", "Z", "é", "中", "1", ".", ")", "["];

function* lines(length: number, prefix = ""): Generator<string> {
  yield prefix;
  if (length === 0) return;
  for (const c of CHARS) yield* lines(length - 1, prefix + c);
}

describe("plainLine", () => {
  it("agrees with the block tests on every short line", () => {
    let decided = 0;
    let all = 0;
    for (const line of lines(4)) {
      all++;
      // A line as the scanner sees it: inside a text, followed by a newline.
      const text = `x\n${line}\nafter`;
      const s = 2;
      const e = s + line.length;
      const kind = plainLine(text, s, e);
      if (kind === PLAIN.unknown) continue;
      decided++;
      const block = readFenceOpen(text, s, e) !== null || readSetextLevel(text, s, e) !== 0 || readAtxHeading(text, s, e) !== null;
      const paragraph = isParagraphLine(text, s, e);
      if (block || paragraph !== (kind === PLAIN.paragraph) || (kind === PLAIN.blank && line.trim() !== ""))
        expect.fail(`${JSON.stringify(line)}: plainLine says ${kind}, block form ${block}, paragraph ${paragraph}`);
    }
    // A good share of them is decided without the tests (most lines of real notes are: prose, lists, tables).
    expect(decided / all).toBeGreaterThan(0.25);
  });
});
