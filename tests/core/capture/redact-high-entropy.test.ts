import { describe, expect, it } from "vitest";
import { redactSecrets } from "../../../src/core/capture/redact";
import { looksRandom } from "../../../src/core/capture/looks-random";

// The high-entropy rule is the table's fail-closed end: a long run of letters, digits and / + _ = - with all three
// kinds of character. On research-data's noclocks-vault it once took 587 of 631 redactions, nearly all paths and
// slugs of words (`04-RESOURCES/Definitions/Acronyms/Database`). These shapes pin both sides. All values made up.
const SECRETS: [what: string, text: string, secret: string][] = [
  ["a random mixed-case key alone", "key AbC9xYz8QwErTy7UiOp6AsDfGh5JkLz4Mn", "AbC9xYz8QwErTy7UiOp6AsDfGh5JkLz4Mn"],
  ["base64 with slashes (an AWS secret's shape)", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "wJalrXUtnFEMI"],
  ["base64 with plus signs and padding", "Zm9vYmFy+QmF6Qnl0ZXM/YWJjZGVmZ2hpams+bG1ub3A==", "QmF6Qnl0ZXM"],
  ["a query value in a URL", "https://example.com/callback?code=AbC9xYz8QwErTy7UiOp6AsDfGh5Jk&state=1", "AbC9xYz8QwErTy7UiOp6AsDfGh5Jk"],
  ["a key as a path piece of a URL", "https://example.com/files/AbC9xYz8QwErTy7UiOp6AsDfGh5Jk/download", "AbC9xYz8QwErTy7UiOp6AsDfGh5Jk"],
  ["a random id at the end of a word slug", "ai/search/for-the-geospatial-enrichment-JX92wU8rR7Or0SWPoM8", "JX92wU8rR7Or0SWPoM8"],
  ["a key after a word and a dash", "prod-AbC9xYz8QwErTy7UiOp6AsDfGh5JkLz", "AbC9xYz8QwErTy7UiOp6AsDfGh5JkLz"],
  ["an underscore-joined key", "myapp_live_Q9wErTy7UiOp6AsDfGh5JkLz4XcVb", "Q9wErTy7UiOp6AsDfGh5JkLz4XcVb"],
  ["repeated mixed pieces", `blob ${"aB3/".repeat(12)} end`, "aB3/aB3/aB3/"],
  ["a piece of random case between words", "docs/Getting-Started/xKcDqWeRtYuIoP/Guide-2024", "xKcDqWeRtYuIoP"],
  ["letters and digits interleaved in one piece", "build/Release/K7MDENG9PqR2sT/Notes-2024-Final", "K7MDENG9PqR2sT"],
  ["a token as long as a prompt", `x ${"Ab1".repeat(3000)} y`, "Ab1Ab1Ab1"],
  ["one word and a number without separators (never a slug)", "Documentationpagesandmore1234567", "Documentationpagesandmore1234567"],
];

const KEPT: [what: string, text: string][] = [
  ["a folder path with numbered folders", "[[04-RESOURCES/Definitions/Acronyms/Database]]"],
  ["a journal path", "03-AREAS/Journal/2024/04-April/_README"],
  ["a blog slug with a year", "https://example.com/blog/how-to-set-up-Foo-Bar-Baz-in-2024"],
  ["camel-case words and acronyms", "04-RESOURCES/Definitions/Dictionary/GeoParquet-PMTiles-DuckDB"],
  ["package paths with numbered names", "quartz/node_modules/d3-zoom/README and sass-embedded-win32-x64/README"],
  ["a forum thread", "reddit.com/r/AskHistorians/comments/1fgbq7k/where_did_the_idea_come/"],
  ["a status id", "twitter.com/SomeAuthor/status/1719306468808114415"],
  ["two-letter words", "org/MA_Khan/Close-Down-No-Connection-Sword-Verse-9"],
  ["encoded spaces and page numbers", "20Prayer/9023-sahih-book-004-hadith-number-2127 /Fath_Ul_Bari_Vol_10/page/n543/mode/2up"],
  ["a product path", "com/hc/en-us/articles/360000434878-How-Do-Tag-Hierarchies-Work"],
  ["acronyms and long words with numbers", "docs/ICG15/Philosophy900/philosophy1900/12N-14P-360DPI/documentation"],
  ["camel case of several words", "maps/GeoJSON-OpenStreetMap-DuckDB-ArcGIS/2024"],
  ["a run without a digit", "TheQuickBrownFoxJumpsOverTheLazyDogAgain"],
  ["a run without a lower-case letter", "ABCDEF0123456789ABCDEF0123456789XY"],
  ["a run without an upper-case letter", "abcdef0123456789abcdef0123456789xy"],
];

describe("the high-entropy rule", () => {
  it.each(SECRETS)("still hides %s", (_what, text, secret) => {
    const r = redactSecrets(text);
    expect(r.text).toContain("[REDACTED:");
    // The random part is gone whole: no 8-character run of it is left.
    for (let i = 0; i + 8 <= secret.length; i++) expect(r.text).not.toContain(secret.slice(i, i + 8));
  });

  it.each(KEPT)("keeps %s", (_what, text) => {
    const r = redactSecrets(text);
    expect(r.text).toBe(text);
    expect(r.count).toBe(0);
  });
});

describe("looksRandom", () => {
  it("calls a single run without separators random: a long mixed token is never a slug", () => {
    expect(looksRandom("GeoParquet2024Database")).toBe(true);
    expect(looksRandom("Documentationpagesandmore1234567")).toBe(true);
  });

  it("judges each piece: one random piece makes the whole path random", () => {
    expect(looksRandom("04-RESOURCES/Definitions/Database")).toBe(false);
    expect(looksRandom("04-RESOURCES/Definitions/dAtAbAsE")).toBe(true);
  });

  it("never takes a piece longer than 64 characters for a word", () => {
    expect(looksRandom(`docs/${"a".repeat(64)}`)).toBe(false);
    expect(looksRandom(`docs/${"a".repeat(65)}`)).toBe(true);
  });
});
