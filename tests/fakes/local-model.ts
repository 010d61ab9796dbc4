// The adapter against a loopback server (Node's fetch and timers, streaming, no retries), as the hosted API or a local
// model server is called, with whatever a test changes: one set-up for the adapter's tests.
import { AnthropicLanguageModel } from "../../src/llm/anthropic-language-model";
import { nodeFetch, nodeTimers } from "../../src/node/node-runtime";
import type { LoopbackServer } from "./loopback-anthropic-server";

export type ModelOptions = ConstructorParameters<typeof AnthropicLanguageModel>[0];

/** The adapter against a loopback server as the hosted API is called (a key, streaming, no retries), with a test's changes. */
export function loopbackModel(server: LoopbackServer, over: Partial<ModelOptions> = {}): AnthropicLanguageModel {
  return new AnthropicLanguageModel({
    apiKey: "sk-test",
    model: "claude-test",
    baseUrl: server.baseUrl,
    maxRetries: 0,
    streaming: true,
    fetch: nodeFetch,
    timers: nodeTimers,
    ...over,
  });
}

/** The same as a local model server is called: Ollama's model id and no key. */
export function localModel(server: LoopbackServer, over: Partial<ModelOptions> = {}): AnthropicLanguageModel {
  return loopbackModel(server, { apiKey: null, model: "llama3.2:3b", ...over });
}
