import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { parseNote } from "../../../src/core/notes/parse-note";
import { countTextWork } from "../../fakes/count-text-work";

// Huge frontmatter (a generated list of thousands of links or properties) must cost work in proportion to its size.
// The work is counted, not timed: the text read, searched and copied (tests/fakes/count-text-work.ts). Linear work
// grows 4× when the frontmatter grows 4×; quadratic work grows 16×.

/** One section of a frontmatter: its own property, written out with n items. */
const SHAPES: Record<string, (key: string, n: number) => string> = {
  "scalar properties": (key, n) => lines(n, (i) => `${key}_${i}: value number ${i}`),
  "a block list": (key, n) => `${key}:\n${lines(n, (i) => `  - tag${i}`)}`,
  "a block list of links": (key, n) => `${key}:\n${lines(n, (i) => `  - "[[note ${i}]]"`)}`,
  "a flow list of links": (key, n) => `${key}: [${Array.from({ length: n }, (_, i) => `"[[n${i}|shown ${i}]]"`).join(", ")}]`,
  "comments with links": (key, n) => `${key}: 1\n${lines(n, (i) => `# see [[c${i}]]`)}`,
  "a nested map (the yaml package)": (key, n) => `${key}:\n${lines(n, (i) => `  k${i}: "[[v${i}]]"`)}`,
  "a block scalar with links": (key, n) => `${key}: |\n${lines(n, (i) => `  line ${i} names [[z${i}]]`)}`,
};

function lines(n: number, line: (i: number) => string): string {
  return Array.from({ length: n }, (_, i) => line(i)).join("\n");
}

function note(shapes: string[], n: number): string {
  return `---\n${shapes.map((s, k) => SHAPES[s]!(`p${k}`, n)).join("\n")}\n---\n# Body\n\nText with [[a link]].\n`;
}

/** Parses the note with n and 4n items per section; the work of the larger over the smaller. */
function growth(shapes: string[], n: number): { ratio: number; links: [number, number] } {
  const small = countTextWork(() => parseNote(note(shapes, n)).links.length);
  const large = countTextWork(() => parseNote(note(shapes, 4 * n)).links.length);
  return { ratio: large.work / small.work, links: [small.result, large.result] };
}

describe("parsing huge frontmatter", () => {
  it.each(Object.keys(SHAPES))("grows in proportion to the size for %s", (shape) => {
    const g = growth([shape], 1_000);
    expect(g.ratio).toBeGreaterThan(2);
    expect(g.ratio).toBeLessThan(6);
  });

  it("finds every link of a long list of links, each once", () => {
    const n = 5_000;
    const links = parseNote(note(["a block list of links"], n)).links.filter((l) => l.kind === "frontmatter");
    expect(links).toHaveLength(n);
    expect(links[n - 1]).toMatchObject({ path: `note ${n - 1}`, property: "p0", start: { line: n + 1, col: 5 } });
  });

  it("grows in proportion to the size for any mix of sections", () => {
    const shapes = fc.uniqueArray(fc.constantFrom(...Object.keys(SHAPES)), { minLength: 1, maxLength: 4 });
    fc.assert(
      fc.property(shapes, (mix) => {
        const g = growth(mix, 400);
        expect(g.links[1]).toBeGreaterThanOrEqual(g.links[0]);
        expect(g.ratio).toBeLessThan(6);
      }),
      { numRuns: 25 },
    );
  });
});
