import { describe, expect, it } from "vitest";
import type { UndoRecord } from "../../../src/core/compile/write-compile";
import { commitWrites } from "../../../src/core/workflows/commit-writes";
import { InMemoryCompileRecords, TEST_RULES } from "../../fakes/in-memory-compile-host";
import { InMemoryNoteStore } from "../../fakes/in-memory-note-store";

const record = (path: string, before: string | null, after: string): UndoRecord => ({
  version: 1,
  op: "compile",
  at: "2026-11-22T10:00:00.000Z",
  logPath: "daily/2026-11-22.md",
  previousState: null,
  files: [{ path, before, after }],
});

describe("a write that finds an interrupted one", () => {
  it("refuses, naming kc undo, and leaves the pending journal and every file as they were", async () => {
    const store = new InMemoryNoteStore({ "knowledge/index.md": "half-written\n" });
    const records = new InMemoryCompileRecords();
    const crashed = { ...record("knowledge/index.md", "original\n", "half-written\n"), status: "pending" as const };
    records.journal = crashed;
    const r = await commitWrites(store, TEST_RULES, records, record("knowledge/index.md", "half-written\n", "new\n"));
    expect(r.ok).toBe(false);
    expect(r.ok ? "" : r.error).toMatch(/interrupted.*kc undo/);
    expect(records.journal).toEqual(crashed);
    expect(store.files.get("knowledge/index.md")).toBe("half-written\n");
    expect(store.writes).toEqual([]);
  });

  it("refuses when the pending journal cannot be read, rather than writing over it", async () => {
    const store = new InMemoryNoteStore({});
    const records = new InMemoryCompileRecords();
    records.loadJournal = () => Promise.reject(Object.assign(new Error("EACCES"), { code: "EACCES" }));
    const r = await commitWrites(store, TEST_RULES, records, record("knowledge/a.md", null, "a\n"));
    expect(r.ok ? "" : r.error).toMatch(/could not be read.*kc undo/);
    expect(store.files.size).toBe(0);
  });

  it("writes as before when there is no pending journal", async () => {
    const store = new InMemoryNoteStore({});
    const records = new InMemoryCompileRecords();
    const r = await commitWrites(store, TEST_RULES, records, record("knowledge/a.md", null, "a\n"));
    expect(r.ok).toBe(true);
    expect(store.files.get("knowledge/a.md")).toBe("a\n");
    expect(records.journal).toBeNull();
  });
});
