import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runKc } from "../fakes/run-kc";
import { startLoopbackAnthropic, type LoopbackServer } from "../fakes/loopback-anthropic-server";
import { FIXTURE_VAULT } from "../core/compile/compile-fixture";
import { validReply } from "../core/compile/scripted-replies";
import { TranscriptBuilder } from "../fakes/transcript-builder";
import { SELECT_SYSTEM_PROMPT } from "../../src/core/route/select-articles";
import { CONFIG_DIR } from "../fakes/config-dir";
import { ordinaryVaultFiles } from "../fakes/ordinary-vault";
import { nodeModels } from "../../src/node/node-host";
import { modelFromFlags } from "../../src/node/node-models";

// kc against a server that behaves as Ollama, LM Studio or llama.cpp's server do behind their Messages API: no key,
// a model id such as llama3.2:3b, a 400 for the request fields it does not implement (here tools too, so structured
// replies come back as JSON in the text, the way small local models answer), and no usage in the stream.
const COPY = mkdtempSync(join(tmpdir(), "kc-local-"));
afterAll(() => rmSync(COPY, { recursive: true, force: true }));
let server: LoopbackServer;
let vault: string;
beforeEach(async () => {
  server = await startLoopbackAnthropic({ refuse: ["cache_control", "output_config", "tool_choice", "thinking", "tools"] });
  vault = mkdtempSync(join(COPY, "vault-"));
});
afterEach(async () => server.close());

