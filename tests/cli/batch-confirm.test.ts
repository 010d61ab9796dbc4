import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runKc } from "../fakes/run-kc";
import { pluginFolder } from "../../src/node/node-host";
import { startLoopbackAnthropic, type LoopbackServer } from "../fakes/loopback-anthropic-server";
import { FIXTURE_VAULT } from "../core/compile/compile-fixture";
import { TranscriptBuilder } from "../fakes/transcript-builder";

// Contradictions, claim drift and capture's distillation show their batch's total at the model's own price first and
// ask above the compile threshold (--confirm-above, else the plugin's "Ask before costly compiles"), as compile --all
// does; without a terminal they need --yes, and the spending caps hold even then.
let server: LoopbackServer;
let tmp: string;
let vault: string;
beforeEach(async () => {
  server = await startLoopbackAnthropic();
  tmp = mkdtempSync(join(tmpdir(), "kc-batch-confirm-"));
  vault = join(tmp, "vault");
  cpSync(FIXTURE_VAULT, vault, { recursive: true });
});
afterEach(async () => {
  await server.close();
  rmSync(tmp, { recursive: true, force: true });
});

const KEY = { ANTHROPIC_API_KEY: "sk-test" };
const threshold = (usd: number) => {
  mkdirSync(pluginFolder(vault), { recursive: true });
  writeFileSync(join(pluginFolder(vault), "data.json"), JSON.stringify({ compile: { confirmAboveUsd: usd } }));
};
const noConflicts = () => ({ kind: "tool" as const, name: "report_contradictions", input: { conflicts: [] } });
const contradictions = (model: string, extra: string[] = [], env: Record<string, string> = KEY, confirm?: (q: string) => Promise<boolean>) =>
  runKc(["contradictions", vault, ...extra, "--base-url", server.baseUrl, "--model", model], env, confirm);
const about = (text: string) => Number(/about \$(\d+\.\d+), at most/.exec(text)?.[1] ?? Number.NaN);

describe("kc contradictions: the batch's total first, asked about above the threshold", () => {
  it("goes on without --yes and without a terminal when the total is below the plugin's threshold", async () => {
    threshold(100);
    server.replies.push(...Array.from({ length: 20 }, noConflicts));
    const r = await contradictions("claude-sonnet-5-5");
    expect(r.err).toMatch(/\d+ pairs? to check with claude-sonnet-5-5: about \d+ prompt tokens, about \$\d\.\d{4}, at most \$\d\.\d{4}\./);
    expect(r.code, r.err).toBe(0);
    expect(server.requests.length).toBeGreaterThan(0);
  });

  it("above --confirm-above asks on a terminal, and without one needs --yes: no request either way", async () => {
    const questions: string[] = [];
    const asked = await contradictions("claude-sonnet-5-5", ["--confirm-above", "0"], KEY, (q) => {
      questions.push(q);
      return Promise.resolve(false);
    });
    expect(questions).toHaveLength(1);
    expect(questions[0]).toMatch(/^Check \d+ pairs? \(about \$\d\.\d{4}\)\?$/);
    expect(asked.code).toBe(0);
    const refused = await contradictions("claude-sonnet-5-5", ["--confirm-above", "0"]);
    expect(refused.err).toContain("no terminal to ask: re-run with --yes");
    expect(refused.code).toBe(2);
    expect(server.requests).toHaveLength(0);
  });

  it("prices the total at the check model's own price: Opus 5.5 is twice Sonnet 5.5", async () => {
    const sonnet = about((await contradictions("claude-sonnet-5-5", ["--confirm-above", "0"])).err);
    const opus = about((await contradictions("claude-opus-5-5", ["--confirm-above", "0"])).err);
    expect(sonnet).toBeGreaterThan(0);
    expect(opus / sonnet).toBeCloseTo(2, 1);
    expect(server.requests).toHaveLength(0);
  });

  it("still respects the spending caps with --yes: the first call is refused before any request", async () => {
    const r = await contradictions("claude-sonnet-5-5", ["--yes"], { ...KEY, KC_DAILY_CAP_USD: "0.000001" });
    expect(r.err).toContain("daily cap");
    expect(server.requests).toHaveLength(0);
  });
});

describe("kc drift --model-check: the batch's total first", () => {
  const DRIFT = join(import.meta.dirname, "..", "fixtures", "drift");
  const drift = (extra: string[]) =>
    runKc(
      [
        "drift",
        join(tmp, "drift"),
        "--repo",
        join(DRIFT, "repo"),
        "--model-check",
        "--today",
        "2027-06-01",
        ...extra,
        "--base-url",
        server.baseUrl,
        "--model",
        "claude-sonnet-5-5",
      ],
      KEY,
    );
  beforeEach(() => cpSync(join(DRIFT, "vault"), join(tmp, "drift"), { recursive: true }));

  it("goes on below the threshold without --yes, and needs --yes above it without a terminal", async () => {
    const above = await drift(["--confirm-above", "0"]);
    expect(above.err).toMatch(/1 article to ask the model about with claude-sonnet-5-5: about \d+ prompt tokens, about \$\d\.\d{4}, at most \$\d\.\d{4}\./);
    expect(above.code).toBe(2);
    expect(server.requests).toHaveLength(0);
    server.replies.push({ kind: "tool", name: "report_outdated_claims", input: { outdated: [] } });
    const below = await drift(["--confirm-above", "100"]);
    expect(below.code, below.err).toBe(0);
    expect(server.requests).toHaveLength(1);
  });
});

describe("kc capture --distill: the most the distillation can cost first", () => {
  let claude: string;
  beforeEach(() => {
    claude = join(tmp, "claude");
    const dir = join(claude, "projects", "p");
    mkdirSync(dir, { recursive: true });
    const t = new TranscriptBuilder("c1", "2026-11-20T10:00:00", { cwd: join(claude, "work", "app"), gitBranch: "main", entrypoint: "cli" });
    for (const p of ["one", "two", "three", "four"]) t.prompt(p).reply("ok");
    writeFileSync(join(dir, "c1.jsonl"), t.text());
  });
  const capture = (extra: string[]) =>
    runKc(
      [
        "capture",
        vault,
        "--from",
        join(claude, "projects"),
        "--idle-minutes",
        "0",
        "--distill",
        ...extra,
        "--base-url",
        server.baseUrl,
        "--model",
        "claude-opus-5-5",
      ],
      KEY,
    );

  it("above the threshold without a terminal captures nothing and calls nothing until --yes", async () => {
    const daily = readFileSync(join(vault, "daily/2026-11-20.md"), "utf8");
    const refused = await capture(["--confirm-above", "0"]);
    expect(refused.err).toMatch(/1 day of sessions to distill with claude-opus-5-5: about \d+ prompt tokens, about \$\d\.\d{4}, at most \$\d\.\d{4}\./);
    expect(refused.code).toBe(2);
    expect(readFileSync(join(vault, "daily/2026-11-20.md"), "utf8")).toBe(daily);
    expect(server.requests).toHaveLength(0);
    server.replies.push({ kind: "tool", name: "record_session", input: { decisions: ["Keep five retries"], lessons: [], actions: [] } });
    const yes = await capture(["--confirm-above", "0", "--yes"]);
    expect(yes.code, yes.err).toBe(0);
    expect(server.requests).toHaveLength(1);
    expect(readFileSync(join(vault, "daily/2026-11-20.md"), "utf8")).toContain("Keep five retries");
  });
});
