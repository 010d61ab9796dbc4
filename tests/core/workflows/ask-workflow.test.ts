import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { nodeFetch, nodeTimers } from "../../../src/node/node-runtime";
import { NOT_COVERED_ANSWER } from "../../../src/core/ask/build-answer-prompt";
import { readIndexRows } from "../../../src/core/knowledge/index-file";
import { err, ok } from "../../../src/core/result";
import type { ModelPrice } from "../../../src/core/llm/models";
import { titleCitations } from "../../../src/core/ask/title-citations";
import { answerQuestion, articleTitle, EMPTY_QUESTION_ANSWER, fileBackAnswer, routeFor, selectFor } from "../../../src/core/workflows/ask-workflow";
import type { KcHost, ModelOptions, ModelRole, OperationSettings } from "../../../src/core/ports/host";
import { DEFAULT_KNOWLEDGE_SETTINGS } from "../../../src/core/knowledge/knowledge-settings";
import { AnthropicLanguageModel } from "../../../src/llm/anthropic-language-model";
import { InMemoryNoteStore } from "../../fakes/in-memory-note-store";
import { inMemoryCompileHost, TEST_RULES } from "../../fakes/in-memory-compile-host";
import { startLoopbackAnthropic, type LoopbackServer } from "../../fakes/loopback-anthropic-server";
import { articleIndexOf, fixtureFiles, resolverOf } from "../compile/compile-fixture";

// The Ask workflow over an in-memory host: the fixture vault in a Map, the real SDK against the loopback Messages API.
const ANSWER_PRICE: ModelPrice = { input: 3, output: 15, cacheWrite: 3.75, cacheRead: 0.3 };
const SELECT_PRICE: ModelPrice = { input: 1, output: 5, cacheWrite: 1.25, cacheRead: 0.1 };
const COVERED = "How many times does a retry back off?";
const NOT_COVERED = "Which migration routes do Arctic terns follow in winter?";

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackAnthropic();
});
afterEach(async () => server.close());

/** A KcHost over the fixture vault; `calls` records each model asked for, `noKey` makes every role unavailable. */
function askHost(options: { selectWithModel?: boolean; budget?: number; noKey?: boolean; knowledgeFolder?: string } = {}) {
  const files = fixtureFiles();
  const store = new InMemoryNoteStore(files);
  const rules = { ...TEST_RULES, knowledgeFolder: options.knowledgeFolder ?? TEST_RULES.knowledgeFolder };
  const compile = inMemoryCompileHost(store, { index: articleIndexOf(files), resolve: resolverOf(files), rules });
  const settings: OperationSettings = {
    knowledge: { ...DEFAULT_KNOWLEDGE_SETTINGS, ...rules },
    ask: { budget: options.budget ?? 6000, selectWithModel: options.selectWithModel ?? false },
    compile: { confirmAboveUsd: 0.25 },
    contradictions: { maxPairs: 20, maxTokens: 60_000 },
    drift: { olderThanDays: 90, maxArticles: 10, maxTokens: 40_000 },
  };
  const calls: { role: ModelRole; options: ModelOptions }[] = [];
  const host: KcHost = {
    ...compile,
    pluginFiles: { read: () => Promise.resolve(null), write: () => Promise.resolve() },
    settings: () => settings,
    indexTokens: () => 500,
    models: {
      get: (role, o = {}) => {
        calls.push({ role, options: o });
        if (options.noKey) return Promise.resolve(err({ kind: "no-key" as const, message: "No Anthropic API key." }));
        const id = role === "select" ? "claude-select" : "claude-answer";
        const model = new AnthropicLanguageModel({
          apiKey: "sk-test",
          model: id,
          baseUrl: server.baseUrl,
          maxRetries: 0,
          streaming: o.streaming ?? false,
          fetch: nodeFetch,
          timers: nodeTimers,
        });
        return Promise.resolve(ok({ id, model, price: role === "select" ? SELECT_PRICE : ANSWER_PRICE }));
      },
      planned: (role) => ({ id: role === "select" ? "claude-select" : "claude-answer", price: role === "select" ? SELECT_PRICE : ANSWER_PRICE }),
    },
  };
  return { host, store, records: compile.records, calls };
}

