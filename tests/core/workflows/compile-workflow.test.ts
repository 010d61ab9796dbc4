import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { NoteStoreError } from "../../../src/core/notes/note-store";
import { readIndexRows } from "../../../src/core/knowledge/index-file";
import { prepareCompile, proposeFor, writeReviewed, type CompileHost } from "../../../src/core/workflows/compile-workflow";
import { undoLast } from "../../../src/core/workflows/undo-workflow";
import type { WriteLock } from "../../../src/core/ports/compile-records";
import { InMemoryNoteStore } from "../../fakes/in-memory-note-store";
import { inMemoryCompileHost, InMemoryCompileRecords } from "../../fakes/in-memory-compile-host";
import { ScriptedLanguageModel } from "../../fakes/scripted-language-model";
import { articleIndexOf, fixtureFiles, LOG, resolverOf } from "../compile/compile-fixture";
import { firstConcept, replyWith, validReply } from "../compile/scripted-replies";

/** A store whose nth write fails (a read-only folder, a full disk), optionally also the removes of a roll-back. */
class FailingStore extends InMemoryNoteStore {
  writesLeft = Infinity;
  failRollBack = false;
  private fail(path: string): void {
    if (this.writesLeft-- === 0) throw Object.assign(new Error(`EACCES: permission denied, open '/vault/${path}'`), { code: "EACCES", path: `/vault/${path}` });
  }
  override create(path: string, content: string): Promise<void> {
    this.fail(path);
    return super.create(path, content);
  }
  override process(path: string, fn: (t: string) => string): Promise<string> {
    this.fail(path);
    return super.process(path, fn);
  }
  override remove(path: string): Promise<void> {
    if (this.failRollBack) return Promise.reject(new NoteStoreError(path, "unreadable", `${path} is locked.`));
    return super.remove(path);
  }
}

function hostOver(store: InMemoryNoteStore, extra: { records?: InMemoryCompileRecords; lock?: WriteLock } = {}) {
  const files = Object.fromEntries(store.files);
  return inMemoryCompileHost(store, { index: articleIndexOf(files), resolve: resolverOf(files), ...extra });
}

async function outcomeFor(host: CompileHost, reply: Record<string, unknown> = validReply(), log = LOG) {
  const prepared = await prepareCompile(host, log);
  if (!prepared.ok) throw new Error(prepared.error);
  const r = await proposeFor(host, new ScriptedLanguageModel([JSON.stringify(reply)]), prepared.value.plan);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}
const all = (o: { changes: { path: string }[] }) => new Set(o.changes.map((c) => c.path));

describe("a compile's write is one unit", () => {
  it("puts back every file already written when a later write fails, and keeps the previous undo record", async () => {
    const store = new FailingStore(fixtureFiles());
    const host = hostOver(store);
    host.records.undo = { version: 1, op: "compile", at: "2026-11-21T10:00:00Z", logPath: "daily/2026-11-19.md", files: [], previousState: null };
    const before = new Map(store.files);
    const outcome = await outcomeFor(host);
    store.writesLeft = 3;
    const r = await writeReviewed(host, outcome, all(outcome), false);
    expect(r).toEqual({
      ok: false,
      error: expect.stringMatching(/^Nothing was changed: permission denied \(.+\) \(the 3 files already written were put back\)\.$/) as unknown,
    });
    expect(store.files).toEqual(before);
    expect(host.records.journal).toBeNull();
    expect(host.records.undo?.logPath).toBe("daily/2026-11-19.md");
    expect(host.records.states.size).toBe(0);
  });

  it("leaves the journal when even the roll-back fails, and undo then finishes putting files back", async () => {
    const store = new FailingStore(fixtureFiles());
    const host = hostOver(store);
    const before = new Map(store.files);
    const outcome = await outcomeFor(host);
    store.writesLeft = 2;
    store.failRollBack = true;
    const r = await writeReviewed(host, outcome, all(outcome), false);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain('Run "Undo last compile" (kc undo) to finish');
    expect(host.records.journal?.status).toBe("pending");
    store.failRollBack = false;
    store.writesLeft = Infinity;
    const undo = await undoLast(host);
    expect(undo.ok && undo.value?.interrupted).toBe(true);
    for (const [path, text] of before) if (path !== "knowledge/log.md") expect(store.files.get(path), path).toBe(text);
    expect([...store.files.keys()].sort()).toEqual([...before.keys()].sort());
    expect(host.records.journal).toBeNull();
  });

  it("writes nothing when the journal cannot be saved first", async () => {
    const store = new InMemoryNoteStore(fixtureFiles());
    const records = new InMemoryCompileRecords();
    const host = hostOver(store, { records });
    const outcome = await outcomeFor(host);
    records.failJournal = true;
    const before = new Map(store.files);
    const r = await writeReviewed(host, outcome, all(outcome), false);
    expect(r).toEqual({ ok: false, error: "Nothing was written: the undo journal could not be saved (the disk is read-only)." });
    expect(store.files).toEqual(before);
    expect(store.writes).toEqual([]);
  });

  it("keeps a header field the person changed during the review and names the file as skipped", async () => {
    const store = new InMemoryNoteStore(fixtureFiles());
    const host = hostOver(store);
    const path = "knowledge/concepts/sqlite-wal-mode.md";
    const outcome = await outcomeFor(
      host,
      replyWith((x) => (x.updates[0]!.tldr = "The model's new summary.")),
    );
    const mine = store.files.get(path)!.replace(/^tldr: .*$/m, "tldr: My own words, typed during the review.");
    store.files.set(path, mine);
    const r = await writeReviewed(host, outcome, all(outcome), false);
    if (!r.ok) throw new Error(r.error);
    expect(store.files.get(path)).toBe(mine);
    expect(r.value.skipped).toEqual([{ path, reason: 'the header field "tldr" changed since the proposal was made; the file was left as it is' }]);
  });

  it("never loses an index row or log entry when two compiles write at once", async () => {
    const files = fixtureFiles();
    files["daily/2026-11-21.md"] = files[LOG]!.replace(/2026-11-20/g, "2026-11-21");
    const store = new InMemoryNoteStore(files);
    const host = hostOver(store);
    const a = await outcomeFor(host);
    const b = await outcomeFor(
      host,
      { summary: "b", new_articles: [{ ...firstConcept(), path: "concepts/portal-probes", title: "Portal probes", aliases: [] }], updates: [] },
      "daily/2026-11-21.md",
    );
    const [ra, rb] = await Promise.all([writeReviewed(host, a, all(a), false), writeReviewed(host, b, all(b), true)]);
    expect(ra.ok && rb.ok).toBe(true);
    const rows = readIndexRows(store.files.get("knowledge/index.md")!);
    expect(rows.has("concepts/captive-portal-detection")).toBe(true);
    expect(rows.has("concepts/portal-probes")).toBe(true);
    const log = store.files.get("knowledge/log.md")!;
    expect(log).toContain("compile | Daily Log 2026-11-20");
    expect(log).toContain("compile | Daily Log 2026-11-21");
  });

  it("without a lock, a write that finds index.md changed under it is rolled back instead of losing a row", async () => {
    const files = fixtureFiles();
    const store = new InMemoryNoteStore(files);
    const noLock: WriteLock = { acquire: () => Promise.resolve({ ok: true, release: () => Promise.resolve() }) };
    const host = hostOver(store, { lock: noLock });
    const outcome = await outcomeFor(host);
    const process = store.process.bind(store);
    store.process = (path, fn) => {
      if (path === "knowledge/index.md") store.files.set(path, `${store.files.get(path)!}| [[concepts/other]] | added by someone else | | |\n`);
      return process(path, fn);
    };
    const r = await writeReviewed(host, outcome, all(outcome), false);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain("knowledge/index.md changed while writing");
    expect(store.files.get("knowledge/index.md")).toContain("added by someone else");
    expect(store.files.has("knowledge/concepts/captive-portal-detection.md")).toBe(false);
  });
});

