import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { scrubSecrets } from "../../../src/core/util/scrub-secrets";

// Made-up keys with the real shapes (never real credentials).
const ANTHROPIC = "sk-ant-api03-Zx8Kq2LmN4pR7sT1vW3yA5bC6dE9fG0hJ2kL4mN6pQ8rS-AbCdEfGh";
const OPENAI = "sk-proj-4fH7kL9mN2pQ5rS8tV1wX3yZ6aB0cD";
const GENERIC = "sk-live_9QwErTyUiOpAsDfGhJkLzX";
const GITHUB = "ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8";
const RANDOM = "Qm9vX2Jhcl8zNDVfYWJjZGVmZ2hpamtsbW5vcHE5aW1";

describe("scrubSecrets", () => {
  it("replaces keys of the common providers by their shape", () => {
    for (const key of [ANTHROPIC, OPENAI, GENERIC, GITHUB, "AKIAIOSFODNN7EXAMPLE", "xoxb-123456789012-abcdefghijkl"]) {
      const out = scrubSecrets(`The server said: invalid key ${key} (request failed)`);
      expect(out).not.toContain(key);
      expect(out).toMatch(/^The server said: invalid key \[REDACTED:[a-z-]+\] \(request failed\)$/);
    }
  });

  it("replaces the configured key wherever it appears, whatever its shape", () => {
    expect(scrubSecrets("echo: local-dev-key-42!", ["local-dev-key-42!"])).toBe("echo: [REDACTED:key]");
    expect(scrubSecrets("nothing to hide", [null, undefined, ""])).toBe("nothing to hide");
  });

  it("replaces the values of credential headers and parameters, but not the words around them", () => {
    expect(scrubSecrets("bad header x-api-key: abc123DEF456ghi")).toBe("bad header x-api-key: [REDACTED:credential]");
    expect(scrubSecrets('{"authorization":"Bearer eyJraWQiOiIxMjM0NTY3ODkw"}')).toBe('{"authorization":"Bearer [REDACTED:credential]"}');
    expect(scrubSecrets("GET /v1/models?api_key=Zm9vYmFyYmF6MTIz&limit=5")).toBe("GET /v1/models?api_key=[REDACTED:credential]&limit=5");
    expect(scrubSecrets("Authorization: Bearer 7f3a9c2e1b8d4f6a0e5c")).toBe("Authorization: Bearer [REDACTED:credential]");
  });

  it("replaces credentials in URLs", () => {
    expect(scrubSecrets("proxy https://alice:s3cr3t-pass@proxy.example.com:8080 refused")).toBe(
      "proxy https://[REDACTED:credentials]@proxy.example.com:8080 refused",
    );
  });

  it("replaces long random-looking tokens that no rule names", () => {
    expect(scrubSecrets(`token ${RANDOM} was rejected`)).toBe("token [REDACTED:token] was rejected");
  });

  it("leaves ordinary API messages readable", () => {
    const messages = [
      "max_tokens: 200000 > 128000, which is the maximum allowed number of output tokens for claude-sonnet-5-5",
      "messages.0.content: Field required",
      "x-api-key header is required",
      "authorization: missing",
      "authorization required_for_this_endpoint",
      "invalid_credentials_provided_for_this_workspace_please_check",
      "prompt is too long: 250000 tokens > 200000 maximum",
      "model: claude-sonnet-4-5-20250929 not found",
      "request_id req_011CSHoEeqs5C35K2UUqR7Fy (toolu_01A09q90qw90lq917835lq9)",
      "Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or purchase credits.",
      "/home/alice/vaults/work/knowledge/concepts/retry-with-exponential-backoff-and-jitter.md",
      "https://api.anthropic.com/v1/messages?beta=true",
      "sha256 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08 and uuid 123e4567-e89b-12d3-a456-426614174000",
      "AnthropicLanguageModelWithRetriesAndTimeouts failed; knowledge-compiler-obsidian-plugin-settings-tab",
      "sk-test is too short to be a key; task-list, desk-lamp and sk-learn-preprocessing-pipeline are names",
    ];
    for (const m of messages) expect(scrubSecrets(m)).toBe(m);
  });

  it("never lets a key through, whatever text surrounds it", () => {
    const around = fc.string({ maxLength: 40 }).map((s) => s.replace(/[A-Za-z0-9_-]$/, " "));
    const after = fc.string({ maxLength: 40 }).map((s) => s.replace(/^[A-Za-z0-9_-]/, " "));
    fc.assert(
      fc.property(around, fc.constantFrom(ANTHROPIC, OPENAI, GENERIC, GITHUB, RANDOM), after, (a, key, b) => !scrubSecrets(`${a}${key}${b}`).includes(key)),
      { numRuns: 500 },
    );
  });

  it("removes control and escape characters from what it returns", () => {
    expect(scrubSecrets("\u001b[31mfailed\u001b[0m\r")).toBe("failed");
  });
});
