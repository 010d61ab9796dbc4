import { describe, expect, it } from "vitest";
import { applyUpdate } from "../../../src/core/compile/build-changes";
import { addBacklinks } from "../../../src/core/compile/add-backlinks";
import { dedupeProposal } from "../../../src/core/compile/dedupe-proposal";
import type { CompileOutcome } from "../../../src/core/compile/propose-compile";
import { validateProposal } from "../../../src/core/compile/validate-proposal";
import { buildChanges } from "../../../src/core/compile/build-changes";
import { parseUndoRecord, restoredLogState, undoCompile } from "../../../src/core/compile/undo-compile";
import type { WriteReport } from "../../../src/core/compile/write-compile";
import type { NoteStore } from "../../../src/core/notes/note-store";
import { writeReviewed } from "../../../src/core/workflows/compile-workflow";
import { inMemoryCompileHost, TEST_RULES } from "../../fakes/in-memory-compile-host";
import { readCkpHeader } from "../../../src/core/ckp/read-ckp-header";
import { parseNote } from "../../../src/core/notes/parse-note";
import { expectGolden } from "../../fakes/golden";
import { fixtureCompile } from "./compile-fixture";
import { replyWith, validReply } from "./scripted-replies";

const NOW = "2026-11-22T18:30:00.000Z";
const usage = { inputTokens: 5200, outputTokens: 1400, cacheReadTokens: 0, cacheWriteTokens: 0 };

async function outcomeOf(reply: Record<string, unknown>) {
  const fx = await fixtureCompile();
  const v = validateProposal(JSON.stringify(reply), fx.plan, { existing: fx.existing.byPath });
  if (!v.ok) throw new Error(v.error.join("\n"));
  const proposal = addBacklinks(dedupeProposal(v.value, fx.existing, "knowledge"), fx.existing.byPath, "knowledge");
  const built = buildChanges(proposal, fx.plan, (p) => fx.store.files.get(p));
  const outcome: CompileOutcome = { plan: fx.plan, proposal, changes: built.changes, problems: built.problems, usage, attempts: 1 };
  return { ...fx, outcome };
}
const all = (o: CompileOutcome) => new Set(o.changes.map((c) => c.path));
const ctx = { nowIso: NOW, automatic: false };

