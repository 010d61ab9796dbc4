import { describe, expect, it } from "vitest";
import { normalizeFolderPath } from "../../../src/core/knowledge/folder-path";

describe("normalizeFolderPath", () => {
  it.each([
    ["knowledge", "knowledge"],
    ["./knowledge", "knowledge"],
    ["knowledge/", "knowledge"],
    [" ./notes//kb/./ ", "notes/kb"],
    ["notes\\kb", "notes/kb"],
    [".", ""],
    ["/", ""],
    ["", ""],
  ])("reads %j as the vault path %j", (input, expected) => {
    expect(normalizeFolderPath(input)).toEqual({ ok: true, value: expected });
  });

  it.each(["../elsewhere", "kb/../../x", "/etc", "C:/Users", "c:\\kb"])("refuses %j, which is not inside the vault", (input) => {
    const r = normalizeFolderPath(input, "knowledge folder");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain(`knowledge folder "${input}"`);
  });
});