describe("any sequence of compiles, edits, failures and undos", () => {
  type Step = { kind: "compile"; log: number; failAt: number | null } | { kind: "edit"; which: number } | { kind: "undo" } | { kind: "concurrent" };
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({ kind: fc.constant("compile" as const), log: fc.integer({ min: 0, max: 2 }), failAt: fc.option(fc.integer({ min: 0, max: 6 })) }),
    fc.record({ kind: fc.constant("edit" as const), which: fc.integer({ min: 0, max: 2 }) }),
    fc.constant({ kind: "undo" as const }),
    fc.constant({ kind: "concurrent" as const }),
  );

  it("leaves daily notes byte-identical, writes only inside the knowledge folder and keeps every written log entry", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        const files = fixtureFiles();
        const logs = [LOG, "daily/2026-11-21.md", "daily/2026-11-18.md"];
        files[logs[1]!] = files[LOG]!.replace(/2026-11-20/g, "2026-11-21");
        files[logs[2]!] = files[LOG]!.replace(/2026-11-20/g, "2026-11-18");
        files["notes/elsewhere.md"] = "# Mine\n";
        const store = new FailingStore(files);
        const host = hostOver(store);
        const outside = new Map([...store.files].filter(([p]) => !p.startsWith("knowledge/")));
        const entries: string[] = [];
        const editable = ["knowledge/concepts/sqlite-wal-mode.md", "knowledge/index.md", "knowledge/concepts/retry-with-backoff.md"];
        const compileOnce = async (log: string, failAt: number | null) => {
          const n = Math.floor(Math.random() * 1e6);
          const reply = { summary: "s", new_articles: [{ ...firstConcept(), path: `concepts/c-${n}`, title: `Concept ${n}`, aliases: [] }], updates: [] };
          const outcome = await outcomeFor(host, reply, log);
          store.writesLeft = failAt ?? Infinity;
          const r = await writeReviewed(host, outcome, all(outcome), false);
          store.writesLeft = Infinity;
          if (r.ok) entries.push(`c-${n}`);
        };
        for (const s of steps) {
          if (s.kind === "compile") await compileOnce(logs[s.log]!, s.failAt);
          else if (s.kind === "edit") store.files.set(editable[s.which]!, `${store.files.get(editable[s.which]!)!}\nA line of my own.\n`);
          else if (s.kind === "concurrent") await Promise.all([compileOnce(logs[0]!, null), compileOnce(logs[1]!, null)]);
          else {
            const u = await undoLast(host);
            if (u.ok && u.value && u.value.removed.length > 0)
              entries.splice(0, entries.length, ...entries.filter((e) => !u.value!.removed.some((p) => p.includes(e))));
          }
          for (const [p, t] of outside) expect(store.files.get(p), p).toBe(t);
          expect(store.writes.every((p) => p.startsWith("knowledge/"))).toBe(true);
          const index = store.files.get("knowledge/index.md") ?? "";
          for (const e of entries) expect(index).toContain(`concepts/${e}`);
        }
      }),
      { numRuns: 60 },
    );
  });
});
