import { describe, expect, it } from "vitest";
import { revertIndexRows } from "../../../src/core/knowledge/revert-index-rows";

const HEAD =
  "# Knowledge Base Index\n\n| Article | Summary | Compiled From | Updated | TLDR | Answers when |\n|---------|---------|---------------|---------|------|--------------|\n";
const row = (a: string, s = "x") => `| [[concepts/${a}]] | ${s} | d.md | 2026-11-01 | t | w |\n`;

describe("taking one write's index rows back out of an index the person edited", () => {
  it("removes an added row, puts a changed row back, and re-adds a removed row, keeping the person's lines", () => {
    const before = `${HEAD}${row("a")}${row("b")}${row("gone")}`;
    const after = `${HEAD}${row("a")}${row("b", "changed")}${row("new")}`;
    const current = `${after}\nMy line below the table.\n`;
    expect(revertIndexRows(before, after, current)).toBe(`${HEAD}${row("a")}${row("b")}${row("gone")}\nMy line below the table.\n`);
  });

  it("keeps the table of an index the write created, without its rows", () => {
    const after = `${HEAD}${row("new")}`;
    expect(revertIndexRows(null, after, `Mine.\n\n${after}`)).toBe(`Mine.\n\n${HEAD}`);
  });

  it("gives up (null) when the person changed a row the write wrote, or the write changed text outside the rows", () => {
    expect(revertIndexRows(HEAD, `${HEAD}${row("new")}`, `${HEAD}${row("new", "mine")}`)).toBeNull();
    expect(revertIndexRows(HEAD, `Intro\n${HEAD}${row("new")}`, `Intro\n${HEAD}${row("new")}Mine\n`)).toBeNull();
  });
});
