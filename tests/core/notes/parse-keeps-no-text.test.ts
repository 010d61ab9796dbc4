import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { bundleNodeRunner, sourcePath } from "../../fakes/node-runner";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";

// What a parse keeps of a note must not keep the note's text alive: kc lint drops the texts it read and keeps the
// parse results of every note. Checked in a Node process of its own, where the collector can be run and the heap
// tells whether a 16 MB text was freed.
let dir: string;
let runner: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "kc-parse-keeps-"));
  runner = await bundleNodeRunner(
    dir,
    `import { parseNote } from ${sourcePath("core", "notes", "parse-note.ts")};
const kinds = JSON.parse(process.argv[2]);
const out = {};
const keep = [];
const heap = () => { for (let i = 0; i < 5; i++) globalThis.gc(); return process.memoryUsage().heapUsed; };
for (const [name, body] of Object.entries(kinds)) {
  const before = heap();
  // Each text is made at run time, 16 MB long, so a text kept alive shows in the heap.
  let text = body + "\\n" + "filler words that make the text long. ".repeat(420000);
  const kept = parseNote(text);
  keep.push(kept);
  text = null;
  // RegExp keeps the subject of its last match (one text, whichever was parsed last): point it elsewhere.
  /a/.exec("a");
  const grown = heap() - before;
  out[name] = { freed: grown < 4000000, grown, links: kept.links.length, headings: kept.headings.length, blocks: kept.blockIds.length, fm: kept.frontmatter !== null };
}
process.stdout.write(JSON.stringify(out));`,
  );
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a parsed note", () => {
  it("keeps no view into its text: links, headings, block ids and frontmatter values are its own", () => {
    const long = "a-name-much-longer-than-thirteen";
    const kinds = {
      wikilink: `[[${long}#${long}|${long} shown]]`,
      embed: `![[${long}.png]]`,
      markdown: `[${long} text](${long}/${long}.md)`,
      atx: `# ${long} heading`,
      setext: `${long} heading\n===`,
      block: `a paragraph ^${long}`,
      frontmatter: `---\ntitle: ${long} title\ntags:\n  - ${long}\nrelated: "[[${long}]]"\n---\nbody`,
    };
    const r = spawnSync(process.execPath, ["--expose-gc", runner, JSON.stringify(kinds)], { encoding: "utf8" });
    expect(r.stderr).toBe("");
    const out = JSON.parse(r.stdout) as Record<string, { freed: boolean; links: number; headings: number; blocks: number; fm: boolean }>;
    // What each note was parsed into, so the case is real.
    expect(out.wikilink!.links + out.embed!.links + out.markdown!.links).toBe(3);
    expect(out.atx!.headings + out.setext!.headings).toBe(2);
    expect(out.block!.blocks).toBe(1);
    expect(out.frontmatter!.fm).toBe(true);
    expect(Object.fromEntries(Object.entries(out).map(([k, v]) => [k, v.freed]))).toEqual(Object.fromEntries(Object.keys(kinds).map((k) => [k, true])));
  });
});
