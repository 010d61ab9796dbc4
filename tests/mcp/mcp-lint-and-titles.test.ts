import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { openMcpVault } from "../../src/mcp/mcp-vault";
import { lintSummaryTool, readArticleTool, routeTool } from "../../src/mcp/mcp-tools";
import type { NodeIo } from "../../src/node/node-io";
import { runKc } from "../fakes/run-kc";
import { ordinaryVaultFiles } from "../fakes/ordinary-vault";

// The MCP server and `kc lint` run the same lint (core's lint-run workflow) and print places the same way: 1-based
// lines, a whole-note finding on line 1. Titles appear once in the server's answers, over the knowledge base and the
// whole vault alike. Both run on copies: a test never changes a checked-in vault.
const DEMO = join(import.meta.dirname, "..", "..", "examples", "demo-vault");
const io: NodeIo = { out: () => undefined, err: () => undefined, isTTY: false, env: {} };
let tmp: string;
let demo: string;
let ordinary: string;
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), "kc-mcp-lint-"));
  demo = join(tmp, "demo");
  cpSync(DEMO, demo, { recursive: true });
  ordinary = join(tmp, "ordinary");
  for (const [path, text] of Object.entries(ordinaryVaultFiles())) {
    mkdirSync(dirname(join(ordinary, path)), { recursive: true });
    writeFileSync(join(ordinary, path), text);
  }
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The `- severity check path:line: message` lines of a lint_summary answer, as [check, place]. */
const summaryPlaces = (text: string): string[] =>
  text
    .split("\n")
    .filter((l) => l.startsWith("- "))
    .map((l) => /^- \w+ ([\w-]+) (.+?:\d+): /.exec(l)!)
    .map((m) => `${m[1]} ${m[2]}`);

/** kc lint's JSON report as the same [check, place] strings. */
async function kcLintPlaces(vault: string, scope: "knowledge" | "vault"): Promise<string[]> {
  const r = await runKc(["lint", vault, "--scope", scope, "--format", "json"]);
  const report = JSON.parse(r.out) as { findings: { check: string; path: string; line: number }[] };
  return report.findings.map((f) => `${f.check} ${f.path}:${f.line}`);
}

describe("lint_summary and kc lint on the demo vault", () => {
  for (const scope of ["knowledge", "vault"] as const) {
    it(`name the same findings at the same 1-based lines (scope ${scope})`, async () => {
      const view = await openMcpVault(demo, scope, io).view();
      const mcp = summaryPlaces(await lintSummaryTool(view, { top: 100 }));
      const kc = await kcLintPlaces(demo, scope);
      expect(mcp.length).toBeGreaterThan(10);
      expect([...mcp].sort()).toEqual([...kc].sort());
    });
  }

  it("puts a finding about the whole note on line 1, and offline-search.md's missing target on line 13", async () => {
    const view = await openMcpVault(demo, "knowledge", io).view();
    const text = await lintSummaryTool(view, { note: "knowledge/concepts/offline-search.md", top: 100 });
    expect(text).toContain("ckp-missing-field knowledge/concepts/offline-search.md:1: Missing tldr");
    expect(text).toContain("ckp-missing-target knowledge/concepts/offline-search.md:13: ");
    expect(text).not.toMatch(/\.md:0:/);
  });
});

describe("titles in the MCP server's answers", () => {
  it("name a note without a header title once, by its file name, over the whole vault", async () => {
    const view = await openMcpVault(ordinary, "vault", io).view();
    const routed = routeTool(view, { question: "when do the drip lines of the garden irrigation run?", budget: 4000, closest: true });
    const headings = routed.split("\n").filter((l) => l.startsWith("## "));
    expect(headings).toContain("## Garden irrigation");
    for (const h of headings) {
      const title = h.slice(3);
      expect(title, h).not.toMatch(/^(.+?)\s+\1$/i);
    }
    const read = await readArticleTool(view, { path: "Projects/Garden irrigation.md", offset: 0, maxChars: 2000 });
    expect(read.split("\n")[0]).toBe("# Garden irrigation");
  });

  it("keep an article's header title as it is in the knowledge scope", async () => {
    const view = await openMcpVault(demo, "knowledge", io).view();
    const routed = routeTool(view, { question: "how do uploads retry?", budget: 4000, closest: false });
    expect(routed).toContain("## Retry with backoff\npath: knowledge/concepts/retry-with-backoff.md");
  });
});
