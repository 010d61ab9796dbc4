import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pluginFolder } from "../../src/node/node-host";
import { runKc } from "../fakes/run-kc";
import { startLoopbackAnthropic, type LoopbackServer } from "../fakes/loopback-anthropic-server";

const ROOT = join(import.meta.dirname, "..", "..", "examples");
let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackAnthropic();
});
afterEach(async () => server.close());

const kc = (args: string[], env: Record<string, string> = {}) => runKc(args, env);

describe("kc eval-route", () => {
  it("scores the lexical router and the shortlist's ceiling offline", async () => {
    const r = await kc(["eval-route", join(ROOT, "demo-vault"), join(ROOT, "demo-questions-holdout.json"), "--format", "json"]);
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.out) as { router: string; score: { recall: number; outOfDomainEmpty: number } }[];
    expect(rows.map((x) => x.router)).toEqual(["lexical (offline)", "shortlist ceiling"]);
    expect(rows[1]!.score.recall).toBeGreaterThanOrEqual(rows[0]!.score.recall);
    expect(server.requests).toHaveLength(0);
  });

  it("reads article paths relative to the knowledge folder as well, and names the paths it cannot find", async () => {
    const tmp = mkdtempSync(join(tmpdir(), "kc-eval-paths-"));
    try {
      const set = JSON.parse(readFileSync(join(ROOT, "demo-questions-holdout.json"), "utf8")) as { needs: string[] }[];
      const relative = set.map((q) => ({ ...q, needs: q.needs.map((n) => n.replace(/^knowledge\//, "").replace(/\.md$/, "")) }));
      writeFileSync(join(tmp, "relative.json"), JSON.stringify(relative));
      writeFileSync(join(tmp, "stale.json"), JSON.stringify([...set, { id: "x", question: "What is a version vector?", needs: ["concepts/gone.md"] }]));
      writeFileSync(join(tmp, "none.json"), JSON.stringify([{ id: "y", question: "What is a version vector?", needs: ["elsewhere/gone.md"] }]));
      const score = async (file: string) => {
        const r = await kc(["eval-route", join(ROOT, "demo-vault"), file, "--format", "json"]);
        return { r, rows: r.code === 0 ? (JSON.parse(r.out) as { score: { recall: number } }[]) : [] };
      };
      const asWritten = await score(join(ROOT, "demo-questions-holdout.json"));
      const rel = await score(join(tmp, "relative.json"));
      expect(rel.r.err).toBe("");
      expect(rel.rows[0]!.score.recall).toBe(asWritten.rows[0]!.score.recall);
      expect(rel.rows[0]!.score.recall).toBeGreaterThan(0.5);
      const stale = await score(join(tmp, "stale.json"));
      expect(stale.r.err).toContain("1 article path not found in demo-vault (as written or under knowledge/): concepts/gone.md");
      expect(stale.rows[0]!.score.recall).toBe(asWritten.rows[0]!.score.recall);
      const none = await score(join(tmp, "none.json"));
      expect(none.r.code).toBe(2);
      expect(none.r.err).toContain("none of its article paths is in demo-vault");
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });

  it("runs the model's selection with --select through the real SDK, one call per covered question", async () => {
    for (let i = 0; i < 30; i++) server.replies.push({ kind: "tool", name: "choose_articles", input: { covered: true, articles: ["a1"] } });
    // A copy: the calls are recorded in the vault's spend ledger, never in the checked-in demo vault.
    const tmp = mkdtempSync(join(tmpdir(), "kc-eval-route-"));
    const vault = join(tmp, "demo-vault");
    cpSync(join(ROOT, "demo-vault"), vault, { recursive: true });
    const r = await kc(["eval-route", vault, join(ROOT, "demo-questions-holdout.json"), "--select", "--base-url", server.baseUrl, "--model", "claude-test"], {
      ANTHROPIC_API_KEY: "sk-test",
    });
    const recorded = existsSync(join(pluginFolder(vault), "spend-ledger.jsonl"));
    rmSync(tmp, { recursive: true, force: true });
    expect(r.code, r.err).toBe(0);
    expect(recorded).toBe(true);
    expect(r.out).toContain("| lexical + model selection |");
    expect(server.requests.length).toBeGreaterThan(10);
    expect(server.requests.length).toBeLessThan(21);
    const body = server.requests[0]!.body as { tool_choice: { name: string }; max_tokens: number };
    expect(body.tool_choice.name).toBe("choose_articles");
  });

  it("kc route --format json gives the shortlist (path, lexical rank, header tokens) and each skipped file once", async () => {
    const r = await kc(["route", join(ROOT, "demo-vault"), "Is it safe to resend an upload after a timeout?", "--format", "json"]);
    const route = JSON.parse(r.out) as {
      loaded: { path: string }[];
      skipped: { path: string }[];
      shortlist: { path: string; rank: number; headerTokens: number }[];
    };
    expect(route.shortlist.length).toBeGreaterThan(3);
    expect(route.shortlist[0]).toMatchObject({ rank: 1, headerTokens: expect.any(Number) as unknown });
    const skipped = route.skipped.map((s) => s.path);
    expect(new Set(skipped).size).toBe(skipped.length);
    expect(skipped.some((p) => route.loaded.some((l) => l.path === p))).toBe(false);
  });

  it("says a missing question set is missing, not that it is not JSON", async () => {
    const r = await kc(["eval-route", join(ROOT, "demo-vault"), join(ROOT, "no-such-questions.json")]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("no such file");
    expect(r.err).not.toMatch(/not (valid )?JSON/);
  });

  it("says what is wrong with a question set or a missing model", async () => {
    expect((await kc(["eval-route", join(ROOT, "demo-vault"), join(ROOT, "demo-vault", "knowledge", "index.md")])).err).toContain("not JSON");
    expect((await kc(["eval-route", join(ROOT, "demo-vault"), join(ROOT, "demo-questions.json"), "--select"])).code).toBe(2);
  });
});
