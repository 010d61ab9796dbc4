import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { stringify } from "yaml";
import { parseNote } from "../../../src/core/notes/parse-note";
import type { LinkKind, ParsedNote } from "../../../src/core/notes/note-types";

// Names and words drawn so that they hold no markdown syntax of their own.
const word = fc.stringMatching(/^[A-Za-z0-9Ééß日本😀][A-Za-z0-9Ééß日本😀 ._-]{0,14}$/u).filter((s) => s.trim() === s && !s.includes("  "));
const prose = fc.array(fc.stringMatching(/^[A-Za-z0-9 ,.;:?"'é日😀]{0,12}$/u), { maxLength: 3 }).map((a) => a.join(" "));

interface LinkSpec {
  kind: Exclude<LinkKind, "frontmatter">;
  path: string;
  subpath: string;
  display?: string;
}

const subpath = fc.oneof(
  fc.constant(""),
  word.map((h) => `#${h}`),
  fc.tuple(word, word).map(([a, b]) => `#${a}#${b}`),
  fc.stringMatching(/^[A-Za-z0-9-]{1,8}$/).map((id) => `#^${id}`),
);
const linkSpec: fc.Arbitrary<LinkSpec> = fc
  .record({ kind: fc.constantFrom("wikilink", "embed", "markdown", "markdown-embed"), path: word, subpath, display: fc.option(word, { nil: undefined }) })
  .map((s) => (s.kind.startsWith("markdown") ? { ...s, display: s.display ?? "" } : s) as LinkSpec);

/** Writes a link the way a person would: wikilinks as typed, markdown destinations URL-encoded. */
function render(l: LinkSpec): string {
  if (l.kind === "wikilink" || l.kind === "embed") {
    return `${l.kind === "embed" ? "!" : ""}[[${l.path}${l.subpath}${l.display !== undefined ? `|${l.display}` : ""}]]`;
  }
  const dest = encodeURI(l.path + l.subpath).replace(/[()]/g, encodeURIComponent);
  return `${l.kind === "markdown-embed" ? "!" : ""}[${l.display ?? ""}](${dest})`;
}

/** Checks the invariants every parse keeps: originals are the text at their offsets, and line/col agree with offsets. */
function expectConsistent(text: string, n: ParsedNote): void {
  const starts = [0];
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  for (const l of n.links) {
    expect(text.slice(l.start.offset, l.end.offset)).toBe(l.original);
    for (const p of [l.start, l.end]) expect(starts[p.line]! + p.col).toBe(p.offset);
  }
  for (let i = 1; i < n.headings.length; i++) expect(n.headings[i]!.line).toBeGreaterThan(n.headings[i - 1]!.line);
}

describe("parseNote properties", () => {
  it("reads back every rendered link's parts and exact position, with LF or CRLF and with or without a BOM", () => {
    const line = fc.tuple(prose, linkSpec, prose);
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 6 }), fc.constantFrom("\n", "\r\n"), fc.boolean(), (lines, eol, bom) => {
        let text = bom ? "\ufeff" : "";
        const expected: unknown[] = [];
        lines.forEach(([before, spec, after], i) => {
          const rendered = render(spec);
          const col = (i === 0 ? text.length : 0) + before.length + 1;
          const offset = text.length + before.length + 1;
          expected.push({
            kind: spec.kind,
            path: spec.path,
            subpath: spec.subpath,
            display: spec.display,
            original: rendered,
            start: { line: i, col, offset },
            end: { line: i, col: col + rendered.length, offset: offset + rendered.length },
          });
          text += `${before} ${rendered} ${after}${eol}`;
        });
        const n = parseNote(text);
        expect(
          n.links.map((l) => ({ kind: l.kind, path: l.path, subpath: l.subpath, display: l.display, original: l.original, start: l.start, end: l.end })),
        ).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it("never throws, and keeps its position invariants, on arbitrary and on markdown-shaped text", () => {
    const token = fc.constantFrom(
      "[[",
      "]]",
      "[",
      "]",
      "(",
      ")",
      "`",
      "``",
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
      "|",
      "\\",
      " ^id",
      "!",
      "a",
      " ",
      "日",
      "😀",
      ":",
      "- ",
      "#",
      "%20",
      "http://x",
      "<",
      ">",
      '"',
    );
    const shaped = fc.array(token, { maxLength: 80 }).map((t) => t.join(""));
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (s) => expectConsistent(s, parseNote(s))),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(shaped, (s) => expectConsistent(s, parseNote(s))),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(shaped, shaped, (fm, body) => expectConsistent(`---\n${fm}\n---\n${body}`, parseNote(`---\n${fm}\n---\n${body}`))),
      { numRuns: 300 },
    );
  });

  it("round-trips generated frontmatter through YAML, nested values included", () => {
    const key = fc.string({ minLength: 1, maxLength: 12 }).filter((k) => k !== "__proto__");
    const scalar = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      word.map((w) => `[[${w}]]`),
    );
    const value = fc.oneof(
      scalar,
      fc.array(scalar, { maxLength: 4 }),
      fc.dictionary(key, fc.oneof(scalar, fc.array(scalar, { maxLength: 3 })), { maxKeys: 3 }),
    );
    fc.assert(
      fc.property(fc.dictionary(key, value, { minKeys: 1, maxKeys: 6 }), fc.boolean(), (obj, flow) => {
        const n = parseNote(`---\n${stringify(obj, { collectionStyle: flow ? "flow" : "any" })}---\nbody`);
        expect(n.frontmatterError).toBeNull();
        expect(n.frontmatter).toEqual(obj);
      }),
      { numRuns: 300 },
    );
  });

  it("never reports a link placed inside fenced code, inline code or a comment, and still reports the ones around it", () => {
    const hiddenIn = fc.constantFrom(
      (l: string) => "```\n" + l + "\n```",
      (l: string) => "~~~~python\nx = 1\n" + l + "\n~~~~",
      (l: string) => "> [!note]\n> ```js\n> " + l + "\n> ```",
      (l: string) => "- item\n  ```\n  " + l + "\n  ```",
      (l: string) => "text `" + l + "` text",
      (l: string) => "text ``a ` " + l + "`` text",
      (l: string) => `%% ${l} %%`,
      (l: string) => `%%\nline\n${l}\n%%`,
      (l: string) => `<!-- ${l} -->`,
      (l: string) => `<!--\n${l}\n-->`,
    );
    const block = fc.oneof(
      fc.tuple(hiddenIn, linkSpec).map(([wrap, spec]) => ({ text: wrap(render({ ...spec, path: `hidden ${spec.path}` })), visible: null })),
      fc.tuple(prose, linkSpec).map(([p, spec]) => ({ text: `${p} ${render(spec)}`, visible: spec.path })),
    );
    fc.assert(
      fc.property(fc.array(block, { minLength: 1, maxLength: 8 }), fc.constantFrom("\n", "\n\n"), (blocks, sep) => {
        const n = parseNote(blocks.map((b) => b.text).join(sep));
        expect(n.links.map((l) => l.path)).toEqual(blocks.flatMap((b) => (b.visible === null ? [] : [b.visible])));
      }),
      { numRuns: 400 },
    );
  });
});
