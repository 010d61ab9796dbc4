import { beforeEach, describe, expect, it } from "vitest";
import fc from "fast-check";
import { LinkResolver } from "../../../src/core/links/link-resolver";
import { checkSubpath } from "../../../src/core/links/check-subpath";
import { isTemplatePlaceholder } from "../../../src/core/notes/template-placeholder";
import { parseNote } from "../../../src/core/notes/parse-note";

function resolver(paths: string[]): LinkResolver {
  const r = new LinkResolver();
  for (const p of paths) r.add(p);
  return r;
}

describe("LinkResolver follows Obsidian's rules", () => {
  // Built before each test, not while the file is collected, so a fault in add() fails tests instead of the file.
  let r: LinkResolver;
  beforeEach(() => {
    r = resolver(["Home.md", "a/Note.md", "b/Note.md", "b/c/Note.md", "a/Only.md", "img/Pic.PNG", "a/sub/Deep.md", "Linear.app.md", "x/Linear.app.md"]);
  });

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
    // An exact vault path wins over the source's folder (the rule below), for dotted names too.
    expect(r.resolve("Linear.app", "x/y.md")).toBe("Linear.app.md");
    expect(r.resolve("Linear.app", "Home.md")).toBe("Linear.app.md");
    expect(resolver(["x/Linear.app.md", "z/Linear.app.md"]).resolve("Linear.app", "x/y.md")).toBe("x/Linear.app.md");
  });

  // Observed in Obsidian 1.13.7 through metadataCache.getFirstLinkpathDest (issue 16.7), one fixture per rule.
  it("resolves a bare name that is an exact vault path to that file, even with a same-named note beside the source", () => {
    const v = resolver(["Phonetics.md", "06. Collected Knowledge/Phonetics.md", "06. Collected Knowledge/Phonology.md"]);
    expect(v.resolve("Phonetics", "06. Collected Knowledge/Phonology.md")).toBe("Phonetics.md");
    expect(v.resolve("phonetics.md", "06. Collected Knowledge/Phonology.md")).toBe("Phonetics.md");
  });

  it("otherwise prefers the note in the source's own folder over a shorter path elsewhere", () => {
    const v = resolver(["a/Note.md", "deep/er/folder/Note.md"]);
    expect(v.resolve("Note", "deep/er/folder/source.md")).toBe("deep/er/folder/Note.md");
  });

  it("otherwise takes the shortest path string, alphabetical on a tie", () => {
    const v = resolver(["long/folder/Note.md", "bb/Note.md", "aa/Note.md"]);
    expect(v.resolve("Note", "elsewhere/source.md")).toBe("aa/Note.md");
  });

  it("looks a markdown link's destination up vault-wide after URL-decoding it", () => {
    const v = resolver(["other/My Note.md", "sub/source.md"]);
    const link = parseNote("See [x](My%20Note.md) and [y](other/My%20Note.md#Part).").links;
    expect(link.map((l) => [l.kind, l.path, v.resolve(l.path, "sub/source.md")])).toEqual([
      ["markdown", "My Note.md", "other/My Note.md"],
      ["markdown", "other/My Note.md", "other/My Note.md"],
    ]);
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
      fc.property(
        fc.shuffledSubarray(paths, { minLength: paths.length }),
        fc.constantFrom("note", "NOTE", "Note.md", "other", "b/note"),
        fc.constantFrom("a/x.md", "z.md", "a/b/y.md"),
        (order, link, source) => {
          expect(resolver(order).resolve(link, source)).toBe(resolver(paths).resolve(link.toLowerCase(), source));
        },
      ),
    );
  });
});