const LOCAL = (): string[] => ["--server", "ollama", "--base-url", server.baseUrl, "--model", "llama3.2:3b"];
const NO_KEY = {};
const ledgerOf = (v: string) =>
  readFileSync(join(v, CONFIG_DIR, "plugins/ckp-knowledge-compiler/spend-ledger.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as { model: string; input: number; output: number; usd: number | null });
const noRequestTwice = () => expect(new Set(server.requests.map((r) => JSON.stringify(r.body))).size).toBe(server.requests.length);
/** Data.json with a daily cap far below any hosted call: a local call at $0 must pass it. */
const withCap = (v: string) => {
  mkdirSync(join(v, CONFIG_DIR, "plugins/ckp-knowledge-compiler"), { recursive: true });
  writeFileSync(join(v, CONFIG_DIR, "plugins/ckp-knowledge-compiler/data.json"), JSON.stringify({ spend: { dailyCapUsd: 0.0001 } }));
};

describe("kc against a local model server", () => {
  it("compiles a daily log into reviewed articles from a proposal given as JSON in the text, at $0 under a tiny cap", async () => {
    cpSync(FIXTURE_VAULT, vault, { recursive: true });
    withCap(vault);
    server.replies.push({ kind: "text", text: `Here is the proposal:\n\`\`\`json\n${JSON.stringify(validReply())}\n\`\`\`` });
    const r = await runKc(["compile", vault, "--file", "daily/2026-11-20.md", "--yes", "--today", "2026-11-22", ...LOCAL()], NO_KEY);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain("NEW     knowledge/concepts/captive-portal-detection.md");
    expect(existsSync(join(vault, "knowledge/concepts/captive-portal-detection.md"))).toBe(true);
    expect(r.err).toMatch(/does not take .*prompt caching/);
    noRequestTwice();
    const last = server.requests.at(-1)!.body as { model: string; tools?: unknown; system: { text: string }[] };
    expect(last.model).toBe("llama3.2:3b");
    expect(last.tools).toBeUndefined();
    const [entry] = ledgerOf(vault);
    expect(entry).toMatchObject({ model: "llama3.2:3b", usd: 0 });
    expect(entry!.input).toBeGreaterThan(0);
  });

  it("repairs an invalid first proposal with the one retry compile makes, still as JSON in the text", async () => {
    cpSync(FIXTURE_VAULT, vault, { recursive: true });
    server.replies.push({ kind: "text", text: '{"summary": "x", "new_articles": [{"path": "Bad Path"}], "updates": []}' });
    server.replies.push({ kind: "text", text: JSON.stringify(validReply()) });
    const r = await runKc(["compile", vault, "--file", "daily/2026-11-20.md", "--yes", "--today", "2026-11-22", ...LOCAL()], NO_KEY);
    expect(r.code, r.err).toBe(0);
    expect(existsSync(join(vault, "knowledge/connections/retries-and-captive-portals.md"))).toBe(true);
    const retry = server.requests.at(-1)!.body as { messages: { content: string }[] };
    expect(retry.messages[0]!.content).toContain("Your previous proposal was rejected");
  });

  it("selects the articles with the local model, then streams a cited answer with its tokens counted", async () => {
    cpSync(join(import.meta.dirname, "..", "..", "examples", "demo-vault"), vault, { recursive: true });
    withCap(vault);
    server.replies.push({ kind: "text", text: '{"covered": true, "articles": ["a1"]}' });
    server.replies.push({ kind: "text", text: "Up to 5 retries, 1 to 16 s apart [[knowledge/concepts/retry-with-backoff]]." });
    const r = await runKc(["ask", vault, "How long does the app wait between upload retries on a bad train connection?", ...LOCAL()], NO_KEY);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain("[[knowledge/concepts/retry-with-backoff]]");
    const bodies = server.requests.map((q) => q.body as { model: string; system: { text: string }[]; stream?: boolean });
    const select = bodies.filter((b) => b.system[0]!.text.startsWith(SELECT_SYSTEM_PROMPT.slice(0, 40)));
    expect(select.length).toBeGreaterThan(0);
    expect(select.every((b) => b.model === "llama3.2:3b")).toBe(true);
    expect(bodies.at(-1)!.stream).toBe(true);
    expect(r.err).toMatch(/token usage in the stream/);
    expect(r.err).toMatch(/\d+ input \+ \d+ output tokens/);
    noRequestTwice();
    expect(ledgerOf(vault).every((e) => e.usd === 0)).toBe(true);
  });

  it("distils a captured session with the local model, at $0 under a tiny cap", async () => {
    cpSync(FIXTURE_VAULT, vault, { recursive: true });
    withCap(vault);
    const claude = mkdtempSync(join(COPY, "claude-"));
    const dir = join(claude, "projects", "p");
    mkdirSync(dir, { recursive: true });
    const t = new TranscriptBuilder("c1", "2026-11-20T10:00:00", { cwd: join(claude, "work", "app"), gitBranch: "main", entrypoint: "cli" });
    for (const p of ["one", "two", "three", "four"]) t.prompt(p).reply("ok");
    writeFileSync(join(dir, "c1.jsonl"), t.text());
    server.replies.push({ kind: "text", text: '{"decisions": ["Keep five retries"], "lessons": [], "actions": ["Write the runbook"]}' });
    const r = await runKc(["capture", vault, "--from", join(claude, "projects"), "--idle-minutes", "0", "--distill", "--yes", ...LOCAL()], NO_KEY);
    expect(r.code, r.err).toBe(0);
    const text = readFileSync(join(vault, "daily/2026-11-20.md"), "utf8");
    expect(text).toContain("**Decisions Made:**\n- Keep five retries");
    expect(text).toContain("- [ ] Write the runbook");
    expect((server.requests.at(-1)!.body as { model: string }).model).toBe("llama3.2:3b");
    noRequestTwice();
    const [entry] = ledgerOf(vault);
    expect(entry).toMatchObject({ model: "llama3.2:3b", usd: 0 });
    expect(entry!.input).toBeGreaterThan(0);
  });

  it("checks related articles for contradictions with the local model, each reply given as JSON in the text", async () => {
    const art = (links: string, body: string) => `---\ntldr: t\nanswers_when: [x]\n${links}---\n${body}`;
    const files: Record<string, string> = {
      "knowledge/concepts/retry.md": art('similar_high: ["[[keys|keys · 2026-11]]"]\n', "# Retry\n\nThe client retries an upload at most 5 times.\n"),
      "knowledge/concepts/keys.md": art("", "# Keys\n\nEvery upload is retried up to 3 times with the same key.\n"),
    };
    for (const [p, t] of Object.entries(files)) {
      mkdirSync(join(vault, p, ".."), { recursive: true });
      writeFileSync(join(vault, p), t);
    }
    const conflict = {
      quote_a: "Every upload is retried up to 3 times",
      quote_b: "The client retries an upload at most 5 times.",
      explanation: "3 retries against 5.",
      confidence: "high",
    };
    server.replies.push({ kind: "text", text: JSON.stringify({ conflicts: [conflict] }) });
    const r = await runKc(["contradictions", vault, "--yes", ...LOCAL()], NO_KEY);
    expect(r.code, r.err).toBe(1);
    expect(r.out).toContain("3 retries against 5. (high confidence)");
    noRequestTwice();
  });

  it("checks cited code with the local model, its reply given as JSON in the text", async () => {
    const drift = join(import.meta.dirname, "..", "fixtures", "drift");
    cpSync(join(drift, "vault"), vault, { recursive: true });
    const outdated = [{ quote: "retries stop at `src/sync/outbox.ts:MAX_RETRIES`", explanation: "MAX_RETRIES is 5 now, and the article implies 3." }];
    server.replies.push({ kind: "text", text: JSON.stringify({ outdated }) });
    const r = await runKc(["drift", vault, "--repo", join(drift, "repo"), "--model-check", "--today", "2027-06-01", "--yes", ...LOCAL()], NO_KEY);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain("cited-claim-drift");
    expect(r.out).toContain("MAX_RETRIES is 5 now");
    noRequestTwice();
  });

  it("improves drafted headers with the local model", async () => {
    for (const [p, t] of Object.entries(ordinaryVaultFiles())) {
      mkdirSync(join(vault, p, ".."), { recursive: true });
      writeFileSync(join(vault, p), t);
    }
    server.replies.push({
      kind: "text",
      text: JSON.stringify({ notes: [{ path: "Health/Sleep.md", tldr: "Screens off after ten and a cool bedroom.", answers_when: ["sleep hygiene"] }] }),
    });
    const r = await runKc(["headers", vault, "Health/Sleep", "--with-model", "--yes", ...LOCAL()], NO_KEY);
    expect(r.code, r.err).toBe(0);
    expect(readFileSync(join(vault, "Health/Sleep.md"), "utf8")).toContain("tldr: Screens off after ten and a cool bedroom.");
    noRequestTwice();
  });

  it("waits for a local model 600 s, saying so while it is silent, the hosted API 120 s, and a set timeout wherever given", async () => {
    const lines: string[] = [];
    const io = (env: Record<string, string>) => ({ out: () => undefined, err: (t: string) => void lines.push(t), isTTY: false, env });
    const optionsOf = (m: unknown) => Reflect.get(m as object, "options") as { timeoutMs: number; onSilence?: (s: number, stops: number) => void };
    const local = await nodeModels({ server: "ollama", model: "llama3.2:3b" }, io({})).get("answer");
    if (!local.ok) throw new Error(local.error.message);
    expect(optionsOf(local.value.model).timeoutMs).toBe(600_000);
    optionsOf(local.value.model).onSilence?.(10, 600);
    expect(lines.at(-1)).toBe("Still waiting for the model: no reply for 10 s (it stops after 600 s; Ctrl-C stops it now)…\n");
    const hosted = await nodeModels({}, io({ ANTHROPIC_API_KEY: "sk-test" })).get("answer");
    expect(hosted.ok && optionsOf(hosted.value.model).timeoutMs).toBe(120_000);
    // A model built from flags alone (kc capture --distill, kc eval-route --select) by the same rule.
    const built = await modelFromFlags({ baseUrl: "http://localhost:1234", model: "qwen3-4b" }, io({}), { streaming: false });
    expect("model" in built && optionsOf(built.model).timeoutMs).toBe(600_000);
    const set = await modelFromFlags({ server: "ollama", model: "llama3.2:3b" }, io({ KC_TIMEOUT_SECONDS: "30" }), { streaming: false });
    expect("model" in set && optionsOf(set.model).timeoutMs).toBe(30_000);
  });

  it("refuses a --server it does not know before reading anything", async () => {
    const r = await runKc(["ask", vault, "q", "--server", "openai"], NO_KEY);
    expect(r.code).toBe(2);
    expect(r.err).toContain("--server must be one of anthropic, ollama, lmstudio, llamacpp");
    expect(server.requests).toHaveLength(0);
  });
});
