import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { metadataToParsedNote, metadataToParsedNoteSteps } from "../../src/obsidian/metadata-to-parsed-note";
import { mergePluginData } from "../../src/core/settings/plugin-data";

const pos = (line: number, col: number, offset: number) => ({ line, col, offset });

describe("metadataToParsedNote", () => {
  it("converts Obsidian's cache into the core's parsed note", () => {
    const cache = {
      frontmatter: { title: "A", similar_high: ["[[b|b · 2026-10]]"], position: { start: pos(0, 0, 0), end: pos(3, 3, 40) } },
      frontmatterPosition: { start: pos(0, 0, 0), end: pos(3, 3, 40) },
      frontmatterLinks: [{ key: "similar_high.0", link: "b", original: "[[b|b · 2026-10]]", displayText: "b · 2026-10" }],
      headings: [{ heading: "A", level: 1, position: { start: pos(4, 0, 44), end: pos(4, 3, 47) } }],
      blocks: { x1: { id: "x1", position: { start: pos(6, 0, 60), end: pos(6, 10, 70) } } },
      links: [
        { link: "c#Setup", original: "[[c#Setup|see]]", displayText: "see", position: { start: pos(5, 2, 50), end: pos(5, 17, 65) } },
        { link: "d.md", original: "[d](d.md)", displayText: "d", position: { start: pos(5, 20, 68), end: pos(5, 29, 77) } },
      ],
      embeds: [{ link: "pic.png", original: "![[pic.png]]", displayText: "pic.png", position: { start: pos(7, 0, 80), end: pos(7, 12, 92) } }],
    };
    const n = metadataToParsedNote(cache, { wordCount: 42, propertyLines: { similar_high: 2 }, frontmatterError: null });
    expect(n.frontmatter).toEqual({ title: "A", similar_high: ["[[b|b · 2026-10]]"] });
    expect(n.bodyStartLine).toBe(4);
    expect(n.headings).toEqual([{ text: "A", level: 1, line: 4 }]);
    expect(n.blockIds).toEqual([{ id: "x1", line: 6 }]);
    expect(n.links.map((l) => [l.kind, l.path, l.subpath, l.property ?? ""])).toEqual([
      ["frontmatter", "b", "", "similar_high"],
      ["wikilink", "c", "#Setup", ""],
      ["markdown", "d.md", "", ""],
      ["embed", "pic.png", "", ""],
    ]);
    expect(n.links[0]!.start.line).toBe(2);
    expect(n.wordCount).toBe(42);
  });

  it("handles a note with no cache at all", () => {
    const n = metadataToParsedNote(null, { wordCount: 0, propertyLines: {}, frontmatterError: null });
    expect(n).toMatchObject({ frontmatter: null, links: [], headings: [] });
  });
});

describe("mergePluginData", () => {
  it("merges saved settings over defaults and drops fields of the wrong type", () => {
    const d = mergePluginData({
      settings: { knowledgeFolder: "kb", lintScope: "everything", sparseWords: "many", extra: 1 },
      compileState: { logs: { "daily/a.md": { hash: "h", compiledAt: "t" } } },
    });
    expect(d.settings).toEqual({
      knowledgeFolder: "kb",
      dailyFolder: "daily",
      dailyFormat: "YYYY-MM-DD",
      lintScope: "knowledge",
      sparseWords: 200,
      reportFolder: "",
    });
    expect(Object.keys(d.compileState.logs)).toEqual(["daily/a.md"]);
  });

  it("survives missing or garbage data", () => {
    expect(mergePluginData(undefined).settings.knowledgeFolder).toBe("knowledge");
    expect(mergePluginData("garbage").compileState).toEqual({ logs: {} });
  });
});

describe("metadataToParsedNote in steps", () => {
  const link = (offset: number, name: string) => ({
    link: name,
    original: `[[${name}]]`,
    position: { start: pos(offset, 0, offset), end: pos(offset, 5, offset + 5) },
  });
  const facts = { wordCount: 1, propertyLines: {}, frontmatterError: null };
  const drain = (cache: Parameters<typeof metadataToParsedNoteSteps>[0]) => {
    const steps = metadataToParsedNoteSteps(cache, facts);
    let n = 0;
    for (let r = steps.next(); ; r = steps.next(), n++) if (r.done) return { note: r.value, steps: n };
  };

  it("converts a note linking 10,000 others a few hundred links a step, into the very note of one call", () => {
    const links = Array.from({ length: 10_000 }, (_, i) => link(10 * i + 3, `a${i}`));
    const embeds = Array.from({ length: 2_000 }, (_, i) => link(50 * i + 7, `e${i}.png`));
    const { note, steps } = drain({ links, embeds });
    expect(steps).toBeGreaterThan(20);
    expect(note).toEqual(metadataToParsedNote({ links, embeds }, facts));
    expect(note.links.map((l) => l.start.offset)).toEqual([...note.links.map((l) => l.start.offset)].sort((a, b) => a - b));
  });

  it("orders links and embeds by place as one sort would, whatever order the cache lists them in", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 30 }), { maxLength: 12 }), fc.array(fc.integer({ min: 0, max: 30 }), { maxLength: 12 }), (a, b) => {
        const links = a.map((o, i) => link(o, `l${i}`));
        const embeds = b.map((o, i) => link(o, `e${i}.png`));
        const places = drain({ links, embeds }).note.links.map((l) => `${l.start.offset}:${l.path}`);
        const expected = [...links.map((l) => ({ o: l.position.start.offset, p: l.link })), ...embeds.map((l) => ({ o: l.position.start.offset, p: l.link }))]
          .sort((x, y) => x.o - y.o)
          .map((x) => `${x.o}:${x.p}`);
        expect(places).toEqual(expected);
      }),
    );
  });
});
