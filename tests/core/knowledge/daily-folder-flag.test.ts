import { describe, expect, it } from "vitest";
import { CONFIG_DIR } from "../../fakes/config-dir";
import { readDailyFolderFlag } from "../../../src/core/knowledge/daily-folder-flag";

// Issue 32: odd --daily-folder values, one rule: a relative path of visible folders inside the vault, normalised;
// anything else refused in a sentence.
describe("odd --daily-folder values", () => {
  it.each([
    ["daily", "daily"],
    ["daily/", "daily"],
    ["daily///", "daily"],
    ["./daily/", "daily"],
    ["Journal//2026/", "Journal/2026"],
    ["daily\\sub", "daily/sub"],
    [" daily ", "daily"],
    ["/", ""],
    [".", ""],
  ])("reads %j as %j", (input, expected) => {
    expect(readDailyFolderFlag(input)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ["", "is empty"],
    ["   ", "is empty"],
    ["/daily", "must be a folder inside the vault"],
    ["C:\\daily", "must be a folder inside the vault"],
    ["~/notes", "in your home folder"],
    ["~", "in your home folder"],
    ["..", "climbs out of the vault"],
    ["daily/../..", "climbs out of the vault"],
    [CONFIG_DIR, `hidden folder ("${CONFIG_DIR}")`],
    ["daily/.trash", 'hidden folder (".trash")'],
    ["a\u0000b", "control character"],
    ["daily\n", "control character"],
  ])("refuses %j (%s)", (input, why) => {
    const r = readDailyFolderFlag(input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain(why);
  });
});
