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
