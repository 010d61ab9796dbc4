import { describe, expect, it } from "vitest";
import { parseNote } from "../../../src/core/notes/parse-note";

const links = (text: string) => parseNote(text).links.map((l) => ({ kind: l.kind, path: l.path, subpath: l.subpath, display: l.display }));

describe("parseNote: links", () => {
  it("reads wikilinks, display text, chained heading and block subpaths", () => {
    expect(links("[[a]] [[b|shown]] [[c#H1#H2]] [[d#^blk]] [[e##^id]] [[#Local]]")).toEqual([
      { kind: "wikilink", path: "a", subpath: "", display: undefined },
      { kind: "wikilink", path: "b", subpath: "", display: "shown" },
      { kind: "wikilink", path: "c", subpath: "#H1#H2", display: undefined },
      { kind: "wikilink", path: "d", subpath: "#^blk", display: undefined },
      { kind: "wikilink", path: "e", subpath: "##^id", display: undefined },
      { kind: "wikilink", path: "", subpath: "#Local", display: undefined },
    ]);
  });

  it("reads embeds and escaped pipes in tables", () => {
    expect(links("| [[a\\|shown]] | ![[pic.png]] |")).toEqual([
      { kind: "wikilink", path: "a", subpath: "", display: "shown" },
      { kind: "embed", path: "pic.png", subpath: "", display: undefined },
    ]);
  });

  it("reads local markdown links URL-decoded, with titles and angle brackets, and ignores URLs", () => {
    expect(links('[x](my%20note.md#Part "title") [y](<a b.md>) ![alt](img.png) [web](https://x.org/a.md) [m](mailto:a@b.c)')).toEqual([
      { kind: "markdown", path: "my note.md", subpath: "#Part", display: "x" },
      { kind: "markdown", path: "a b.md", subpath: "", display: "y" },
      { kind: "markdown-embed", path: "img.png", subpath: "", display: "alt" },
    ]);
  });

  it("ignores links in fenced code (also in quotes and callouts), inline code, %% and html comments", () => {
    const text = [
      "```",
      "[[fenced]]",
      "```",
      "> [!note]",
      "> ```js",
      "> [[in-callout-code]]",
      "> ```",
      "- item",
      "  ~~~",
      "  [[in-list-fence]]",
      "  ~~~",
      "`[[inline]]` and ``[[double `tick`]]``",
      "%% [[comment",
      "still comment]] %%",
      "<!-- [[html]] -->",
      "[[real]]",
    ].join("\n");
    expect(links(text).map((l) => l.path)).toEqual(["real"]);
  });

  it("keeps 0-based line, column and offset for every link, also with CRLF and a BOM", () => {
    const n = parseNote('\ufeff---\r\nup: "[[top]]"\r\n---\r\nline one\r\n  see [[target|t]]\r\n');
    const body = n.links.find((l) => l.kind === "wikilink")!;
    expect(body.start).toEqual({ line: 4, col: 6, offset: '\ufeff---\r\nup: "[[top]]"\r\n---\r\nline one\r\n  see '.length });
    const fm = n.links.find((l) => l.kind === "frontmatter")!;
    expect(fm).toMatchObject({ path: "top", property: "up", start: { line: 1, col: 5 } });
  });

  it("finds links in frontmatter lists and nested values, with the top-level property", () => {
    const n = parseNote('---\nrelated:\n  - "[[a]]"\n  - "[[b|B]]"\nmeta:\n  parent: "[[c]]"\n---\n');
    expect(n.links.map((l) => [l.property, l.path])).toEqual([
      ["related", "a"],
      ["related", "b"],
      ["meta", "c"],
    ]);
  });
});

describe("parseNote: structure", () => {
  it("reads headings and block ids, not inside code", () => {
    const n = parseNote("# One\ntext ^abc\n```\n# not a heading\n```\n## Two ##\n- item ^x-1\n");
    expect(n.headings).toEqual([
      { text: "One", level: 1, line: 0 },
      { text: "Two", level: 2, line: 5 },
    ]);
    expect(n.blockIds).toEqual([
      { id: "abc", line: 1 },
      { id: "x-1", line: 6 },
    ]);
  });

  it("turns invalid YAML into an error value with its line, and still reads the body", () => {
    const n = parseNote('---\ntitle: ok\nbad: "unclosed\n---\n# Body [[x]]\n');
    expect(n.frontmatter).toBeNull();
    expect(n.frontmatterError?.message).toMatch(/^Invalid YAML in frontmatter/);
    expect(n.links.map((l) => l.path)).toEqual(["x"]);
    expect(n.headings).toHaveLength(1);
  });

  it("treats a frontmatter that is not a mapping as an error", () => {
    expect(parseNote("---\n- a\n- b\n---\n").frontmatterError?.message).toContain("not a list of properties");
  });

  it("handles an empty note, an unclosed frontmatter and CJK and emoji text", () => {
    expect(parseNote("")).toMatchObject({ links: [], headings: [], wordCount: 0, frontmatter: null });
    expect(parseNote("---\ntitle: x\nno close").frontmatter).toBeNull();
    const n = parseNote("# 日本語 🎉\n[[ノート 🎉|表示]]\n");
    expect(n.links[0]).toMatchObject({ path: "ノート 🎉", display: "表示" });
  });

  it("counts words in code but not in comments, and not the frontmatter", () => {
    expect(parseNote("---\ntitle: many words here\n---\none two\n```\ncode line\n```\n%% hidden words %% three <!-- gone -->\n").wordCount).toBe(7);
  });

  it("ends a fence opened in a callout with the callout, as CommonMark does: a bare fence after it opens new code", () => {
    const n = parseNote("> [!log]\n> ```dataview\nTABLE [[outside-the-callout]]\n```\n[[in-new-code]]\n");
    expect(n.links.map((l) => l.path)).toEqual(["outside-the-callout"]);
    const closed = parseNote("> [!note]\n> ```\n> [[in-code]]\n> ```\n[[after]]\n");
    expect(closed.links.map((l) => l.path)).toEqual(["after"]);
    const nested = parseNote("> > ```\n> > [[in-code]]\n> [[quote-ended]]\n");
    expect(nested.links.map((l) => l.path)).toEqual(["quote-ended"]);
  });

  it("points an unclosed-quote YAML error at the opening quote, past escaped quotes, in file lines", () => {
    expect(parseNote("---\na: 1\nb: 'oops\nc: x\n---\n").frontmatterError).toMatchObject({ line: 2, col: 3 });
    expect(parseNote('---\nb: "x \\" y\nc: 1\n---\n').frontmatterError).toMatchObject({ line: 1, col: 3 });
  });
});
