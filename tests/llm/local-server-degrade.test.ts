import { afterEach, describe, expect, it } from "vitest";
import { localModel, type ModelOptions } from "../fakes/local-model";
import { nodeFetch, nodeTimers } from "../../src/node/node-runtime";
import { startLoopbackAnthropic, type LocalServerMode, type LoopbackServer } from "../fakes/loopback-anthropic-server";
import type { CompletionRequest } from "../../src/core/llm/language-model";
import { buildSelectRequest } from "../../src/core/route/select-articles";
import { listModels } from "../../src/llm/anthropic-models";

// A compatible local server (Ollama, LM Studio, llama.cpp) that refuses request fields it does not implement with a
// 400 and reports no usage in the stream: the adapter drops what is refused for that server, says so once, and
// never sends the same refused request twice.
let server: LoopbackServer;
afterEach(async () => server.close());

async function local(mode: LocalServerMode = {}): Promise<LoopbackServer> {
  server = await startLoopbackAnthropic(mode);
  return server;
}
const notices: string[] = [];
const model = (over: Partial<ModelOptions> = {}) => localModel(server, { onDegrade: (m) => notices.push(m), ...over });
const SELECTED = { covered: true, articles: ["a1"] };
const bodies = (): string[] => server.requests.map((r) => JSON.stringify(r.body));

describe("a local model server that refuses optional request fields", () => {
  it("drops each refused field for that server, asks for JSON in the text once tools are refused, and parses it out of a code fence", async () => {
    notices.length = 0;
    await local({ refuse: ["cache_control", "tool_choice", "tools", "thinking", "output_config"] });
    server.replies.push({ kind: "text", text: `Here you go:\n\`\`\`json\n${JSON.stringify(SELECTED)}\n\`\`\`` });
    const r = await model().complete(buildSelectRequest("How long between retries?", []));
    expect(r.ok && JSON.parse(r.value.text)).toEqual(SELECTED);
    expect(new Set(bodies()).size).toBe(server.requests.length);
    const last = server.requests.at(-1)!.body as { system: { text: string; cache_control?: unknown }[]; tools?: unknown; tool_choice?: unknown };
    expect(last.tools).toBeUndefined();
    expect(last.tool_choice).toBeUndefined();
    expect(last.system[0]!.cache_control).toBeUndefined();
    expect(last.system[0]!.text).toContain("Reply with exactly one JSON object");
    expect(notices.join("\n")).toMatch(/prompt caching/);
    expect(notices.join("\n")).toMatch(/tools \(structured replies are asked for as JSON in the text\)/);
    // A second model for the same server (another role, a later call) starts without what was refused: one request.
    const before = server.requests.length;
    const noticed = notices.length;
    server.replies.push({ kind: "text", text: JSON.stringify(SELECTED) });
    const again = await model().complete(buildSelectRequest("And after a failure?", []));
    expect(again.ok && JSON.parse(again.value.text)).toEqual(SELECTED);
    expect(server.requests.length).toBe(before + 1);
    expect(notices.length).toBe(noticed);
  });

  it("drops every optional field at once when a 400 names none, and sends that request only once", async () => {
    notices.length = 0;
    await local({ vague: true });
    server.replies.push({ kind: "tool", name: "choose_articles", input: SELECTED });
    const r = await model().complete(buildSelectRequest("How long?", []));
    expect(r.ok && JSON.parse(r.value.text)).toEqual(SELECTED);
    expect(server.requests).toHaveLength(2);
    const second = server.requests[1]!.body as { tools?: unknown; tool_choice?: unknown };
    expect(second.tool_choice).toBeUndefined();
    expect(notices).toHaveLength(1);
  });

  it("fails with the server's reason when nothing optional is left to drop, without sending the request again", async () => {
    await local({ refuse: ["messages"] });
    const r = await model().complete({ system: "s", messages: [{ role: "user", content: "q" }], maxTokens: 50 });
    expect(!r.ok && r.error.kind).toBe("bad-request");
    expect(new Set(bodies()).size).toBe(server.requests.length);
    expect(server.requests.length).toBeLessThanOrEqual(2);
  });

  it("asks in text from then on when the model answers in text though offered the tool", async () => {
    notices.length = 0;
    await local({ refuse: [] });
    server.replies.push({ kind: "text", text: `Sure. ${JSON.stringify(SELECTED)}` });
    server.replies.push({ kind: "text", text: JSON.stringify(SELECTED) });
    const m = model();
    const first = await m.complete(buildSelectRequest("How long?", []));
    expect(first.ok && JSON.parse(first.value.text)).toEqual(SELECTED);
    expect(server.requests[0]!.body.tools).toBeDefined();
    await m.complete(buildSelectRequest("And then?", []));
    expect(server.requests[1]!.body.tools).toBeUndefined();
    expect(notices.join("\n")).toMatch(/does not take tools/);
  });

  it("streams an answer without usage in the stream, counting its tokens by the local estimate and saying so once", async () => {
    notices.length = 0;
    await local();
    const answer = "Up to five retries, 1 to 16 s apart [[knowledge/concepts/retry-with-backoff]].";
    server.replies.push({ kind: "text", text: answer }, { kind: "text", text: answer });
    const request: CompletionRequest = { system: "Answer from the articles.", messages: [{ role: "user", content: "How long?" }], maxTokens: 200 };
    let text = "";
    const r = await model().stream(request, (d) => (text += d));
    expect(text).toBe(answer);
    expect(r.ok && r.value.usage.outputTokens).toBeGreaterThan(0);
    expect(r.ok && r.value.usage.inputTokens).toBeGreaterThan(0);
    expect(r.ok && r.value.model).toBe("llama3.2:3b");
    await model().stream(request, () => undefined);
    expect(notices.filter((n) => /token usage in the stream/.test(n))).toHaveLength(1);
  });
});

describe("a local model server's model list", () => {
  it("reads the ids of the OpenAI-shaped list local servers serve, with no key", async () => {
    await local();
    server.replies.push({
      kind: "models",
      models: [
        { id: "llama3.2:3b", name: "" },
        { id: "qwen3:0.6b", name: "" },
      ],
    });
    const listed = await listModels({ apiKey: null, baseUrl: server.baseUrl, fetch: nodeFetch, timers: nodeTimers, model: "llama3.2:3b" });
    expect(listed.ok && listed.value).toEqual([
      { id: "llama3.2:3b", name: "llama3.2:3b" },
      { id: "qwen3:0.6b", name: "qwen3:0.6b" },
    ]);
  });
});
