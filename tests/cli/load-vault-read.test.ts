import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { loadVault } from "../../src/node/load-vault";

const DEMO = join(import.meta.dirname, "..", "..", "examples", "demo-vault");

describe("loadVault reading only the knowledge folder", () => {
  it("reads and parses the knowledge folder's notes only, but still resolves links to every file of the vault", async () => {
    const all = await loadVault(DEMO);
    const some = await loadVault(DEMO, {}, undefined, { read: "knowledge" });
    const daily = [...all.texts.keys()].filter((p) => p.startsWith("daily/"));
    expect(daily.length).toBeGreaterThan(0);
    expect([...some.texts.keys()].every((p) => p.startsWith("knowledge/"))).toBe(true);
    expect([...some.texts.keys()].sort()).toEqual([...all.texts.keys()].filter((p) => p.startsWith("knowledge/")).sort());
    expect(some.index.note(daily[0]!)).toBeUndefined();
    expect(some.index.resolve(daily[0]!.replace(/\.md$/, "").split("/").pop()!, "knowledge/index.md")).toBe(daily[0]);
    expect(some.settings).toEqual(all.settings);
  });
});

describe("loadVault keeping only some texts", () => {
  it("keeps the daily notes' texts, reads any other note's again when asked, and counts every note read", async () => {
    const all = await loadVault(DEMO);
    const daily = await loadVault(DEMO, {}, undefined, { keepTexts: "daily" });
    const none = await loadVault(DEMO, {}, undefined, { keepTexts: false });
    const logs = [...all.texts.keys()].filter((p) => p.startsWith("daily/")).sort();
    expect(logs.length).toBeGreaterThan(1);
    expect([...daily.texts.keys()].sort()).toEqual(logs);
    expect(none.texts.size).toBe(0);
    for (const v of [all, daily, none]) {
      expect(v.noteCount).toBe(all.texts.size);
      // Every note's text, kept or read again, is the one read at load; a file that is no note has none.
      for (const [p, t] of all.texts) expect(v.textOf(p)).toBe(t);
      expect(v.textOf("no/such/note.md")).toBeUndefined();
    }
    const attachment = all.files.find((p) => !p.endsWith(".md"));
    if (attachment !== undefined) expect(none.textOf(attachment)).toBeUndefined();
    expect(daily.index.notePaths()).toEqual(all.index.notePaths());
  });
});
