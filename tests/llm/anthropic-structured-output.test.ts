import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startLoopbackAnthropic, type LoopbackServer } from "../fakes/loopback-anthropic-server";
import { loopbackModel, type ModelOptions } from "../fakes/local-model";
import type { CompletionRequest } from "../../src/core/llm/language-model";
import { DEFAULT_MODEL, DEFAULT_SELECT_MODEL } from "../../src/core/llm/models";
import { buildSelectRequest } from "../../src/core/route/select-articles";
import { COMPILE_MAX_TOKENS, COMPILE_SYSTEM_PROMPT, COMPILE_TOOL } from "../../src/core/compile/compile-prompt";

// Native structured output (the JSON schema as the request's output format) and the offered-tool path kept for
// servers without it, with the real SDK against the loopback Messages API server on 127.0.0.1.
let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackAnthropic();
});
afterEach(async () => server.close());

const model = (id: string, over: Partial<ModelOptions> = {}) => loopbackModel(server, { model: id, ...over });
const native = (id: string) => model(id, { structuredOutput: "native" });
const compileRequest = (): CompletionRequest => ({
  system: COMPILE_SYSTEM_PROMPT,
  messages: [{ role: "user", content: "Daily log: retries now wait 1, 2, 4 seconds." }],
  maxTokens: COMPILE_MAX_TOKENS,
  jsonSchema: COMPILE_TOOL,
});
const PROSE_REFUSED = {
  kind: "invalid-reply",
  message: "The model answered in prose instead of the structured reply it was asked for; the reply was not used.",
};

describe("native structured output", () => {
  it("asks Sonnet 5.5 for compile's reply with its schema as the output format, offering no tool, and returns the JSON", async () => {
    server.replies.push({ kind: "text", text: '{"creates":[],"updates":[]}' });
    const r = await native(DEFAULT_MODEL).complete(compileRequest());
    expect(r.ok && JSON.parse(r.value.text)).toEqual({ creates: [], updates: [] });
    const body = server.requests[0]!.body;
    expect(body.output_config).toEqual({ format: { type: "json_schema", schema: JSON.parse(JSON.stringify(COMPILE_TOOL.schema)) as unknown } });
    expect(body.tools).toBeUndefined();
    expect(body.tool_choice).toBeUndefined();
    expect(body.thinking).toEqual({ type: "between_tools" });
    for (const key of ["temperature", "top_p", "top_k"]) expect(body).not.toHaveProperty(key);
  });

  it("asks Haiku 5.5 for the selection the same way, at low effort, with no thinking field", async () => {
    server.replies.push({ kind: "text", text: '{"covered":true,"articles":["a1"]}' });
    const request = buildSelectRequest("How long do retries wait?", []);
    const r = await native(DEFAULT_SELECT_MODEL).complete(request);
    expect(r.ok && r.value.text).toBe('{"covered":true,"articles":["a1"]}');
    const body = server.requests[0]!.body;
    expect(body.output_config).toEqual({
      format: { type: "json_schema", schema: JSON.parse(JSON.stringify(request.jsonSchema!.schema)) as unknown },
      effort: "low",
    });
    expect(body.tools).toBeUndefined();
    expect(body.thinking).toBeUndefined();
  });

  it("refuses a reply in prose as an invalid reply, without a second request", async () => {
    server.replies.push({ kind: "text", text: "Sure! Here are the articles I would create: one about retries." });
    const r = await native(DEFAULT_MODEL).complete(compileRequest());
    expect(!r.ok && r.error).toEqual(PROSE_REFUSED);
    expect(server.requests).toHaveLength(1);
  });

  it("passes a reply cut off by max_tokens on with its stop reason, for the caller to report", async () => {
    server.replies.push({ kind: "text", text: '{"creates":[{"path":"con', stopReason: "max_tokens" });
    const r = await native(DEFAULT_MODEL).complete(compileRequest());
    expect(r.ok && r.value.stopReason).toBe("max_tokens");
  });

  it("falls back to the offered tool when the server refuses the output format, and keeps using the tool", async () => {
    server.replies.push({ kind: "status", status: 400, type: "invalid_request_error", message: "output_config: Extra inputs are not permitted" });
    server.replies.push({ kind: "tool", name: "choose_articles", input: { covered: true, articles: ["a1"] } });
    server.replies.push({ kind: "tool", name: "choose_articles", input: { covered: false, articles: [] } });
    const haiku = native(DEFAULT_SELECT_MODEL);
    const first = await haiku.complete(buildSelectRequest("First?", []));
    expect(first.ok && JSON.parse(first.value.text)).toEqual({ covered: true, articles: ["a1"] });
    const second = await haiku.complete(buildSelectRequest("Second?", []));
    expect(second.ok && JSON.parse(second.value.text)).toEqual({ covered: false, articles: [] });
    const [asked, retried, later] = server.requests.map((q) => q.body);
    expect(asked!.output_config).toMatchObject({ effort: "low" });
    for (const body of [retried!, later!]) {
      expect(body.output_config).toBeUndefined();
      expect(body.tool_choice).toEqual({ type: "auto", disable_parallel_tool_use: true });
    }
    expect(server.requests).toHaveLength(3);
  });

  it("does not fall back on a bad request that is not about the output format", async () => {
    server.replies.push({ kind: "status", status: 400, type: "invalid_request_error", message: "max_tokens: 8000 > 4096, the maximum for this model" });
    const r = await native(DEFAULT_MODEL).complete(compileRequest());
    expect(!r.ok && r.error.kind).toBe("bad-request");
    expect(server.requests).toHaveLength(1);
  });

  it("asks a server behind a base URL with the offered tool and no output configuration unless told it has native output", async () => {
    server.replies.push({ kind: "tool", name: "propose_articles", input: { creates: [], updates: [] } });
    server.replies.push({ kind: "tool", name: "choose_articles", input: { covered: false, articles: [] } });
    await model(DEFAULT_MODEL).complete(compileRequest());
    await model(DEFAULT_SELECT_MODEL).complete(buildSelectRequest("How long?", []));
    for (const { body } of server.requests) {
      expect(body.output_config).toBeUndefined();
      expect(body.tool_choice).toEqual({ type: "auto", disable_parallel_tool_use: true });
    }
  });

  it("sends no output format for a plain answer, even when native output is on", async () => {
    server.replies.push({ kind: "text", text: "Retries wait 1, 2 and 4 seconds." });
    const r = await native(DEFAULT_MODEL).stream({ system: "Answer.", messages: [{ role: "user", content: "How long?" }], maxTokens: 100 }, () => undefined);
    expect(r.ok && r.value.text).toBe("Retries wait 1, 2 and 4 seconds.");
    expect(server.requests[0]!.body.output_config).toBeUndefined();
  });
});
