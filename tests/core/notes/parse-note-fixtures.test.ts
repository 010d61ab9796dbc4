import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseNote } from "../../../src/core/notes/parse-note";
import type { NoteLink, ParsedNote } from "../../../src/core/notes/note-types";

const DIR = join(import.meta.dirname, "..", "..", "fixtures", "notes");
const read = (name: string): string => readFileSync(join(DIR, name), "utf8");
const parse = (name: string): ParsedNote => parseNote(read(name));

/** One line per link: kind, path, subpath, display and start-end as line:col, so a table reads like the note. */
function row(l: NoteLink): string {
  const display = l.display === undefined ? "" : ` |${l.display}`;
  const prop = l.property === undefined ? "" : ` (${l.property})`;
  return `${l.kind} ${l.path}${l.subpath}${display} @${l.start.line}:${l.start.col}-${l.end.line}:${l.end.col}${prop}`;
}
const rows = (n: ParsedNote): string[] => n.links.map(row);

describe("parseNote on fixture notes", () => {
  it("reads every wikilink form, with positions, and skips what is not a link", () => {
    expect(rows(parse("wikilinks.md"))).toEqual([
      "wikilink a @1:4-1:9",
      "wikilink a |shown @1:11-1:22",
      "wikilink a#H @1:27-1:34",
      "wikilink a#H1#H2 @2:7-2:18",
      "wikilink a#^blk @2:27-2:37",
      "wikilink a##^blk @2:42-2:53",
      "wikilink #Heading @2:60-2:72",
      "embed a.png @3:0-3:10",
      "wikilink a |shown @6:6-6:18",
    ]);
  });

  it("reads local markdown links URL-decoded and leaves URLs out", () => {
    const n = parse("markdown-links.md");
    expect(rows(n)).toEqual([
      "markdown a b.md#h |shown @0:6-0:33",
      "markdown a b.md |x @0:38-0:51",
      "markdown-embed img.png |alt @0:56-0:71",
      "markdown #Local |local @1:5-1:20",
      "markdown c.md |nested [x] text @1:25-1:48",
      "markdown 100%zz.md |pct @3:29-3:45",
    ]);
    expect(n.links[0]!.original).toBe('[shown](a%20b.md#h "title")');
  });

  it("finds no link inside fences (plain, tilde, quoted, callout, list), inline code or comments, and resumes after each", () => {
    expect(parse("code-and-comments.md").links.map((l) => l.path)).toEqual(["before", "after-code", "after-comment", "after-html", "last"]);
  });

  it("reads frontmatter links from strings at any depth, with the top-level property, but not unquoted lists or comments", () => {
    const n = parse("frontmatter-links.md");
    expect(rows(n)).toEqual([
      "frontmatter parent @1:5-1:15 (up)",
      "frontmatter a @3:5-3:10 (related)",
      "frontmatter b |B @4:5-4:12 (related)",
      "frontmatter c @5:8-5:13 (flow)",
      "frontmatter d#H @8:15-8:22 (meta)",
      "wikilink e @12:5-12:10",
    ]);
    expect(n.propertyLines).toEqual({ up: 1, related: 2, flow: 5, meta: 6, unquoted: 9, title: 10 });
    expect(n.bodyStartLine).toBe(12);
  });

  it("reads ATX and setext headings and block ids, not in code, not glued to a word", () => {
    const n = parse("headings-and-blocks.md");
    expect(n.headings).toEqual([
      { text: "One", level: 1, line: 0 },
      { text: "C#", level: 2, line: 1 },
      { text: "Setext one", level: 1, line: 3 },
      { text: "Setext two spans lines", level: 2, line: 5 },
    ]);
    expect(n.blockIds).toEqual([
      { id: "para-1", line: 14 },
      { id: "item-2", line: 15 },
      { id: "alone", line: 18 },
    ]);
  });

  it("reports invalid YAML with its file line and column and still reads the body", () => {
    const n = parse("invalid-yaml.md");
    expect(n.frontmatter).toBeNull();
    expect(n.frontmatterError).toEqual({ message: 'Invalid YAML in frontmatter: Missing closing "quote', line: 2, col: 5 });
    expect(n.headings).toEqual([{ text: "Body [[x]]", level: 1, line: 4 }]);
    expect(rows(n)).toEqual(["wikilink x @4:7-4:12"]);
  });

  it("reports a frontmatter that is a list, not properties", () => {
    const n = parse("not-a-mapping.md");
    expect(n.frontmatter).toBeNull();
    expect(n.frontmatterError).toMatchObject({ line: 1, col: 0 });
    expect(n.bodyStartLine).toBe(4);
  });

  it("treats an unclosed frontmatter as body text and accepts `...` as the closing line", () => {
    expect(parse("unclosed-frontmatter.md")).toMatchObject({ frontmatter: null, frontmatterError: null, bodyStartLine: 0 });
    expect(rows(parse("unclosed-frontmatter.md"))).toEqual(["wikilink x @2:9-2:14"]);
    expect(parse("dots-close.md")).toMatchObject({ frontmatter: { title: "dotted" }, bodyStartLine: 3, bodyStartOffset: 22 });
  });

  it("keeps positions in the original text's UTF-16 units with a BOM and CRLF line ends", () => {
    const text = read("bom-crlf.md");
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const n = parseNote(text);
    expect(n.frontmatter).toEqual({ title: "BOM and CRLF", up: "[[top]]" });
    expect(rows(n)).toEqual(["frontmatter top @2:5-2:12 (up)", "wikilink target |t @6:6-6:18"]);
    for (const l of n.links) expect(text.slice(l.start.offset, l.end.offset)).toBe(l.original);
    expect(n.headings).toEqual([{ text: "Heading", level: 1, line: 4 }]);
    expect(n.blockIds).toEqual([{ id: "blk", line: 6 }]);
    expect(n.wordCount).toBe(10);
  });

  it("counts columns from the true line start when a BOM has no frontmatter after it", () => {
    const n = parse("bom-no-frontmatter.md");
    expect(n.headings).toEqual([{ text: "Only BOM", level: 1, line: 0 }]);
    expect(n.links[0]).toMatchObject({ start: { line: 1, col: 0, offset: 12 } });
  });

  it("returns an empty result for an empty note", () => {
    expect(parse("empty.md")).toMatchObject({ frontmatter: null, frontmatterError: null, links: [], headings: [], blockIds: [], wordCount: 0 });
  });

  it("measures CJK and emoji text in UTF-16 units and counts each CJK character as a word", () => {
    const n = parse("cjk-emoji.md");
    expect(n.headings[0]!.text).toBe("日本語のノート 🎉");
    expect(rows(n)).toEqual(["wikilink ノート 🎉 |表示 @1:4-1:17", "wikilink emoji 😀 name @1:23-1:40"]);
    expect(parseNote("日本語 text").wordCount).toBe(4);
  });

  it("leaves Templater placeholders as links for lint to judge", () => {
    expect(parse("templater.md").links.map((l) => l.path)).toEqual(['<% tp.date.now("YYYY-MM-DD", -1) %>']);
  });

  it("parses a generated 5 MB note on one line and on many lines", () => {
    const oneLine = "word [[link]] `code` ".repeat(250_000);
    expect(oneLine.length).toBeGreaterThan(5_000_000);
    const a = parseNote(oneLine);
    expect(a.links).toHaveLength(250_000);
    expect(a.links[249_999]!.start).toEqual({ line: 0, col: 21 * 249_999 + 5, offset: 21 * 249_999 + 5 });
    expect(a.wordCount).toBe(750_000);
    const b = parseNote("# Big\n" + "Some prose with a [[link]] and `code`.\n".repeat(130_000));
    expect(b.links).toHaveLength(130_000);
    expect(b.links[129_999]!.start.line).toBe(130_000);
  });
});
