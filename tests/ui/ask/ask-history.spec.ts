import { afterEach, describe, expect, it, vi } from "vitest";
import { AskHistory, type HistoryFiles } from "../../../src/ui/ask/ask-history";
import { CONFIG_DIR } from "../../fakes/config-dir";

const PATH = `${CONFIG_DIR}/plugins/kc/ask-history.json`;

function files(initial?: string, fail: { read?: boolean; write?: boolean } = {}) {
  const store = new Map<string, string>(initial === undefined ? [] : [[PATH, initial]]);
  const writes: string[] = [];
  const f: HistoryFiles = {
    exists: (p) => Promise.resolve(store.has(p)),
    read: (p) => (fail.read ? Promise.reject(new Error("EACCES")) : Promise.resolve(store.get(p) ?? "")),
    write: (p, t) => {
      if (fail.write) return Promise.reject(new Error("EROFS"));
      writes.push(t);
      store.set(p, t);
      return Promise.resolve();
    },
  };
  return { f, store, writes };
}

afterEach(() => vi.useRealTimers());

describe("AskHistory", () => {
  it("keeps the last 50 distinct questions, newest last, and survives a reload", async () => {
    vi.useFakeTimers();
    const { f } = files();
    const h = new AskHistory(f, PATH);
    await h.load();
    for (let i = 0; i < 60; i++) h.add(`question ${i}`);
    h.add("question 55");
    expect(h.list()).toHaveLength(50);
    expect(h.list().at(-1)).toBe("question 55");
    expect(h.list()[0]).toBe("question 10");
    await h.flush();
    const again = new AskHistory(f, PATH);
    await again.load();
    expect(again.list()).toEqual(h.list());
  });

  it("writes once after the questions stop coming, not once per question", async () => {
    vi.useFakeTimers();
    const { f, writes } = files();
    const h = new AskHistory(f, PATH, 1000);
    await h.load();
    h.add("a");
    h.add("b");
    await vi.advanceTimersByTimeAsync(999);
    expect(writes).toHaveLength(0);
    h.add("c");
    await vi.advanceTimersByTimeAsync(1000);
    expect(writes).toHaveLength(1);
    expect(JSON.parse(writes[0]!)).toEqual({ questions: ["a", "b", "c"] });
  });

  it.each([
    ["corrupt JSON", "{ not json"],
    ["an object without questions", '{"other": 1}'],
    ["a number", "42"],
    ["null", "null"],
  ])("reads %s as an empty history", async (_name, text) => {
    const h = new AskHistory(files(text).f, PATH);
    await h.load();
    expect(h.list()).toEqual([]);
  });

  it("keeps only the strings of a hand-edited file, and reads a plain array too", async () => {
    const h = new AskHistory(files('{"questions": ["ok", 3, null, "  ", "also ok"]}').f, PATH);
    await h.load();
    expect(h.list()).toEqual(["ok", "also ok"]);
    const plain = new AskHistory(files('["x", "y"]').f, PATH);
    await plain.load();
    expect(plain.list()).toEqual(["x", "y"]);
  });

  it("treats an unreadable file as empty and an unwritable folder as no history, without throwing", async () => {
    const h = new AskHistory(files('["x"]', { read: true, write: true }).f, PATH);
    await h.load();
    expect(h.list()).toEqual([]);
    h.add("still works");
    await expect(h.flush()).resolves.toBeUndefined();
    expect(h.list()).toEqual(["still works"]);
  });

  it("keeps a question asked before the file was read as the newest", async () => {
    const h = new AskHistory(files('["old"]').f, PATH);
    const loading = h.load();
    h.add("new");
    await loading;
    expect(h.list()).toEqual(["old", "new"]);
  });

  it.each([
    ["an unreadable file", '["kept 1", "kept 2"]', { read: true }],
    ["corrupt JSON", "{ not json", {}],
    ["a file of another shape", '{"other": 1}', {}],
  ])("never writes over %s: the questions asked since stay in memory only", async (_name, text, fail) => {
    const { f, store, writes } = files(text, fail);
    const h = new AskHistory(f, PATH);
    await h.load();
    h.add("asked after the failed read");
    await h.flush();
    expect(writes).toEqual([]);
    expect(store.get(PATH)).toBe(text);
    expect(h.list()).toEqual(["asked after the failed read"]);
  });

  it("waits for the file to be read before a flush writes, so a question asked early keeps the older ones", async () => {
    const { f, writes } = files('["old 1", "old 2"]');
    const h = new AskHistory(f, PATH);
    h.add("new");
    await h.flush();
    expect(writes.map((w) => JSON.parse(w) as unknown)).toEqual([{ questions: ["old 1", "old 2", "new"] }]);
  });

  it("is one history per plugin folder: two panels see each other's questions and neither writes over the other", async () => {
    const { f, writes } = files('["old"]');
    const first = AskHistory.shared(f, PATH);
    const second = AskHistory.shared(f, PATH);
    expect(second).toBe(first);
    await Promise.all([first.load(), second.load()]);
    first.add("from the first panel");
    second.add("from the second panel");
    await first.flush();
    await second.flush();
    expect(JSON.parse(writes.at(-1)!)).toEqual({ questions: ["old", "from the first panel", "from the second panel"] });
    expect(AskHistory.shared(files().f, PATH)).not.toBe(first);
  });
});
