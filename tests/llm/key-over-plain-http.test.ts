// A key never crosses the network in clear text: to a plain-http server on another host the client sends none (a local
// network's model server needs none); over https or to this machine it sends the key it was given.
import { describe, expect, it } from "vitest";
import { createAnthropicClient, sendsKeyTo } from "../../src/llm/anthropic-client";

/** The key headers each request carried, answered with a minimal Messages reply (no network: the fetch is this function). */
function recordingFetch(seen: string[]): typeof fetch {
  return async (_input: unknown, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    seen.push(`${headers.get("x-api-key") ?? ""}|${headers.get("authorization") ?? ""}`);
    const body = {
      id: "m",
      type: "message",
      role: "assistant",
      model: "x",
      content: [{ type: "text", text: "ok" }],
      stop_reason: "end_turn",
      usage: { input_tokens: 1, output_tokens: 1 },
    };
    return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
  };
}

async function keySentTo(baseUrl: string): Promise<string> {
  const seen: string[] = [];
  const client = createAnthropicClient({ apiKey: "sk-ant-secret-key", baseUrl, fetch: recordingFetch(seen), timeoutMs: 5000, env: {} });
  await client.messages.create({ model: "x", max_tokens: 5, messages: [{ role: "user", content: "hi" }] });
  return seen.join("\n");
}

describe("where the key is sent", () => {
  it("sends it over https and to this machine", async () => {
    for (const url of ["https://api.anthropic.com", "https://llm.example.org:8443", "http://127.0.0.1:11434", "http://localhost:1234", "http://[::1]:8080"])
      expect(await keySentTo(url), url).toContain("sk-ant-secret-key");
  });

  it("never sends it over plain http to another host", async () => {
    for (const url of ["http://192.168.1.20:11434", "http://ollama.lan:11434", "http://example.org", "http://127.0.0.1.example.org"])
      expect(await keySentTo(url), url).not.toContain("sk-ant-secret-key");
  });

  it("decides by the URL alone", () => {
    expect(sendsKeyTo(undefined)).toBe(true);
    expect(sendsKeyTo("")).toBe(true);
    expect(sendsKeyTo("not a url")).toBe(false);
    expect(sendsKeyTo("http://localhost.evil.com")).toBe(false);
    expect(sendsKeyTo("http://app.localhost:3000")).toBe(true);
  });
});

describe("a server elsewhere that asks for the key over plain http", () => {
  it("says why no key was sent, not that the key was wrong", async () => {
    const { mapModelError } = await import("../../src/llm/map-model-error");
    const refused = async (baseUrl: string): Promise<string> => {
      const client = createAnthropicClient({
        apiKey: "sk-ant-secret-key",
        baseUrl,
        fetch: async () => new Response(JSON.stringify({ type: "error", error: { type: "authentication_error", message: "no key" } }), { status: 401 }),
        timeoutMs: 5000,
        env: {},
      });
      try {
        await client.messages.create({ model: "x", max_tokens: 5, messages: [{ role: "user", content: "hi" }] });
        return "answered";
      } catch (e) {
        return mapModelError(e, { model: "x", baseUrl }).message;
      }
    };
    expect(await refused("http://192.168.1.20:11434")).toMatch(/sent only over https or to this machine/);
    expect(await refused("https://llm.example.org")).toMatch(/rejected the API key \(401\)/);
  });
});
