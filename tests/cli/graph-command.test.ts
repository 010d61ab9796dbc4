import { describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runKc } from "../fakes/run-kc";
import type { GraphView } from "../../src/core/graph/graph-types";

const DEMO = join(import.meta.dirname, "..", "..", "examples", "demo-vault");

const kc = (args: string[], env: Record<string, string> = {}) => runKc(args, env);

describe("kc graph", () => {
  it("marks exactly the relationships lint finds stale, and draws a ghost for each missing target", async () => {
    const graph = JSON.parse((await kc(["graph", DEMO])).out) as GraphView;
    const lint = JSON.parse((await kc(["lint", DEMO, "--format", "json"])).out) as { findings: { check: string; path: string }[] };
    const staleEdges = graph.edges
      .filter((e) => e.stale)
      .map((e) => e.from)
      .sort();
    expect(staleEdges).toEqual(
      lint.findings
        .filter((f) => f.check === "stale-stamp")
        .map((f) => f.path)
        .sort(),
    );
    const ghosts = graph.nodes.filter((n) => n.kind === "ghost").length;
    expect(ghosts).toBe(lint.findings.filter((f) => f.check === "ckp-missing-target").length);
    expect(graph.nodes.filter((n) => n.kind === "concept").length).toBe(readdirSync(join(DEMO, "knowledge", "concepts")).length);
  });

  it("gives an article's neighbourhood as Mermaid, with MID on request", async () => {
    const plain = await kc(["graph", DEMO, "--around", "concepts/hybrid-logical-clocks", "--format", "mermaid"]);
    expect(plain.code).toBe(0);
    expect(plain.out).toContain('["Hybrid logical clocks"]');
    expect(plain.out).not.toContain("-.->");
    const mid = await kc(["graph", DEMO, "--around", "knowledge/concepts/hybrid-logical-clocks.md", "--mid", "--format", "mermaid"]);
    expect(mid.out).toContain("-.->");
  });

  it("keeps only stale edges and their ends with --stale-only, and says what a cap left out", async () => {
    const stale = JSON.parse((await kc(["graph", DEMO, "--stale-only"])).out) as GraphView;
    expect(stale.edges.length).toBeGreaterThan(0);
    expect(stale.edges.every((e) => e.stale)).toBe(true);
    const capped = await kc(["graph", DEMO, "--cap", "5", "--format", "dot"]);
    expect(capped.err).toMatch(/\d+ more nodes left out by the cap of 5/);
    expect(capped.out.match(/shape=/g)).toHaveLength(5);
  });

  it("writes Mermaid that Mermaid's defaults draw (500 edges, 50,000 characters), says what it left out and how to get it all", async () => {
    const vault = mkdtempSync(join(tmpdir(), "kc-graph-mermaid-"));
    try {
      // 30 hubs, each linked from 25 notes of its own: 750 links.
      for (let h = 0; h < 30; h++) {
        mkdirSync(join(vault, `topic-${h}`));
        writeFileSync(join(vault, `topic-${h}`, `hub ${h}.md`), `# Hub ${h}\n\nSee [[hub ${(h + 1) % 30}]].\n`);
        for (let s = 0; s < 24; s++) writeFileSync(join(vault, `topic-${h}`, `note ${h}-${s}.md`), `# Note\n\nAbout [[hub ${h}]].\n`);
      }
      const edgesOf = (text: string) => text.split("\n").filter((l) => l.includes("-->")).length;
      const cut = await kc(["graph", vault, "--scope", "vault", "--format", "mermaid"]);
      expect(cut.code).toBe(0);
      expect(edgesOf(cut.out)).toBeLessThanOrEqual(500);
      expect(cut.out.length).toBeLessThanOrEqual(50_000);
      expect(cut.err).toMatch(/\d+ of 750 nodes and \d+ of 750 edges left out/);
      expect(cut.err).toContain("--all");
      for (let h = 0; h < 30; h++) expect(cut.out, `hub ${h}`).toContain(`["hub ${h}"]`);
      const all = await kc(["graph", vault, "--scope", "vault", "--format", "mermaid", "--all"]);
      expect(edgesOf(all.out)).toBe(750);
      expect(all.err).toBe("");
    } finally {
      rmSync(vault, { recursive: true, force: true });
    }
  });

  it("says what is wrong with its arguments", async () => {
    expect((await kc(["graph", DEMO, "--format", "png"])).code).toBe(2);
    expect((await kc(["graph", DEMO, "--depth", "3"])).code).toBe(2);
    const missing = await kc(["graph", DEMO, "--around", "concepts/nope"]);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('No article "concepts/nope"');
  });
});
