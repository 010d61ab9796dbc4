import { describe, expect, it } from "vitest";
import type { WriteLock } from "../../../src/core/ports/compile-records";
import { fixLintFinding } from "../../../src/core/workflows/lint-fix-workflow";
import { InMemoryNoteStore } from "../../fakes/in-memory-note-store";
import { inMemoryCompileHost } from "../../fakes/in-memory-compile-host";

const ARTICLE = "# B\n\nAbout B.\n";

/** A lock that counts how often it was taken and released (released must follow every take). */
function countingLock(): WriteLock & { taken: number; released: number } {
  const lock = {
    taken: 0,
    released: 0,
    acquire: () => {
      lock.taken++;
      return Promise.resolve({ ok: true as const, release: () => Promise.resolve(void lock.released++) });
    },
  };
  return lock;
}

describe("fixLintFinding", () => {
  it("writes the fix into a knowledge article, under the write lock, and says which note it wrote", async () => {
    const store = new InMemoryNoteStore({ "knowledge/concepts/b.md": ARTICLE });
    const lock = countingLock();
    const r = await fixLintFinding(inMemoryCompileHost(store, { lock }), {
      kind: "add-backlink",
      path: "knowledge/concepts/b.md",
      target: "knowledge/concepts/a.md",
    });
    expect(r).toEqual({ ok: true, value: { path: "knowledge/concepts/b.md" } });
    expect(store.files.get("knowledge/concepts/b.md")).toBe("# B\n\nAbout B.\n\n## Related Concepts\n- [[knowledge/concepts/a]]\n");
    expect([lock.taken, lock.released]).toEqual([1, 1]);
  });

  it.each([
    ["a note outside the knowledge folder", "notes/b.md", "outside the knowledge folder"],
    ["a daily note", "daily/2026-11-20.md", "outside the knowledge folder"],
    ["a note in a hidden folder", "knowledge/.trash/b.md", "hidden or config folder"],
  ])("writes nothing to %s: the write gate refuses it before the lock is taken", async (_what, path, why) => {
    const store = new InMemoryNoteStore({ [path]: ARTICLE });
    const lock = countingLock();
    const r = await fixLintFinding(inMemoryCompileHost(store, { lock }), { kind: "add-backlink", path, target: "knowledge/concepts/a.md" });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain(why);
    expect(store.files.get(path)).toBe(ARTICLE);
    expect(lock.taken).toBe(0);
  });

  it("writes nothing to a daily note kept inside the knowledge folder's tree by the daily notes settings", async () => {
    const path = "knowledge/journal/2026-11-20.md";
    const store = new InMemoryNoteStore({ [path]: ARTICLE });
    const rules = { knowledgeFolder: "knowledge", dailyFolder: "knowledge/journal", dailyFormat: "YYYY-MM-DD" };
    const r = await fixLintFinding(inMemoryCompileHost(store, { rules }), { kind: "add-backlink", path, target: "knowledge/concepts/a.md" });
    expect(r.ok).toBe(false);
    expect(store.files.get(path)).toBe(ARTICLE);
  });

  it("says a fix cannot be applied when its note is gone, and leaves the lock free", async () => {
    const lock = countingLock();
    const r = await fixLintFinding(inMemoryCompileHost(new InMemoryNoteStore({}), { lock }), {
      kind: "add-backlink",
      path: "knowledge/concepts/b.md",
      target: "knowledge/concepts/a.md",
    });
    expect(r).toEqual({ ok: false, error: "Cannot fix: knowledge/concepts/b.md no longer exists." });
    expect([lock.taken, lock.released]).toEqual([1, 1]);
  });

  it("leaves the note as it was when the fix no longer applies to its text", async () => {
    const text = '---\nsimilar_high: "[[a\n---\n# B\n';
    const store = new InMemoryNoteStore({ "knowledge/concepts/b.md": text });
    const r = await fixLintFinding(inMemoryCompileHost(store), {
      kind: "trim-relationships",
      path: "knowledge/concepts/b.md",
      property: "similar_high",
      keep: 3,
    });
    expect(r).toEqual({ ok: false, error: "Not fixed: The frontmatter is not valid YAML; fix it by hand first." });
    expect(store.files.get("knowledge/concepts/b.md")).toBe(text);
  });

  it("writes nothing when the write lock cannot be had (another writer holds the vault)", async () => {
    const store = new InMemoryNoteStore({ "knowledge/concepts/b.md": ARTICLE });
    const lock: WriteLock = { acquire: () => Promise.resolve({ ok: false, message: "Another compile is writing this vault." }) };
    const r = await fixLintFinding(inMemoryCompileHost(store, { lock }), {
      kind: "add-backlink",
      path: "knowledge/concepts/b.md",
      target: "knowledge/concepts/a.md",
    });
    expect(r).toEqual({ ok: false, error: "Not fixed: Another compile is writing this vault." });
    expect(store.files.get("knowledge/concepts/b.md")).toBe(ARTICLE);
  });
});