describe("routing a question for Ask", () => {
  it("routes under the settings' Ask budget and counts the host's index.md tokens into what loading everything costs", () => {
    const { host } = askHost({ budget: 4321 });
    const route = routeFor(host, COVERED);
    expect(route.status).toBe("routed");
    expect(route.budget).toBe(4321);
    const articles = [...host.index().all()].reduce((n, d) => n + d.tokens, 0);
    expect(route.loadAllTokens).toBe(500 + articles);
  });

  it("loads the closest matches of an uncovered question only when asked to", () => {
    const { host } = askHost();
    expect(routeFor(host, NOT_COVERED).status).toBe("not-covered");
    const closest = routeFor(host, "How do retries handle Arctic tern migration routes in winter?", { closest: true });
    expect(closest.status).toBe("routed");
    expect(routeFor(host, "How do retries handle Arctic tern migration routes in winter?").status).toBe("not-covered");
  });

  it("names an article by its header's title, never by the router's search field (which repeats the file name)", () => {
    const { host } = askHost();
    expect(host.index().get("knowledge/concepts/retry-with-backoff.md")?.title).not.toBe("Retry with backoff");
    expect(articleTitle(host, "knowledge/concepts/retry-with-backoff.md")).toBe("Retry with backoff");
    expect(articleTitle(host, "knowledge/concepts/gone.md")).toBe("gone");
  });

  it("names a cited note by its title however the answer writes the link: the path with or without .md, or its name", () => {
    const { host } = askHost();
    const titleOf = (p: string): string => articleTitle(host, p);
    expect(titleOf("knowledge/concepts/retry-with-backoff")).toBe("Retry with backoff");
    expect(titleOf("retry-with-backoff")).toBe("Retry with backoff");
    expect(titleCitations("See [[knowledge/concepts/retry-with-backoff]] and [[retry-with-backoff#When]].", titleOf)).toBe(
      "See [[knowledge/concepts/retry-with-backoff|Retry with backoff]] and [[retry-with-backoff#When|Retry with backoff]].",
    );
    expect(titleOf("knowledge/concepts/gone")).toBe("gone");
  });
});

describe("the selection step", () => {
  it("does nothing when the settings turn it off: no model is asked for and no request is sent", async () => {
    const { host, calls } = askHost({ selectWithModel: false });
    expect(await selectFor(host, COVERED)).toBeNull();
    expect(calls).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });

  it("lets the select model pick from the shortlist and says who chose, from how many headers, at the select model's price", async () => {
    const { host, calls } = askHost({ selectWithModel: true });
    server.replies.push({ kind: "tool", name: "choose_articles", input: { covered: true, articles: ["a1"] } });
    const picked = await selectFor(host, COVERED);
    expect(calls.map((c) => c.role)).toEqual(["select"]);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.body.model).toBe("claude-select");
    expect(picked?.route.status).toBe("routed");
    expect(picked?.route.loaded[0]!.path).toBe("knowledge/concepts/retry-with-backoff.md");
    const note = picked!.note;
    expect(note.by).toBe("model");
    if (note.by !== "model") return;
    expect(note.model).toBe("claude-select");
    expect(note.shortlisted).toBeGreaterThan(0);
    // The loopback's default usage: 10 in, 5 out, at $1 / $5 per million.
    expect(note.usage).toMatchObject({ inputTokens: 10, outputTokens: 5 });
    expect(note.costUsd).toBeCloseTo((10 * 1 + 5 * 5) / 1e6, 12);
  });

  it("makes no call for a question the base clearly does not cover, and says so", async () => {
    const { host } = askHost({ selectWithModel: true });
    const picked = await selectFor(host, NOT_COVERED);
    expect(server.requests).toHaveLength(0);
    expect(picked?.note).toEqual({ by: "no-call" });
    expect(picked?.route.status).toBe("not-covered");
  });

  it("leaves the keyword route standing when there is no key, and falls back to it with the reason when the call fails", async () => {
    expect(await selectFor(askHost({ selectWithModel: true, noKey: true }).host, COVERED)).toBeNull();
    const { host } = askHost({ selectWithModel: true });
    server.replies.push({ kind: "status", status: 400, type: "invalid_request_error", message: "model not found" });
    const picked = await selectFor(host, COVERED);
    expect(picked?.note.by).toBe("keywords");
    expect(picked?.note.by === "keywords" && picked.note.reason).toContain("model not found");
    expect(picked?.route).toEqual(routeFor(host, COVERED));
  });

  it("falls back to the keyword route when the select model answers in prose instead of choosing (a covered question stays covered)", async () => {
    const { host } = askHost({ selectWithModel: true });
    server.replies.push({ kind: "text", text: "Five times, with jittered backoff." });
    const picked = await selectFor(host, COVERED);
    expect(picked?.note.by).toBe("keywords");
    expect(picked?.note.by === "keywords" && picked.note.reason).toContain("not a choice among the shortlisted articles");
    expect(picked?.route).toEqual(routeFor(host, COVERED));
    expect(picked?.route.status).toBe("routed");
  });
});

