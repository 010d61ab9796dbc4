import { describe, expect, it } from "vitest";
import {
  isLocalAddress,
  LOCAL_PRICE,
  runsLocally,
  serverKindOf,
  serverPreset,
  serverPriceFor,
  smallModelFor,
  timeoutSecondsFor,
} from "../../../src/core/llm/local-server";
import { priceFor } from "../../../src/core/llm/models";

describe("local model servers", () => {
  it("knows local addresses from hosted ones", () => {
    for (const url of [
      "http://localhost:11434",
      "http://127.0.0.1:1",
      "http://[::1]:8080",
      "http://192.168.1.20:1234",
      "http://10.0.0.2",
      "http://172.20.1.1",
      "http://gpu.local:11434",
      "http://[fd12:3456::1]:1",
    ])
      expect(isLocalAddress(url), url).toBe(true);
    for (const url of ["https://api.anthropic.com", "http://172.32.0.1", "http://8.8.8.8:11434", "https://ollama.example.com", "not a url", "", undefined])
      expect(isLocalAddress(url), String(url)).toBe(false);
  });

  it("names the kind of server by the preset named, else by a local address on a preset's port", () => {
    expect(serverKindOf(undefined)).toBe("anthropic");
    expect(serverKindOf("http://127.0.0.1:11434")).toBe("ollama");
    expect(serverKindOf("http://localhost:1234/")).toBe("lmstudio");
    expect(serverKindOf("http://192.168.0.9:8080")).toBe("llamacpp");
    expect(serverKindOf("http://127.0.0.1:43210")).toBeNull();
    expect(serverKindOf("https://proxy.example.com:11434")).toBeNull();
    expect(serverKindOf("http://127.0.0.1:43210", "ollama")).toBe("ollama");
    // A local preset named over a remote address (a hosted service that may bill) is not taken as local.
    expect(serverKindOf("https://ollama.example.com", "ollama")).toBeNull();
    expect(serverPriceFor("llama3.2:3b", "https://ollama.example.com", {}, "ollama")).toBeNull();
    expect(timeoutSecondsFor("llama3.2:3b", "https://ollama.example.com", 120, "ollama")).toBe(120);
    expect(serverPreset(" LM-Studio ")).toBe("lmstudio");
    expect(serverPreset("llama.cpp")).toBe("llamacpp");
    expect(serverPreset("openai")).toBeNull();
  });

  it("prices a local model at $0, unless the person set a price; a Claude model behind a local proxy keeps its price", () => {
    expect(serverPriceFor("llama3.2:3b", "http://localhost:11434")).toEqual(LOCAL_PRICE);
    expect(serverPriceFor("llama3.2:3b", "http://127.0.0.1:43210")).toBeNull();
    expect(serverPriceFor("llama3.2:3b", "http://127.0.0.1:43210", {}, "ollama")).toEqual(LOCAL_PRICE);
    expect(serverPriceFor("llama3.2:3b", "http://localhost:11434", { "llama3.2:3b": { input: 0.1, output: 0.2 } })).toMatchObject({ input: 0.1, output: 0.2 });
    expect(serverPriceFor("claude-sonnet-5-5", "http://localhost:8080")).toEqual(priceFor("claude-sonnet-5-5"));
    expect(runsLocally("claude-test", "http://localhost:8080")).toBe(false);
    expect(serverPriceFor("someone-elses-model", "https://api.example.com")).toBeNull();
  });

  it("gives a local server the longer timeout unless the person changed it, and its own model for the small roles", () => {
    expect(timeoutSecondsFor("llama3.2:3b", "http://localhost:11434", 120)).toBe(600);
    expect(timeoutSecondsFor("llama3.2:3b", "http://localhost:11434", 45)).toBe(45);
    expect(timeoutSecondsFor("claude-sonnet-5-5", undefined, 120)).toBe(120);
    expect(smallModelFor("llama3.2:3b", "claude-haiku-5-5", "http://localhost:11434")).toBe("llama3.2:3b");
    expect(smallModelFor("llama3.2:3b", "qwen3:0.6b", "http://localhost:11434")).toBe("qwen3:0.6b");
    expect(smallModelFor("claude-sonnet-5-5", "claude-haiku-5-5", undefined)).toBe("claude-haiku-5-5");
  });
});
