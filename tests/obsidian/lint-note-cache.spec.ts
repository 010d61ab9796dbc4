import { describe, expect, it } from "vitest";
import { createFakeApp } from "../fakes/fake-app";
import { parseNote } from "../../src/core/notes/parse-note";
import { sha256Hex } from "../../src/core/util/sha256";
import { shortHash } from "../../src/core/util/short-hash";
import { LintNoteCache } from "../../src/obsidian/lint-note-cache";
import { ObsidianVaultView } from "../../src/obsidian/obsidian-vault-view";

const ARTICLE = "# A\n\nOne two three four.\nSee `src/a.ts:run`.\n";

/** A cache over a fake vault where knowledge/ holds articles and daily/ the logs. */
function cacheOver(files: Record<string, string>, citations = true) {
  const app = createFakeApp(files);
  const cache = new LintNoteCache(new ObsidianVaultView(app as never), {
    isDaily: (p) => p.startsWith("daily/"),
    isArticle: (p) => p.startsWith("knowledge/"),
    wantsCitations: () => citations,
  });
  for (const [p, t] of Object.entries(files)) cache.absorb(p, t, parseNote(t));
  return { app, cache };
}

describe("LintNoteCache", () => {
  it("keeps one record per note: a log's hash, an article's short hash and citations, every note's word count", () => {
    const { cache } = cacheOver({ "knowledge/a.md": ARTICLE, "daily/2026-11-20.md": "- did things\n" });
    expect(cache.logHash("daily/2026-11-20.md")).toBe(sha256Hex("- did things\n"));
    expect(cache.articleHash("knowledge/a.md")).toBe(shortHash(ARTICLE));
    expect(cache.citationsOf("knowledge/a.md").map((c) => c.path)).toEqual(["src/a.ts"]);
    expect(cache.logHash("knowledge/a.md")).toBeUndefined();
    expect(cache.articleHash("daily/2026-11-20.md")).toBeUndefined();
    expect(cache.view.note("knowledge/a.md")?.wordCount).toBe(parseNote(ARTICLE).wordCount);
  });

  it("moves everything read of a renamed article with it, and drops the hashes of a note that is no longer of their kind", () => {
    const { app, cache } = cacheOver({ "knowledge/a.md": ARTICLE, "daily/2026-11-20.md": "- log\n" });
    app.files.set("knowledge/b.md", app.files.get("knowledge/a.md")!);
    app.files.delete("knowledge/a.md");
    cache.rename("knowledge/a.md", "knowledge/b.md");
    expect(cache.articleHash("knowledge/b.md")).toBe(shortHash(ARTICLE));
    expect(cache.citationsOf("knowledge/b.md")).toHaveLength(1);
    expect(cache.view.note("knowledge/b.md")?.wordCount).toBe(parseNote(ARTICLE).wordCount);
    expect(cache.articleHash("knowledge/a.md")).toBeUndefined();
    app.files.set("notes/b.md", app.files.get("knowledge/b.md")!);
    cache.rename("knowledge/b.md", "notes/b.md");
    expect(cache.articleHash("notes/b.md")).toBeUndefined();
    expect(cache.citationsOf("notes/b.md")).toEqual([]);
    cache.rename("daily/2026-11-20.md", "archive/2026-11-20.md");
    expect(cache.logHash("archive/2026-11-20.md")).toBeUndefined();
  });

  it("forgets a deleted note, and everything on reset for a new full lint", () => {
    const { app, cache } = cacheOver({ "knowledge/a.md": ARTICLE, "daily/2026-11-20.md": "- log\n" });
    cache.delete("knowledge/a.md");
    expect(cache.articleHash("knowledge/a.md")).toBeUndefined();
    expect(cache.citationsOf("knowledge/a.md")).toEqual([]);
    const fresh = new ObsidianVaultView(app as never);
    cache.reset(fresh);
    expect(cache.view).toBe(fresh);
    expect(cache.logHash("daily/2026-11-20.md")).toBeUndefined();
  });

  it("reads no citations while no code repository is configured", () => {
    const { cache } = cacheOver({ "knowledge/a.md": ARTICLE }, false);
    expect(cache.citationsOf("knowledge/a.md")).toEqual([]);
    expect(cache.articleHash("knowledge/a.md")).toBe(shortHash(ARTICLE));
  });
});