describe("answering a routed question", () => {
  it("answers a question the base does not cover with no model asked and no request sent", async () => {
    const { host, calls } = askHost();
    const r = await answerQuestion(host, routeFor(host, NOT_COVERED), [], () => undefined);
    expect(r).toEqual({ ok: false, error: { kind: "not-covered", message: NOT_COVERED_ANSWER } });
    const empty = await answerQuestion(host, routeFor(host, "the and of"), [], () => undefined);
    expect(empty).toEqual({ ok: false, error: { kind: "empty-question", message: EMPTY_QUESTION_ANSWER } });
    expect(calls).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });

  it("streams an answer from only the loaded articles after the thread's turns, and prices it at the answering model's price", async () => {
    const { host, calls } = askHost();
    const route = routeFor(host, COVERED);
    server.replies.push({ kind: "text", text: "Up to five times [[knowledge/concepts/retry-with-backoff]].", usage: { input: 1000, output: 200 } });
    let streamed = "";
    const r = await answerQuestion(host, route, [{ question: "What is WAL mode?", answer: "A journal mode." }], (d) => (streamed += d), { streaming: true });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(streamed).toBe("Up to five times [[knowledge/concepts/retry-with-backoff]].");
    expect(r.value.completion.text).toBe(streamed);
    expect(r.value.model).toBe("claude-answer");
    expect(r.value.costUsd).toBeCloseTo((1000 * 3 + 200 * 15) / 1e6, 12);
    expect(calls).toEqual([{ role: "answer", options: { streaming: true } }]);
    const body = server.requests[0]!.body as { stream?: boolean; messages: { role: string; content: string }[] };
    expect(body.stream).toBe(true);
    expect(body.messages.slice(0, 2)).toEqual([
      { role: "user", content: "What is WAL mode?" },
      { role: "assistant", content: "A journal mode." },
    ]);
    const prompt = body.messages[2]!.content;
    for (const l of route.loaded) expect(prompt).toContain(`## [[${l.path.replace(/\.md$/, "")}]]`);
    expect(prompt).not.toContain("[[knowledge/concepts/sqlite-wal-mode]]");
    expect(prompt).toContain("Uploads that fail with a network error");
  });

  it("sends an article loaded as its TLDR as its title and TLDR only, never its body", async () => {
    const { host } = askHost();
    const routed = routeFor(host, COVERED);
    const route = { ...routed, loaded: [{ ...routed.loaded[0]!, path: "knowledge/concepts/retry-with-backoff.md", part: "tldr" as const }] };
    server.replies.push({ kind: "text", text: "Five." });
    await answerQuestion(host, route, [], () => undefined);
    const prompt = (server.requests[0]!.body as { messages: { content: string }[] }).messages[0]!.content;
    expect(prompt).toContain(
      "## [[knowledge/concepts/retry-with-backoff]] (TLDR only)\n\nRetry with backoff: Failed uploads are retried up to 5 times with jittered delays between 1 and 16 seconds.",
    );
    expect(prompt).not.toContain("Uploads that fail with a network error");
  });

  it("says why when no model can be asked, with no request sent", async () => {
    const { host } = askHost({ noKey: true });
    const r = await answerQuestion(host, routeFor(host, COVERED), [], () => undefined);
    expect(r).toEqual({ ok: false, error: { kind: "no-key", message: "No Anthropic API key." } });
    expect(server.requests).toHaveLength(0);
  });
});

describe("filing an answer back", () => {
  it("writes a qa/ article with its index row and log entry through the write gate, journalled for undo, under a free name", async () => {
    const { host, store, records } = askHost();
    const route = routeFor(host, COVERED);
    const first = await fileBackAnswer(host, route, "Up to five times [[knowledge/concepts/retry-with-backoff]].");
    expect(first).toEqual({ ok: true, value: "knowledge/qa/how-many-times-does-a-retry-back-off.md" });
    expect(store.files.get("knowledge/qa/how-many-times-does-a-retry-back-off.md")).toContain("Up to five times");
    expect([...readIndexRows(store.files.get("knowledge/index.md")!).keys()]).toContain("qa/how-many-times-does-a-retry-back-off");
    expect(store.files.get("knowledge/log.md")).toContain("how-many-times-does-a-retry-back-off");
    expect(records.undo?.op).toBe("file-back");
    expect(records.undo?.files.map((f) => f.path)).toEqual(["knowledge/qa/how-many-times-does-a-retry-back-off.md", "knowledge/index.md", "knowledge/log.md"]);
    const second = await fileBackAnswer(host, route, "Five.");
    expect(second).toEqual({ ok: true, value: "knowledge/qa/how-many-times-does-a-retry-back-off-2.md" });
  });

  it("writes nothing when the write gate refuses the knowledge folder, and says why", async () => {
    const { host, store } = askHost({ knowledgeFolder: "" });
    const before = new Map(store.files);
    const r = await fileBackAnswer(host, routeFor(askHost().host, COVERED), "Five.");
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toContain("vault root");
    expect(store.files).toEqual(before);
    expect(store.writes).toEqual([]);
  });
});
