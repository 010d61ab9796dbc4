import { describe, expect, it } from "vitest";
import { readCkpHeader } from "../../../src/core/ckp/read-ckp-header";
import { proposeRevalidation, type RevalidateInput } from "../../../src/core/compile/revalidate";
import { writeRevalidationReviewed } from "../../../src/core/workflows/reviewed-writes";
import { inMemoryCompileHost, TEST_RULES } from "../../fakes/in-memory-compile-host";
import { restoredLogState, undoCompile } from "../../../src/core/compile/undo-compile";
import { parseNote } from "../../../src/core/notes/parse-note";
import { InMemoryNoteStore } from "../../fakes/in-memory-note-store";
import { ScriptedLanguageModel } from "../../fakes/scripted-language-model";
import { fixtureFiles } from "./compile-fixture";

const PATH = "knowledge/concepts/sqlite-wal-mode.md";
function input(text: string): RevalidateInput {
  const parsed = parseNote(text);
  return {
    path: PATH,
    text,
    header: readCkpHeader(parsed.frontmatter),
    opening: text.slice(parsed.bodyStartOffset, parsed.bodyStartOffset + 500),
    related: [{ target: "concepts/retry-with-backoff", title: "Retry with backoff", tldr: "Jittered retries.", answersWhen: ["retry"], updated: "2026-11-22" }],
    month: "2026-11",
    knowledgeFolder: "knowledge",
  };
}

describe("revalidating an article's relationships", () => {
  it("re-stamps what the model keeps and changes nothing else", async () => {
    const text = fixtureFiles()[PATH]!;
    const model = new ScriptedLanguageModel([JSON.stringify({ similar_high: [], similar_mid: [{ target: "concepts/retry-with-backoff", stamp: "2026-11" }] })]);
    const r = await proposeRevalidation(model, input(text));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.change.after).toContain('"[[concepts/retry-with-backoff|retry-with-backoff · 2026-11]]"');
    expect(r.value.change.after).toContain("validated: 2026-11");
    const body = (t: string) => t.slice(parseNote(t).bodyStartOffset);
    expect(body(r.value.change.after)).toBe(body(text));
    expect(model.requests[0]!.messages[0]!.content).toContain("concepts/retry-with-backoff: Retry with backoff.");
  });

  it("retries once when the model adds an article that was not listed, then gives up with nothing changed", async () => {
    const bad = JSON.stringify({ similar_high: [{ target: "concepts/other", stamp: "2026-11" }], similar_mid: [] });
    const model = new ScriptedLanguageModel([bad, bad]);
    const r = await proposeRevalidation(model, input(fixtureFiles()[PATH]!));
    expect(r.ok).toBe(false);
    expect(model.requests).toHaveLength(2);
    expect(model.requests[1]!.messages[0]!.content).toContain("is not one of the listed related articles");
    if (!r.ok) expect(r.error.usage.inputTokens).toBe(200);
  });

  it("drops a relationship the model classifies as NONE, writes through review, logs it, and can be undone", async () => {
    const files = fixtureFiles();
    const store = new InMemoryNoteStore(files);
    const model = new ScriptedLanguageModel([JSON.stringify({ similar_high: [], similar_mid: [] })]);
    const r = await proposeRevalidation(model, input(files[PATH]!));
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.change.after).not.toContain("similar_mid");
    const w = await writeRevalidationReviewed(inMemoryCompileHost(store, { nowIso: "2026-11-22T10:00:00Z" }), r.value.change);
    expect(w.ok).toBe(true);
    expect(store.files.get("knowledge/log.md")).toContain("revalidate | concepts/sqlite-wal-mode");
    if (!w.ok) return;
    await undoCompile(store, w.value, TEST_RULES, "2026-11-22T10:05:00Z");
    expect(store.files.get(PATH)).toBe(files[PATH]);
    expect(store.files.get("knowledge/log.md")).toContain("undo | revalidate of knowledge/concepts/sqlite-wal-mode.md");
    // an article has no compile state: undo puts none back
    expect(restoredLogState(w.value)).toBeNull();
  });

  it("leaves the article when it changed during the review", async () => {
    const files = fixtureFiles();
    const store = new InMemoryNoteStore(files);
    const model = new ScriptedLanguageModel([JSON.stringify({ similar_high: [], similar_mid: [] })]);
    const r = await proposeRevalidation(model, input(files[PATH]!));
    if (!r.ok) throw new Error(r.error.message);
    store.files.set(PATH, `${files[PATH]!}\nmine\n`);
    const w = await writeRevalidationReviewed(inMemoryCompileHost(store, { nowIso: "2026-11-22T10:00:00Z" }), r.value.change);
    expect(w).toEqual({ ok: false, error: `${PATH} changed during the review; it was left as it is.` });
    expect(store.files.get(PATH)).toBe(`${files[PATH]!}\nmine\n`);
  });
});
