import { describe, expect, it } from "vitest";
import { estimateCost } from "../../../src/core/llm/cost";
import { canRevalidate, revalidateArticle, type RevalidationReviewer } from "../../../src/core/workflows/revalidate-workflow";
import { undoLast } from "../../../src/core/workflows/undo-workflow";
import { InMemoryNoteStore } from "../../fakes/in-memory-note-store";
import { inMemoryKcHost } from "../../fakes/in-memory-kc-host";
import { ScriptedLanguageModel } from "../../fakes/scripted-language-model";
import { fixtureFiles } from "../compile/compile-fixture";

const PATH = "knowledge/concepts/sqlite-wal-mode.md";
const KEEP = JSON.stringify({ similar_high: [], similar_mid: [{ target: "concepts/retry-with-backoff", stamp: "2026-11" }] });
const PRICEY = { input: 30, output: 150, cacheWrite: 37.5, cacheRead: 3 };
const yes: RevalidationReviewer = { review: () => Promise.resolve(true) };

function setup(replies: string[], files: Record<string, string> = fixtureFiles()) {
  const store = new InMemoryNoteStore(files);
  const model = new ScriptedLanguageModel(replies);
  return { store, model, host: inMemoryKcHost(store, model, { price: PRICEY, nowIso: "2026-11-22T10:00:00.000Z" }) };
}

describe("revalidating an article's relationships", () => {
  it("finds the article by its link, asks once with this month, writes the reviewed header and log entry, and undo puts it back", async () => {
    const { store, model, host } = setup([KEEP]);
    const before = store.files.get(PATH)!;
    const events: string[] = [];
    let reviewedUsd = -1;
    const r = await revalidateArticle(
      host,
      "concepts/sqlite-wal-mode",
      { review: (_c, spent) => ((reviewedUsd = spent.usd), Promise.resolve(true)) },
      {
        events: { asking: (p, n) => events.push(`asking ${p} ${n}`), proposed: (_u, usd) => events.push(`spent ${usd}`) },
      },
    );
    if (r.status !== "written") throw new Error(JSON.stringify(r));
    expect(host.asked.map((a) => a.role)).toEqual(["compile"]);
    expect(model.requests).toHaveLength(1);
    expect(model.requests[0]!.messages[0]!.content).toContain("The current month is 2026-11.");
    expect(r.usd).toBe(estimateCost(r.usage, PRICEY));
    expect(reviewedUsd).toBe(r.usd);
    expect(events).toEqual([`asking ${PATH} 1`, `spent ${r.usd}`]);
    expect(store.files.get(PATH)).toContain("retry-with-backoff · 2026-11");
    expect(store.files.get("knowledge/log.md")).toContain("revalidate | concepts/sqlite-wal-mode");
    await undoLast(host);
    expect(store.files.get(PATH)).toBe(before);
  });

  it("writes nothing when the person says no", async () => {
    const { store, host } = setup([KEEP]);
    const r = await revalidateArticle(host, PATH, { review: () => Promise.resolve(false) });
    expect(r.status).toBe("not-written");
    expect(store.writes).toEqual([]);
  });

  it("refuses, before asking for a model, an unknown name, a daily note and an article without relationships", async () => {
    const files = { ...fixtureFiles(), "knowledge/concepts/alone.md": "---\ntitle: Alone\ntldr: t\nanswers_when: [a]\n---\n# Alone\n" };
    const { host, model } = setup([], files);
    expect(await revalidateArticle(host, "concepts/nowhere", yes)).toMatchObject({
      status: "refused",
      reason: "missing",
      message: 'No concept or connection article "concepts/nowhere" in knowledge/.',
    });
    expect(await revalidateArticle(host, "daily/2026-11-20.md", yes)).toMatchObject({ status: "refused", reason: "not-article" });
    expect(await revalidateArticle(host, "knowledge/concepts/alone", yes)).toMatchObject({ status: "refused", reason: "no-relations" });
    expect(host.asked).toEqual([]);
    expect(model.requests).toHaveLength(0);
  });

  it("says why there is no model and sends nothing", async () => {
    const store = new InMemoryNoteStore(fixtureFiles());
    const host = inMemoryKcHost(store, { kind: "bad-config", message: "--base-url is not a URL." });
    expect(await revalidateArticle(host, PATH, yes)).toEqual({
      status: "unavailable",
      path: PATH,
      error: { kind: "bad-config", message: "--base-url is not a URL." },
    });
    expect(store.writes).toEqual([]);
  });

  it("gives up with nothing written when the reply is invalid twice, with what it cost", async () => {
    const bad = JSON.stringify({ similar_high: [{ target: "concepts/not-listed", stamp: "2026-11" }], similar_mid: [] });
    const { store, host } = setup([bad, bad]);
    const r = await revalidateArticle(host, PATH, yes);
    expect(r).toMatchObject({ status: "failed", message: expect.stringContaining("invalid twice") as unknown });
    expect(r.status === "failed" && r.usd).toBeGreaterThan(0);
    expect(store.writes).toEqual([]);
  });

  it("is offered for an article with relationships and not for a daily note", () => {
    const { host } = setup([]);
    expect(canRevalidate(host, PATH)).toBe(true);
    expect(canRevalidate(host, "daily/2026-11-20.md")).toBe(false);
  });
});
