import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { LinkResolver } from "../../../src/core/links/link-resolver";
import { checkSubpath, isTemplatePlaceholder } from "../../../src/core/links/check-subpath";
import { parseNote } from "../../../src/core/notes/parse-note";

function resolver(paths: string[]): LinkResolver {
  const r = new LinkResolver();
  for (const p of paths) r.add(p);
  return r;
}

describe("LinkResolver follows Obsidian's rules", () => {
  const r = resolver([
    "Home.md", "a/Note.md", "b/Note.md", "b/c/Note.md", "a/Only.md", "img/Pic.PNG", "a/sub/Deep.md", "Linear.app.md", "x/Linear.app.md",
  ]);

  it("ignores case and makes .md optional", () => {
    expect(r.resolve("home", "a/Only.md")).toBe("Home.md");
    expect(r.resolve("HOME.md", "a/Only.md")).toBe("Home.md");
  });

  it("resolves a path from the vault root, then relative to the source, then as a path suffix", () => {
    expect(r.resolve("a/sub/Deep", "Home.md")).toBe("a/sub/Deep.md");
    expect(r.resolve("./Deep", "a/sub/x.md")).toBe("a/sub/Deep.md");
    expect(r.resolve("../Only", "a/sub/Deep.md")).toBe("a/Only.md");
    expect(r.resolve("sub/Deep", "a/Only.md")).toBe("a/sub/Deep.md");
    expect(r.resolve("c/Note", "Home.md")).toBe("b/c/Note.md");
    expect(r.resolve("zz/Note", "Home.md")).toBeNull();
    expect(r.resolve("/a/Note", "b/Note.md")).toBe("a/Note.md");
  });

  it("resolves a bare name: unique name, else the source's folder, else the shortest path", () => {
    expect(r.resolve("Only", "b/Note.md")).toBe("a/Only.md");
    expect(r.resolve("Note", "b/c/x.md")).toBe("b/c/Note.md");
    expect(r.resolve("Note", "a/Only.md")).toBe("a/Note.md");
    expect(r.resolve("Note", "Home.md")).toBe("a/Note.md");
  });

  it("resolves attachments by full file name and notes whose names contain dots", () => {
    expect(r.resolve("pic.png", "Home.md")).toBe("img/Pic.PNG");
    expect(r.resolve("Pic", "Home.md")).toBeNull();
    expect(r.resolve("Linear.app", "x/y.md")).toBe("x/Linear.app.md");
    expect(r.resolve("Linear.app", "Home.md")).toBe("Linear.app.md");
  });

  it("resolves an empty path to the source note itself and never resolves aliases", () => {
    expect(r.resolve("", "a/Only.md")).toBe("a/Only.md");
    const withAlias = resolver(["n.md"]);
    expect(parseNote("---\naliases: [nickname]\n---\n").frontmatter).toEqual({ aliases: ["nickname"] });
    expect(withAlias.resolve("nickname", "n.md")).toBeNull();
  });

  it("forgets removed files and lets the next candidate win", () => {
    const local = resolver(["a/Note.md", "b/Note.md"]);
    local.remove("a/Note.md");
    expect(local.resolve("Note", "Home.md")).toBe("b/Note.md");
    local.remove("b/Note.md");
    expect(local.resolve("Note", "Home.md")).toBeNull();
  });

  it("gives the same answer whatever the insertion order and case of the link", () => {
    const paths = ["a/Note.md", "b/Note.md", "Note.md", "a/b/Note.md", "c/Other.md"];
    fc.assert(
      fc.property(fc.shuffledSubarray(paths, { minLength: paths.length }), fc.constantFrom("note", "NOTE", "Note.md", "other", "b/note"), fc.constantFrom("a/x.md", "z.md", "a/b/y.md"), (order, link, source) => {
        expect(resolver(order).resolve(link, source)).toBe(resolver(paths).resolve(link.toLowerCase(), source));
      }),
    );
  });
});

describe("checkSubpath", () => {
  const note = parseNote("# Setup Guide\n## Install *fast*\ntext ^blk-1\n## Other\n### Install\n");

  it("matches headings loosely and block ids exactly", () => {
    expect(checkSubpath(note, "#setup guide")).toBe(true);
    expect(checkSubpath(note, "#Install fast")).toBe(true);
    expect(checkSubpath(note, "#^blk-1")).toBe(true);
    expect(checkSubpath(note, "##^blk-1")).toBe(true);
    expect(checkSubpath(note, "#Nowhere")).toBe(false);
    expect(checkSubpath(note, "#^nope")).toBe(false);
  });

  it("checks chained headings in order", () => {
    expect(checkSubpath(note, "#Other#Install")).toBe(true);
    expect(checkSubpath(note, "#Other#Setup Guide")).toBe(false);
  });

  it("recognises template placeholders", () => {
    expect(isTemplatePlaceholder("<% tp.date.now() %>")).toBe(true);
    expect(isTemplatePlaceholder("{{date}}")).toBe(true);
    expect(isTemplatePlaceholder("plain")).toBe(false);
  });
});
