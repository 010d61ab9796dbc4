import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { GraphView } from "../../src/core/graph/graph-types";
import { startLoopbackAnthropic, type LoopbackServer } from "../fakes/loopback-anthropic-server";
import { ordinaryVaultFiles } from "../fakes/ordinary-vault";
import { runKc } from "../fakes/run-kc";
import { tempVaults } from "../fakes/temp-vault";

const vaults = tempVaults();
let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopbackAnthropic();
});
afterEach(async () => {
  vaults.cleanup();
  await server.close();
});

describe("an ordinary vault with no knowledge folder, with --scope vault", () => {
  it("routes a question to the note that answers it on its title, headings and body", async () => {
    const dir = vaults.make(ordinaryVaultFiles());
    const r = await runKc(["route", dir, "When should I drain the drip lines before winter?", "--scope", "vault", "--format", "json"]);
    expect(r.code).toBe(0);
    const route = JSON.parse(r.out) as { status: string; loaded: { path: string }[] };
    expect(route.status).toBe("routed");
    expect(route.loaded[0]!.path).toBe("Projects/Garden irrigation.md");
  });

  it("routes the whole vault by the plugin's rule: never the knowledge folder's index.md and log.md", async () => {
    const dir = vaults.make({
      ...ordinaryVaultFiles(),
      "knowledge/index.md": "# Index\n\n- [[Projects/Garden irrigation]]: drain the drip lines before winter.\n",
      "knowledge/log.md": "# Log\n\n- 2026-11-26 compiled: drip lines, winter, drain.\n",
    });
    const r = await runKc(["route", dir, "drain the drip lines before winter", "--scope", "vault", "--closest", "--format", "json"]);
    expect(r.code).toBe(0);
    const route = JSON.parse(r.out) as { loaded: { path: string }[]; candidates?: { path: string }[] };
    const seen = [...route.loaded, ...(route.candidates ?? [])].map((l) => l.path);
    expect(seen).toContain("Projects/Garden irrigation.md");
    expect(seen).not.toContain("knowledge/index.md");
    expect(seen).not.toContain("knowledge/log.md");
  });

  it("answers with kc ask from only the routed notes, with the trace and the notes to cite", async () => {
    const dir = vaults.make(ordinaryVaultFiles());
    server.replies.push({ kind: "text", text: "Feed it once a day [[Cooking/Sourdough starter]].", usage: { input: 400, output: 12 } });
    const r = await runKc(
      ["ask", dir, "How often do I feed the sourdough starter?", "--scope", "vault", "--base-url", server.baseUrl, "--model", "claude-test", "--no-select"],
      { ANTHROPIC_API_KEY: "sk-test" },
    );
    expect(r.code).toBe(0);
    expect(r.err).toContain("+ Cooking/Sourdough starter.md");
    expect(r.out).toContain("[[Cooking/Sourdough starter]]");
    const body = server.requests[0]!.body as { messages: { content: string }[] };
    expect(body.messages[0]!.content).toContain("## [[Cooking/Sourdough starter]]");
    expect(body.messages[0]!.content).not.toContain("Running plan");
    expect(existsSync(join(dir, "knowledge"))).toBe(false);
  });

  it("refuses kc ask, kc prime and kc graph without a knowledge folder, suggesting --scope vault, and calls no model", async () => {
    const dir = vaults.make(ordinaryVaultFiles());
    for (const args of [
      ["ask", dir, "sourdough?", "--base-url", server.baseUrl],
      ["prime", dir, "--question", "sourdough"],
      ["graph", dir],
    ]) {
      const r = await runKc(args, { ANTHROPIC_API_KEY: "sk-test" });
      expect(r.code).toBe(2);
      expect(r.err).toContain("--scope vault");
      expect(r.out).toBe("");
    }
    expect(server.requests).toHaveLength(0);
  });

  it("draws every note as a node and its links as untyped edges, with a header's tiers on top", async () => {
    const files = ordinaryVaultFiles();
    files["Health/Sleep.md"] = `---\nsimilar_high: ["[[Running plan|Running plan · 2026-02]]"]\n---\n${files["Health/Sleep.md"]!}`;
    const dir = vaults.make(files);
    const r = await runKc(["graph", dir, "--scope", "vault"]);
    expect(r.code).toBe(0);
    const graph = JSON.parse(r.out) as GraphView;
    expect(
      graph.nodes
        .filter((n) => n.kind !== "ghost")
        .map((n) => n.id)
        .sort(),
    ).toEqual(Object.keys(files).sort());
    const edge = (from: string, to: string) => graph.edges.filter((e) => e.from === from && e.to === to).map((e) => e.tier);
    expect(edge("Reference/Frost dates.md", "Projects/Garden irrigation.md")).toEqual(["body"]);
    expect(edge("Health/Sleep.md", "Health/Running plan.md")).toEqual(["high"]);
    expect(graph.nodes.find((n) => n.id === "Reference/Hardware store.md")!.tldr).toBe("Where to buy pipe fittings and tools in town.");
  });

  it("gives a note's neighbourhood over its links with --around in the whole-vault scope (it was the note alone)", async () => {
    const dir = vaults.make(ordinaryVaultFiles());
    const r = await runKc(["graph", dir, "--scope", "vault", "--around", "Garden irrigation"]);
    expect(r.code).toBe(0);
    const graph = JSON.parse(r.out) as GraphView;
    expect(graph.nodes.map((n) => n.id).sort()).toEqual([
      "Projects/Garden irrigation.md",
      "Reference/Frost dates.md",
      "Reference/Hardware store.md",
      "Travel/Packing list.md",
    ]);
    expect(graph.edges.every((e) => e.tier === "body")).toBe(true);
    expect(graph.edges).toHaveLength(4);
  });

  it("primes a session from the vault's notes, naming each by its title and summary", async () => {
    const dir = vaults.make(ordinaryVaultFiles());
    const r = await runKc(["prime", dir, "--scope", "vault", "--question", "when is the last spring frost?"]);
    expect(r.code).toBe(0);
    expect(r.out).toContain("# Vault context");
    expect(r.out).toContain("## Frost dates ([[Reference/Frost dates]])");
    expect(r.out).toContain("TLDR: The last spring frost here is around mid April");
    expect(r.err).toMatch(/^\d+ notes?, /m);
  });
});
