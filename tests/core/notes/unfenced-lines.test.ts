import { describe, expect, it } from "vitest";
import { unfencedLines } from "../../../src/core/notes/unfenced-lines";

const lines = (body: string): (string | null)[] => [...unfencedLines(body)];

describe("unfencedLines", () => {
  it("yields trimmed prose lines and a break where a fence opens, nothing from inside the fence", () => {
    expect(lines("  intro \n```ts\nconst a = 1;\n```\nafter")).toEqual(["intro", null, "after"]);
  });

  it("closes a fence only on a marker of the same character at least as long", () => {
    expect(lines("````\n```\n~~~~\ninside\n````\nout")).toEqual([null, "out"]);
    expect(lines("~~~\n```\n~~~\nout")).toEqual([null, "out"]);
  });

  it("treats a fence inside a quote as a fence, and an unclosed fence hides the rest", () => {
    expect(lines("> ```\n> code\n> ```\nprose")).toEqual([null, "prose"]);
    expect(lines("a\n```\nb\nc")).toEqual(["a", null]);
  });

  it("keeps CRLF bodies line for line", () => {
    expect(lines("one\r\ntwo\r\n")).toEqual(["one", "two", ""]);
  });
});