describe("LinkResolver at the edges of Obsidian's rules", () => {
  it("reads a leading slash as the vault root: never relative to the source's folder, any number of slashes", () => {
    const v = resolver(["zz/b/Note.md", "c/b/Note.md", "Home.md"]);
    expect(v.resolve("b/Note", "zz/x.md")).toBe("zz/b/Note.md");
    expect(v.resolve("/b/Note", "zz/x.md")).toBe("c/b/Note.md");
    expect(v.resolve("//b/Note", "zz/x.md")).toBe("c/b/Note.md");
    expect(v.resolve("/Home", "zz/x.md")).toBe("Home.md");
    expect(v.resolve("//Home", "zz/x.md")).toBe("Home.md");
    expect(v.resolve("/zz/b/Note", "c/x.md")).toBe("zz/b/Note.md");
  });

  it("reads backslashes as slashes and ignores surrounding spaces", () => {
    const v = resolver(["a/sub/Deep.md", "Home.md"]);
    expect(v.resolve("a\\sub\\Deep", "Home.md")).toBe("a/sub/Deep.md");
    expect(v.resolve(" Home ", "a/sub/Deep.md")).toBe("Home.md");
    expect(v.resolve("  ", "a/sub/Deep.md")).toBe("a/sub/Deep.md");
  });

  it("resolves an empty link path in a note it does not know to nothing", () => {
    expect(resolver(["Home.md"]).resolve("", "gone.md")).toBeNull();
  });

  it("walks `.` and `..` segments of a relative link from the source's folder", () => {
    const v = resolver(["a/Only.md", "a/sub/Deep.md", "b/c/Note.md", "Home.md"]);
    expect(v.resolve("sub/../Only", "a/x.md")).toBe("a/Only.md");
    expect(v.resolve("sub/./Deep", "a/x.md")).toBe("a/sub/Deep.md");
    expect(v.resolve("./sub//Deep", "a/x.md")).toBe("a/sub/Deep.md");
    expect(v.resolve("../../Home", "a/sub/x.md")).toBe("Home.md");
    expect(v.resolve("../c/Note", "b/q/x.md")).toBe("b/c/Note.md");
  });

  it("falls back to the path suffix, without its leading `./` and `../`, when the relative path names no file", () => {
    const v = resolver(["b/c/Note.md", "a/Only.md"]);
    expect(v.resolve("../c/Note", "a/x.md")).toBe("b/c/Note.md");
    expect(v.resolve("./c/Note", "a/x.md")).toBe("b/c/Note.md");
    expect(v.resolve("../../c/Note", "a/s/x.md")).toBe("b/c/Note.md");
    expect(v.resolve("./../c/Note", "a/x.md")).toBe("b/c/Note.md");
  });

  it("does not resolve a relative link that climbs above the vault root relative to the root", () => {
    const v = resolver(["Note.md", "a/Note.md", "a/Only.md"]);
    expect(v.resolve("../../Only", "a/x.md")).toBe("a/Only.md");
    // "../../Note" from a/ is no vault path; it falls back to the name, where the source's own folder wins.
    expect(v.resolve("../../Note", "a/x.md")).toBe("a/Note.md");
  });

  it("matches a path suffix on whole folder names only, with or without the .md", () => {
    const v = resolver(["abc/Note.md", "b/c/Note.md"]);
    expect(v.resolve("c/Note", "Home.md")).toBe("b/c/Note.md");
    expect(v.resolve("c/Note.md", "Home.md")).toBe("b/c/Note.md");
    expect(resolver(["abc/Note.md"]).resolve("c/Note", "Home.md")).toBeNull();
    expect(resolver(["img/x/pic.png"]).resolve("x/pic.png", "Home.md")).toBe("img/x/pic.png");
    expect(resolver(["img/x/pic.png"]).resolve("y/pic.png", "Home.md")).toBeNull();
  });

  it("lets a path suffix match a whole vault path from the root", () => {
    const v = resolver(["c/Note.md", "img/pic.png"]);
    expect(v.resolve("./c/Note", "a/x.md")).toBe("c/Note.md");
    expect(v.resolve("./c/Note.md", "a/x.md")).toBe("c/Note.md");
    expect(v.resolve("./img/pic.png", "a/x.md")).toBe("img/pic.png");
  });

  it("breaks a tie between path-suffix matches like a bare name: the source's folder, then shortest, then alphabetical", () => {
    const v = resolver(["y/c/Note.md", "x/c/Note.md", "long/c/Note.md"]);
    expect(v.resolve("c/Note", "Home.md")).toBe("x/c/Note.md");
    expect(v.resolve("c/Note", "y/c/src.md")).toBe("y/c/Note.md");
    expect(v.resolve("c/Note", "long/c/src.md")).toBe("long/c/Note.md");
  });

  it("takes the shortest path first and the alphabetically first of equally short ones, whatever the insertion order", () => {
    const orders = [
      ["bb/Note.md", "aa/Note.md", "cc/Note.md"],
      ["cc/Note.md", "bb/Note.md", "aa/Note.md"],
      ["aa/Note.md", "cc/Note.md", "bb/Note.md"],
    ];
    for (const order of orders) expect(resolver(order).resolve("Note", "src.md")).toBe("aa/Note.md");
    expect(resolver(["aaa/Note.md", "zz/Note.md"]).resolve("Note", "src.md")).toBe("zz/Note.md");
    expect(resolver(["zz/Note.md", "aaa/Note.md"]).resolve("Note", "src.md")).toBe("zz/Note.md");
  });

  it("keeps the first spelling of a file registered twice, and forgets it on one removal in any case", () => {
    const v = resolver(["a/Note.md", "A/NOTE.md", "b/Note.md"]);
    expect(v.resolve("Note", "src.md")).toBe("a/Note.md");
    v.remove("A/NOTE.MD");
    expect(v.has("a/Note.md")).toBe(false);
    expect(v.resolve("Note", "src.md")).toBe("b/Note.md");
    expect(v.resolve("a/Note", "src.md")).toBeNull();
  });

  it("ignores the removal of a file it does not know", () => {
    const v = resolver(["a/Note.md"]);
    v.remove("b/Note.md");
    v.remove("a/Other.md");
    expect(v.resolve("Note", "src.md")).toBe("a/Note.md");
  });

  it("answers whether an exact path is a file, and its actual spelling, in any case", () => {
    const v = resolver(["Home.md", "img/Pic.PNG"]);
    expect(v.has("HOME.MD")).toBe(true);
    expect(v.has("Home")).toBe(false);
    expect(v.actual("img/pic.png")).toBe("img/Pic.PNG");
    expect(v.actual("img/none.png")).toBeUndefined();
  });

  it("keys a link path by its lowercase file name without .md", () => {
    expect(LinkResolver.keyOf(" /Folder/Note.md ")).toBe("note");
    expect(LinkResolver.keyOf("Note")).toBe("note");
    expect(LinkResolver.keyOf("img/Pic.PNG")).toBe("pic.png");
    expect(LinkResolver.keyOf("Linear.app")).toBe("linear.app");
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
