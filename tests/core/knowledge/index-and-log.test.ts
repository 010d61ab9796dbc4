import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { renderIndex, rowArticle, upsertIndexRows, type IndexRow } from "../../../src/core/knowledge/index-file";
import { appendLogEntry } from "../../../src/core/knowledge/log-file";
import { expectGolden } from "../../fakes/golden";

const row = (article: string, summary = "S"): IndexRow => ({
  article,
  summary,
  sources: ["daily/2026-09-14.md"],
  updated: "2026-09-14",
  tldr: "T | with pipe",
  answersWhen: ["a", "b"],
});

describe("index.md", () => {
  it("renders the routing table, matching the golden file", () => {
    expectGolden("index.md", renderIndex([row("concepts/a"), row("connections/a-and-b", "Two\nlines")]));
  });

  it("patches only the touched rows and keeps everything a person wrote", () => {
    const text =
      "# Knowledge Base Index\n\nMy own intro.\n\n" +
      renderIndex([row("concepts/a"), row("concepts/b")])
        .split("\n")
        .slice(2)
        .join("\n") +
      "\nA footer I wrote.\n";
    const next = upsertIndexRows(text, [row("concepts/b", "New summary"), row("concepts/c")], ["concepts/a"]);
    expect(next).toContain("My own intro.");
    expect(next).toContain("A footer I wrote.");
    expect(next.split("\n").map(rowArticle).filter(Boolean)).toEqual(["concepts/b", "concepts/c"]);
    expect(next).toContain("| [[concepts/b]] | New summary |");
  });

  it("reads the demo vault's index rows and leaves it unchanged when nothing is touched", () => {
    const demo = readFileSync(join(import.meta.dirname, "../../../examples/demo-vault/knowledge/index.md"), "utf8");
    expect(upsertIndexRows(demo, [])).toBe(demo);
    // one row per article: every note under concepts/, connections/ and qa/
    const folder = join(import.meta.dirname, "../../../examples/demo-vault/knowledge");
    const articles = ["concepts", "connections", "qa"].flatMap((d) => readdirSync(join(folder, d)).map((f) => `${d}/${f.replace(/\.md$/, "")}`));
    expect(demo.split("\n").map(rowArticle).filter(Boolean).sort()).toEqual(articles.sort());
    expect(articles).toHaveLength(45);
  });

  it("creates a table in an empty or table-less file", () => {
    expect(
      upsertIndexRows("", [row("concepts/a")])
        .split("\n")
        .map(rowArticle)
        .filter(Boolean),
    ).toEqual(["concepts/a"]);
    expect(upsertIndexRows("# Index\n\nNotes.\n", [row("concepts/a")])).toMatch(/^# Index\n\nNotes.\n\n\| Article/);
  });
});

describe("log.md", () => {
  it("is append-only: the old text is always an exact prefix", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.string({ maxLength: 40 }), (old, title) => {
        const next = appendLogEntry(old, { at: "2026-11-22T10:00:00", op: "compile", title, lines: ["Source: daily/x.md"] });
        expect(next.startsWith(old === "" ? "# Build Log\n" : old)).toBe(true);
      }),
    );
  });

  it("writes seed 000's entry format", () => {
    expect(appendLogEntry("# Build Log\n", { at: "2026-11-22T10:00:00", op: "query", title: '"Why?"', lines: ["Consulted: [[concepts/a]]"] })).toBe(
      '# Build Log\n\n## [2026-11-22T10:00:00] query | "Why?"\n- Consulted: [[concepts/a]]\n',
    );
  });
});