/** Writes through the compile workflow (journal, rules, lock) and returns the report; a failure fails the test. */
async function writeCompile(store: NoteStore, outcome: CompileOutcome, accepted: ReadonlySet<string>, c: typeof ctx): Promise<WriteReport> {
  const r = await writeReviewed(inMemoryCompileHost(store, { nowIso: c.nowIso }), outcome, accepted, c.automatic);
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

describe("writing a compile", () => {
  it("writes the articles of a scripted reply as the golden files, and leaves the daily note alone", async () => {
    const { store, outcome } = await outcomeOf(validReply());
    const log = store.files.get("daily/2026-11-20.md");
    const report = await writeCompile(store, outcome, all(outcome), ctx);
    expect(report.skipped).toEqual([]);
    expect(report.written.map((w) => `${w.kind} ${w.path}`)).toEqual([
      "create knowledge/concepts/captive-portal-detection.md",
      "create knowledge/connections/retries-and-captive-portals.md",
      "update knowledge/concepts/sqlite-wal-mode.md",
      "update knowledge/concepts/retry-with-backoff.md",
    ]);
    for (const w of report.written) expectGolden(`compiled/${w.path.replace(/\//g, "__")}`, store.files.get(w.path)!);
    expectGolden("compiled/knowledge__index.md", store.files.get("knowledge/index.md")!);
    expectGolden("compiled/knowledge__log.md", store.files.get("knowledge/log.md")!);
    expect(store.files.get("daily/2026-11-20.md")).toBe(log);
    expect(store.writes.every((p) => p.startsWith("knowledge/"))).toBe(true);
  });

  it("changes nothing of an updated article but its header, the patched section and the Sources list", async () => {
    const { store, outcome } = await outcomeOf(validReply());
    const path = "knowledge/concepts/sqlite-wal-mode.md";
    const before = store.files.get(path)!;
    await writeCompile(store, outcome, new Set([path]), ctx);
    const after = store.files.get(path)!;
    const body = (t: string) => t.slice(parseNote(t).bodyStartOffset);
    const removedLines = body(before)
      .split("\n")
      .filter((l) => !body(after).split("\n").includes(l));
    expect(removedLines).toEqual([]);
    const h = readCkpHeader(parseNote(after).frontmatter);
    expect(h.sources).toEqual(["daily/2026-10-02", "daily/2026-11-20"]);
    expect(h.updated).toBe("2026-11-22");
    expect(h.answersWhen).toContain("wal file grows");
  });

  it("writes only the files the person accepted, and the index rows of those only", async () => {
    const { store, outcome } = await outcomeOf(validReply());
    const report = await writeCompile(store, outcome, new Set(["knowledge/concepts/captive-portal-detection.md"]), ctx);
    expect(report.written).toHaveLength(1);
    expect(store.files.has("knowledge/connections/retries-and-captive-portals.md")).toBe(false);
    const index = store.files.get("knowledge/index.md")!;
    expect(index).toContain("[[concepts/captive-portal-detection]]");
    expect(index).toContain("Kept by the Knowledge Compiler; text outside the table is yours.");
  });

  it("skips, and never overwrites, an update whose section the person edited during the review", async () => {
    const { store, outcome } = await outcomeOf(validReply());
    const path = "knowledge/concepts/sqlite-wal-mode.md";
    const edited = store.files
      .get(path)!
      .replace("SQLite runs an automatic PASSIVE checkpoint", "SQLite (as I just noted) runs an automatic PASSIVE checkpoint");
    store.files.set(path, edited);
    const report = await writeCompile(store, outcome, all(outcome), ctx);
    expect(report.skipped).toEqual([{ path, reason: expect.stringContaining('the section "Checkpoints" changed since the proposal') as unknown }]);
    expect(store.files.get(path)).toBe(edited);
    expect(store.files.get("knowledge/log.md")).toContain(`Skipped ${path}`);
  });

  it("keeps an edit the person made elsewhere in the file during the review", async () => {
    const { store, outcome } = await outcomeOf(validReply());
    const path = "knowledge/concepts/retry-with-backoff.md";
    store.files.set(path, store.files.get(path)!.replace("## Details\n", "## Details\nMy own note, added during the review.\n"));
    await writeCompile(store, outcome, all(outcome), ctx);
    expect(store.files.get(path)).toContain("My own note, added during the review.");
    expect(store.files.get(path)).toContain("captive-portal-detection");
  });

  it("does not create a file over one that appeared during the review", async () => {
    const { store, outcome } = await outcomeOf(validReply());
    store.files.set("knowledge/concepts/captive-portal-detection.md", "mine");
    const report = await writeCompile(store, outcome, all(outcome), ctx);
    expect(store.files.get("knowledge/concepts/captive-portal-detection.md")).toBe("mine");
    expect(report.skipped[0]?.reason).toContain("appeared during the review");
  });

  it("turns a new article that duplicates an existing one into a corroboration with a new source", async () => {
    const dup = replyWith((r) => {
      r.new_articles = [
        {
          path: "concepts/exponential-backoff",
          title: "Exponential backoff",
          tldr: "x",
          answers_when: ["retry"],
          body: "# Exponential backoff\n\nSame idea again.",
        },
      ];
      r.updates = [];
    });
    const { store, outcome } = await outcomeOf(dup);
    expect(outcome.proposal.created).toEqual([]);
    expect(outcome.proposal.notes[0]).toContain("already in the knowledge base as concepts/retry-with-backoff");
    await writeCompile(store, outcome, all(outcome), ctx);
    const h = readCkpHeader(parseNote(store.files.get("knowledge/concepts/retry-with-backoff.md")!).frontmatter);
    expect(h.corroborations).toBe(2);
    expect(h.sources).toContain("daily/2026-11-20");
    expect(store.files.has("knowledge/concepts/exponential-backoff.md")).toBe(false);
  });

  it("adds backlinks to existing articles a new one links to, without making the log their source", async () => {
    const reply = replyWith((r) => ((r.new_articles[0]!.body as string) += "- [[concepts/idempotency-keys]] - Also needed\n"));
    const { store, outcome } = await outcomeOf(reply);
    const path = "knowledge/concepts/idempotency-keys.md";
    const change = outcome.changes.find((c) => c.path === path)!;
    expect(change.summary).toEqual(["adds a backlink to concepts/captive-portal-detection under Related Concepts"]);
    const before = store.files.get(path)!;
    await writeCompile(store, outcome, all(outcome), ctx);
    const after = store.files.get(path)!;
    expect(after).toBe(
      before.replace(
        "- [[concepts/retry-with-backoff]] - Retries rely on keys\n",
        "- [[concepts/retry-with-backoff]] - Retries rely on keys\n- [[concepts/captive-portal-detection]]\n",
      ),
    );
  });

  it("adds no backlink for a link inside code or an embed (the linter does not count them either)", async () => {
    const reply = replyWith((r) => ((r.new_articles[0]!.body as string) += "```\n[[concepts/idempotency-keys]]\n```\n![[concepts/idempotency-keys]]\n"));
    const { outcome } = await outcomeOf(reply);
    expect(outcome.changes.find((c) => c.path === "knowledge/concepts/idempotency-keys.md")).toBeUndefined();
  });

  it("refuses to apply a patch to a section that is gone", async () => {
    const { plan, outcome } = await outcomeOf(validReply());
    const u = outcome.changes.find((c) => c.path.endsWith("sqlite-wal-mode.md"))!.update!;
    const r = applyUpdate("---\ntitle: x\n---\n# X\n\n## Other\ntext\n", u, plan);
    expect(r).toEqual({ ok: false, error: 'the section "Checkpoints" is no longer in the article' });
  });
});

describe("undoing a compile", () => {
  it("restores every touched file to its exact bytes and removes created files", async () => {
    const { store, outcome } = await outcomeOf(validReply());
    const snapshot = new Map(store.files);
    const report = await writeCompile(store, outcome, all(outcome), ctx);
    const undo = await undoCompile(store, report.undo, TEST_RULES, "2026-11-22T19:00:00Z").then((r) => (r.ok ? r.value : Promise.reject(new Error(r.error))));
    expect(undo.left).toEqual([]);
    expect(undo.removed.sort()).toEqual(["knowledge/concepts/captive-portal-detection.md", "knowledge/connections/retries-and-captive-portals.md"]);
    for (const [path, text] of snapshot) {
      if (path === "knowledge/log.md") expect(store.files.get(path)!.startsWith(text)).toBe(true);
      else expect(store.files.get(path)).toBe(text);
    }
    expect(store.files.get("knowledge/log.md")).toContain("undo | compile of daily/2026-11-20.md");
    expect([...store.files.keys()].sort()).toEqual([...snapshot.keys()].sort());
    expect(restoredLogState(report.undo)).toEqual({ logPath: "daily/2026-11-20.md", state: null });
  });

  it("keeps the compile's log.md entry and appends the undo entry after it (log.md is append-only)", async () => {
    const { store, outcome } = await outcomeOf(validReply());
    const report = await writeCompile(store, outcome, all(outcome), ctx);
    const compiled = store.files.get("knowledge/log.md")!;
    await undoCompile(store, report.undo, TEST_RULES, "2026-11-22T19:00:00Z");
    const after = store.files.get("knowledge/log.md")!;
    expect(after.startsWith(compiled)).toBe(true);
    expect(after.slice(compiled.length)).toContain("undo | compile of daily/2026-11-20.md");
  });

  it("reads back only a well-formed undo record; anything else is 'nothing to undo'", async () => {
    const { store, outcome } = await outcomeOf(validReply());
    const report = await writeCompile(store, outcome, all(outcome), ctx);
    expect(parseUndoRecord(JSON.stringify(report.undo))).toEqual(report.undo);
    for (const bad of ["", "{", "null", "[]", '{"version":2,"files":[]}', '{"version":1,"at":"x","logPath":"y","files":{}}', '{"version":1,"files":[]}']) {
      expect(parseUndoRecord(bad)).toBeNull();
    }
    // a record from before `op` existed is a compile's
    const { op: _op, ...old } = report.undo;
    expect(restoredLogState(parseUndoRecord(JSON.stringify(old))!)).not.toBeNull();
  });

  it("leaves a file edited since the compile and says so", async () => {
    const { store, outcome } = await outcomeOf(validReply());
    const report = await writeCompile(store, outcome, all(outcome), ctx);
    const path = "knowledge/concepts/captive-portal-detection.md";
    store.files.set(path, `${store.files.get(path)!}\nMy addition.\n`);
    const undo = await undoCompile(store, report.undo, TEST_RULES, NOW).then((r) => (r.ok ? r.value : Promise.reject(new Error(r.error))));
    expect(undo.left).toEqual([{ path, reason: "edited since the compile" }]);
    expect(store.files.get(path)).toContain("My addition.");
  });

  it("takes its own index.md rows back out of an index the person edited since, and keeps the person's edits", async () => {
    const { store, outcome } = await outcomeOf(validReply());
    const before = store.files.get("knowledge/index.md")!;
    const report = await writeCompile(store, outcome, all(outcome), ctx);
    const index = "knowledge/index.md";
    const compiled = store.files.get(index)!;
    expect(compiled).toContain("[[concepts/captive-portal-detection]]");
    store.files.set(index, compiled.replace("# Knowledge Base Index\n", "# Knowledge Base Index\n\nMy note: check the WAL rows monthly.\n"));
    const undo = await undoCompile(store, report.undo, TEST_RULES, NOW).then((r) => (r.ok ? r.value : Promise.reject(new Error(r.error))));
    expect(undo.left).toEqual([]);
    expect(undo.restored).toContain(index);
    expect(store.files.get(index)).toBe(before.replace("# Knowledge Base Index\n", "# Knowledge Base Index\n\nMy note: check the WAL rows monthly.\n"));
  });

  it("leaves index.md alone when the person changed one of the rows the compile wrote, and says so", async () => {
    const { store, outcome } = await outcomeOf(validReply());
    const report = await writeCompile(store, outcome, all(outcome), ctx);
    const index = "knowledge/index.md";
    const mine = store.files.get(index)!.replace("| [[concepts/captive-portal-detection]] |", "| [[concepts/captive-portal-detection]] | (kept by me) |");
    store.files.set(index, mine);
    const undo = await undoCompile(store, report.undo, TEST_RULES, NOW).then((r) => (r.ok ? r.value : Promise.reject(new Error(r.error))));
    expect(undo.left).toEqual([{ path: index, reason: "edited since the compile" }]);
    expect(store.files.get(index)).toBe(mine);
  });
});
