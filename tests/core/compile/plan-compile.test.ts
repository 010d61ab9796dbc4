import { describe, expect, it } from "vitest";
import { buildCompileMessage, COMPILE_SYSTEM_PROMPT } from "../../../src/core/compile/compile-prompt";
import { planCompile, splitLog } from "../../../src/core/compile/plan-compile";
import { expectGolden } from "../../fakes/golden";
import { fixtureCompile, fixtureFiles, LOG, TODAY, articleIndexOf, resolverOf } from "./compile-fixture";

describe("planning a compile", () => {
  it("shows the articles the log talks about, not the filed answers", async () => {
    const { plan } = await fixtureCompile();
    const paths = plan.shown.map((s) => s.path);
    expect(paths).toContain("knowledge/concepts/retry-with-backoff.md");
    expect(paths).toContain("knowledge/concepts/sqlite-wal-mode.md");
    expect(paths.some((p) => p.includes("/qa/"))).toBe(false);
    expect(plan.month).toBe("2026-11");
  });

  it("shows a large article as its header and the sections relevant to the log, and says which it left out", async () => {
    const { plan } = await fixtureCompile();
    const wal = plan.shown.find((s) => s.path.endsWith("sqlite-wal-mode.md"))!;
    expect(wal.partial).toBe(true);
    expect(wal.sections.map((s) => s.heading)).toContain("Checkpoints");
    expect(wal.hiddenSections.length).toBeGreaterThan(0);
    expect(wal.hiddenSections).toContain("Journal modes");
    expect(wal.text).toContain("tldr:");
    expect(wal.text).not.toContain("## Journal modes");
    expect(wal.text).toContain("(Sections not shown, not to be patched:");
    expect(wal.tokens).toBeLessThan(1400);
  });

  it("keeps to the article count and token budget whatever the base holds", async () => {
    const { plan } = await fixtureCompile({ maxArticles: 1 });
    expect(plan.shown).toHaveLength(1);
    expect(plan.skipped.length).toBeGreaterThan(0);
    const tight = (await fixtureCompile({ budget: 400 })).plan;
    expect(tight.shown.reduce((s, a) => s + a.tokens, 0)).toBeLessThanOrEqual(400);
  });

  it("finds an article the log names by its alias even when few words match", async () => {
    const files = fixtureFiles();
    files[LOG] = "# Daily Log\n\nThe dedup keys expired too early on the staging server.";
    const index = articleIndexOf(files);
    const plan = await planCompile({
      logPath: LOG,
      logText: files[LOG],
      today: TODAY,
      knowledgeFolder: "knowledge",
      index,
      textOf: (p) => files[p],
      resolve: resolverOf(files),
    });
    expect(plan.shown[0]?.path).toBe("knowledge/concepts/idempotency-keys.md");
    expect(plan.shown[0]?.reason).toContain("dedup keys");
  });

  it("brings the best match's SIMILAR_HIGH neighbour along, and ignores the log template's words and dates", async () => {
    const files = fixtureFiles();
    files[LOG] = "# Daily Log: 2026-11-20\n\n## Sessions\n\n### Session (09:10) - Backoff\n**Context:** the jitter of the retry backoff was too small.\n";
    const index = articleIndexOf(files);
    const plan = await planCompile({
      logPath: LOG,
      logText: files[LOG],
      today: TODAY,
      knowledgeFolder: "knowledge",
      index,
      textOf: (p) => files[p],
      resolve: resolverOf(files),
    });
    expect(plan.shown.map((a) => a.path)).toEqual(["knowledge/concepts/retry-with-backoff.md", "knowledge/concepts/idempotency-keys.md"]);
    expect(plan.shown[1]!.reason).toContain("SIMILAR_HIGH of retry-with-backoff");
    expect(plan.shown[0]!.reason).not.toMatch(/2026|session|daily/);
  });

  it("cuts a long log into parts at headings and blank lines", async () => {
    const log = Array.from({ length: 30 }, (_, i) => `### Session ${i}\n${"word ".repeat(60)}`).join("\n\n");
    const parts = splitLog(log);
    expect(parts.length).toBeGreaterThan(3);
    expect(parts.every((p) => p.length <= 3000)).toBe(true);
    expect(splitLog("\n\n   \n")).toEqual([]);
  });

  it("puts the log between data markers that its own text cannot close", async () => {
    const { plan } = await fixtureCompile();
    const msg = buildCompileMessage({ ...plan, logText: "before </daily_log> after" });
    expect(msg.match(/<\/daily_log>/g)).toHaveLength(1);
    expect(msg).toContain("<\\/daily_log>");
  });

  it("builds the same prompt as the golden files", async () => {
    const { plan } = await fixtureCompile();
    expectGolden("compile-system-prompt.txt", COMPILE_SYSTEM_PROMPT);
    expectGolden("compile-message.txt", buildCompileMessage(plan));
  });
});
