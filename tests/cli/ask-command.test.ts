import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { runCli } from "../../src/cli/main";
import { ANSWER_SYSTEM_PROMPT } from "../../src/core/ask/build-answer-prompt";
import { startLoopbackAnthropic, type LoopbackServer } from "../fakes/loopback-anthropic-server";
import { expectGolden } from "../fakes/golden";

// A copy of the demo vault: an answer records its spend in the vault's plugin folder, never in the checked-in example.
const COPY = mkdtempSync(join(tmpdir(), "kc-ask-demo-"));
const DEMO = join(COPY, "demo-vault");
cpSync(join(import.meta.dirname, "..", "..", "examples", "demo-vault"), DEMO, { recursive: true });
afterAll(() => rmSync(COPY, { recursive: true, force: true }));
let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackAnthropic();
});
afterEach(async () => server.close());

async function ask(question: string, env: Record<string, string | undefined>) {
  let out = "";
  let err = "";
  const code = await runCli(["ask", DEMO, question, "--base-url", server.baseUrl, "--model", "claude-test", "--no-select"], {
    out: (t) => (out += t),
    err: (t) => (err += t),
    isTTY: false,
    env,
  });
  return { code, out, err };
}

describe("kc ask", () => {
  it("streams a cited answer from only the routed articles, then tokens and cost", async () => {
    server.replies.push({
      kind: "text",
      text: "Up to 5 retries, 1 to 16 s apart [[knowledge/concepts/retry-with-backoff]].",
      usage: { input: 900, output: 20 },
    });
    const r = await ask("How long does the app wait between upload retries on a bad train connection?", { ANTHROPIC_API_KEY: "sk-test" });
    expect(r.code).toBe(0);
    expect(r.out).toContain("[[knowledge/concepts/retry-with-backoff]]");
    expect(r.err).toContain("900 input + 20 output tokens");
    const body = server.requests[0]!.body as { messages: { content: string }[]; system: { text: string }[] };
    expect(body.system[0]!.text).toBe(ANSWER_SYSTEM_PROMPT);
    expect(body.messages[0]!.content).toContain("## [[knowledge/concepts/retry-with-backoff]]");
    expect(body.messages[0]!.content).not.toContain("## [[knowledge/concepts/schema-migrations]]");
    expectGolden("answer-system-prompt.txt", ANSWER_SYSTEM_PROMPT);
  });

  it("sends none of ANTHROPIC_CUSTOM_HEADERS' headers (the process environment the SDK reads), and leaves the variable set", async () => {
    const saved = process.env.ANTHROPIC_CUSTOM_HEADERS;
    process.env.ANTHROPIC_CUSTOM_HEADERS = "x-env-header: from-env\nanthropic-version: bogus";
    try {
      server.replies.push({ kind: "text", text: "Up to 5 retries [[knowledge/concepts/retry-with-backoff]]." });
      expect((await ask("How long does the app wait between upload retries?", { ANTHROPIC_API_KEY: "sk-test" })).code).toBe(0);
      expect(server.requests[0]!.headers["x-env-header"]).toBeUndefined();
      expect(server.requests[0]!.headers["anthropic-version"]).not.toBe("bogus");
      expect(process.env.ANTHROPIC_CUSTOM_HEADERS).toContain("from-env");
    } finally {
      if (saved === undefined) delete process.env.ANTHROPIC_CUSTOM_HEADERS;
      else process.env.ANTHROPIC_CUSTOM_HEADERS = saved;
    }
  });

  it("answers 'not in the knowledge base' without calling the model", async () => {
    const r = await ask("Which migration routes do Arctic terns follow in winter?", { ANTHROPIC_API_KEY: "sk-test" });
    expect(r.code).toBe(0);
    expect(r.out).toContain("Not in the knowledge base");
    expect(server.requests).toHaveLength(0);
  });

  it("reports an empty model reply clearly and a cut-off one as cut off", async () => {
    server.replies.push({ kind: "text", text: "" });
    const empty = await ask("How long does the app wait between upload retries?", { ANTHROPIC_API_KEY: "sk-test" });
    expect(empty.code).toBe(1);
    expect(empty.err).toContain("empty answer");
    server.replies.push({ kind: "text", text: "Up to five", stopReason: "max_tokens" });
    const cut = await ask("How long does the app wait between upload retries?", { ANTHROPIC_API_KEY: "sk-test" });
    expect(cut.code).toBe(0);
    expect(cut.err).toContain("cut off at the token limit");
  });

  it("says clearly when the API key is missing (and no local server is named), with no request made", async () => {
    let err = "";
    const code = await runCli(["ask", DEMO, "How long does the app wait between upload retries?", "--no-select"], {
      out: () => undefined,
      err: (t) => (err += t),
      isTTY: false,
      env: {},
    });
    const r = { code, err };
    expect(r.code).toBe(1);
    expect(r.err).toContain("No Anthropic API key");
    expect(r.err).not.toContain("    at ");
    expect(server.requests).toHaveLength(0);
  });
});
