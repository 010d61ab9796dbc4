import { describe, expect, it } from "vitest";
import { applyLintFixes, planLintFixes } from "../../../src/core/workflows/lint-fix-workflow";
import { undoLast } from "../../../src/core/workflows/undo-workflow";
import { InMemoryNoteStore } from "../../fakes/in-memory-note-store";
import { inMemoryCompileHost } from "../../fakes/in-memory-compile-host";

const B = "# B\n\nAbout B.\n";
const C = "# C\n\nAbout C.\n";
const backlink = (path: string, target: string) => ({ kind: "add-backlink" as const, path, target });

describe("fixing every finding of a check at once", () => {
  it("plans each note's whole change for review without writing anything", async () => {
    const store = new InMemoryNoteStore({ "knowledge/concepts/b.md": B, "knowledge/concepts/c.md": C });
    const host = inMemoryCompileHost(store);
    const plan = await planLintFixes(host, [
      backlink("knowledge/concepts/b.md", "knowledge/concepts/a.md"),
      backlink("knowledge/concepts/b.md", "knowledge/concepts/d.md"),
      backlink("knowledge/concepts/c.md", "knowledge/concepts/a.md"),
      backlink("daily/2026-11-20.md", "knowledge/concepts/a.md"),
    ]);
    expect(plan.changes.map((c) => [c.path, c.summary.length])).toEqual([
      ["knowledge/concepts/b.md", 2],
      ["knowledge/concepts/c.md", 1],
    ]);
    expect(plan.changes[0]!.after).toContain("[[knowledge/concepts/a]]");
    expect(plan.changes[0]!.after).toContain("[[knowledge/concepts/d]]");
    expect(plan.skipped).toHaveLength(1);
    expect(store.files.get("knowledge/concepts/b.md")).toBe(B);
  });

  it("writes the reviewed changes as one write that one undo takes back", async () => {
    const store = new InMemoryNoteStore({ "knowledge/concepts/b.md": B, "knowledge/concepts/c.md": C });
    const host = inMemoryCompileHost(store);
    const plan = await planLintFixes(host, [
      backlink("knowledge/concepts/b.md", "knowledge/concepts/a.md"),
      backlink("knowledge/concepts/c.md", "knowledge/concepts/a.md"),
    ]);
    const r = await applyLintFixes(host, plan.changes);
    expect(r).toEqual({ ok: true, value: { paths: ["knowledge/concepts/b.md", "knowledge/concepts/c.md"] } });
    expect(store.files.get("knowledge/concepts/c.md")).toContain("[[knowledge/concepts/a]]");
    const undone = await undoLast(host);
    expect(undone.ok && undone.value?.op).toBe("lint-fix");
    expect(store.files.get("knowledge/concepts/b.md")).toBe(B);
    expect(store.files.get("knowledge/concepts/c.md")).toBe(C);
  });

  it("writes nothing when a note changed after the review", async () => {
    const store = new InMemoryNoteStore({ "knowledge/concepts/b.md": B, "knowledge/concepts/c.md": C });
    const host = inMemoryCompileHost(store);
    const plan = await planLintFixes(host, [
      backlink("knowledge/concepts/b.md", "knowledge/concepts/a.md"),
      backlink("knowledge/concepts/c.md", "knowledge/concepts/a.md"),
    ]);
    store.files.set("knowledge/concepts/c.md", `${C}Edited.\n`);
    const r = await applyLintFixes(host, plan.changes);
    expect(r.ok).toBe(false);
    expect(store.files.get("knowledge/concepts/b.md")).toBe(B);
  });
});
