// The adapter as the project calls a local model server (Ollama's model id, no key, streaming, Node's fetch and
// timers) against a loopback server, with whatever a test changes: one set-up for the local-server tests.
import { AnthropicLanguageModel } from "../../src/llm/anthropic-language-model";
import { nodeFetch, nodeTimers } from "../../src/node/node-runtime";
import type { LoopbackServer } from "./loopback-anthropic-server";

export type ModelOptions = ConstructorParameters<typeof AnthropicLanguageModel>[0];

export function localModel(server: LoopbackServer, over: Partial<ModelOptions> = {}): AnthropicLanguageModel {
  return new AnthropicLanguageModel({
    apiKey: null,
    model: "llama3.2:3b",
    baseUrl: server.baseUrl,
    maxRetries: 0,
    streaming: true,
    fetch: nodeFetch,
    timers: nodeTimers,
    ...over,
  });
}
