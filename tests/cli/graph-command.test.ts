import { describe, expect, it } from "vitest";
import { readdirSync } from "node:fs";
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

  it("says what is wrong with its arguments", async () => {
    expect((await kc(["graph", DEMO, "--format", "png"])).code).toBe(2);
    expect((await kc(["graph", DEMO, "--depth", "3"])).code).toBe(2);
    const missing = await kc(["graph", DEMO, "--around", "concepts/nope"]);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('No article "concepts/nope"');
  });
});
