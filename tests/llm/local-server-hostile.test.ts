import { afterEach, describe, expect, it } from "vitest";
import { localModel, type ModelOptions } from "../fakes/local-model";
import { startLoopbackAnthropic, type LoopbackServer } from "../fakes/loopback-anthropic-server";
import type { CompletionRequest } from "../../src/core/llm/language-model";
import { buildSelectRequest } from "../../src/core/route/select-articles";

// A server that misbehaves: a 400 to every request (even one that says to retry it), or no answer at all. The adapter
// drops what it knows to drop, then stops; it never sends a request it already sent, and never waits past its timeout.
let server: LoopbackServer;
afterEach(async () => server.close());

const model = (over: Partial<ModelOptions> = {}) => localModel(server, { maxRetries: 2, sleep: () => Promise.resolve(true), ...over });
const refuseAll = (message: string, headers: Record<string, string> = {}) => {
  for (let i = 0; i < 50; i++) server.replies.push({ kind: "status", status: 400, type: "invalid_request_error", message, headers });
};
const bodies = () => server.requests.map((r) => JSON.stringify(r.body));
const long: CompletionRequest = { system: "Answer from the articles. ".repeat(2000), messages: [{ role: "user", content: "How long?" }], maxTokens: 100 };

describe("a server that answers 400 to everything", () => {
  for (const [words, message] of [
    ["naming no field", "unsupported request"],
    ["naming every field", "unsupported: cache_control, tool_choice, tools, thinking, output_config"],
    ["for another reason", "Bad request."],
  ] as const)
    it(`stops once nothing optional is left to drop (${words}), never sending a request twice`, async () => {
      server = await startLoopbackAnthropic();
      refuseAll(message);
      const r = await model().complete({ ...buildSelectRequest("How long?", []), system: long.system });
      expect(!r.ok && r.error.kind).toBe("bad-request");
      expect(new Set(bodies()).size).toBe(server.requests.length);
      // At most: with everything, without caching and the forced tool, without tools.
      expect(server.requests.length).toBeLessThanOrEqual(3);
    });

  it("stops a stream the same way, even when each 400 says to retry it", async () => {
    server = await startLoopbackAnthropic();
    refuseAll("unsupported request", { "x-should-retry": "true" });
    const r = await model().stream(long, () => undefined);
    expect(!r.ok && r.error.kind).toBe("bad-request");
    expect(new Set(bodies()).size).toBe(server.requests.length);
    expect(server.requests.length).toBeLessThanOrEqual(2);
  });
});

describe("a server that never answers", () => {
  it("is stopped after the timeout, asked once, for a call and for a stream", async () => {
    server = await startLoopbackAnthropic();
    server.replies.push({ kind: "hang" }, { kind: "hang" });
    const started = Date.now();
    const r = await model({ timeoutMs: 200, maxRetries: 0 }).complete(buildSelectRequest("How long?", []));
    expect(!r.ok && r.error.kind).toBe("timeout");
    const s = await model({ timeoutMs: 200, maxRetries: 0 }).stream(long, () => undefined);
    expect(!s.ok && s.error.kind).toBe("timeout");
    // Each stopped at its 200 ms, not the SDK's own timeout (5 s later): generous for a loaded machine.
    expect(Date.now() - started).toBeLessThan(4000);
    expect(server.requests).toHaveLength(2);
  });
});
