import { describe, expect, it } from "vitest";
import { VaultIndex } from "../../../src/core/links/vault-index";
import { DEFAULT_KNOWLEDGE_SETTINGS } from "../../../src/core/knowledge/knowledge-settings";
import { CONTRADICTION_STATE_FILE, emptyContradictionState, type ContradictionState } from "../../../src/core/contradictions/contradiction-state";
import type { PluginFileStore } from "../../../src/core/ports/host";
import { sha256Hex } from "../../../src/core/util/sha256";
import {
  COMPILE_STATE_CHECKS,
  filterLintFindings,
  lintEngineFor,
  lintFactsOfTexts,
  readLintFacts,
  runLint,
} from "../../../src/core/workflows/lint-run-workflow";

// The lint run once, in core: the engine's set-up (scope, compile state known or not, hashes, contradictions), the
// filters, and what the hosts are told. `kc lint`, the MCP server and the plugin all set the engine up here.
const FILES: Record<string, string> = {
  "daily/2026-11-20.md": "# Friday\n\nWorked on retries.\n",
  "daily/2026-11-21.md": "# Saturday\n\nNothing.\n",
  "knowledge/concepts/retries.md": "---\ntitle: Retries\n---\n# Retries\n\nSee [[concepts/missing]].\n",
  "Notes/Loose.md": "# Loose\n\nA link to [[Nowhere]].\n",
};

function host(files = FILES, stored: string | null = null) {
  const view = new VaultIndex();
  for (const [p, t] of Object.entries(files)) view.setNote(p, t);
  const pluginFiles: PluginFileStore = { read: (name) => Promise.resolve(name === CONTRADICTION_STATE_FILE ? stored : null), write: () => Promise.resolve() };
  return { view, textOf: (p: string) => files[p], pluginFiles };
}

const request = { settings: DEFAULT_KNOWLEDGE_SETTINGS, today: "2026-11-22" };
const compiled = { logs: { "daily/2026-11-20.md": { hash: sha256Hex(FILES["daily/2026-11-20.md"]!), compiledAt: "2026-11-20" } } };

describe("runLint", () => {
  it("reports a log never compiled when the compile state is known", async () => {
    const run = await runLint(host(), { ...request, compileState: compiled });
    expect(run.findings.filter((f) => f.check === "uncompiled-log").map((f) => f.path)).toEqual(["daily/2026-11-21.md"]);
    expect(run.leftOut).toEqual([]);
  });

  it("never calls a log uncompiled or changed when the compile state could not be read, and says which checks it left out", async () => {
    const run = await runLint(host(), { ...request, compileState: null });
    expect(run.findings.some((f) => COMPILE_STATE_CHECKS.includes(f.check))).toBe(false);
    expect(run.findings.some((f) => f.check === "broken-link")).toBe(true);
    expect(run.leftOut).toEqual(["uncompiled-log", "changed-log"]);
  });

  it("lints the scope asked for over the settings' scope", async () => {
    const knowledge = await runLint(host(), { ...request, compileState: compiled });
    const vault = await runLint(host(), { ...request, compileState: compiled, scope: "vault" });
    expect(knowledge.findings.some((f) => f.path === "Notes/Loose.md")).toBe(false);
    expect(vault.findings.some((f) => f.path === "Notes/Loose.md" && f.check === "broken-link")).toBe(true);
    expect(vault.settings.lintScope).toBe("vault");
  });

  it("filters to one note and to some severities", async () => {
    const all = await runLint(host(), { ...request, compileState: compiled, scope: "vault" });
    const one = await runLint(host(), { ...request, compileState: compiled, scope: "vault", filter: { note: "Notes/Loose.md" } });
    expect(one.findings).toEqual(all.findings.filter((f) => f.path === "Notes/Loose.md"));
    expect(one.findings.length).toBeGreaterThan(0);
    const errors = filterLintFindings(all.findings, { severities: ["error"] });
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every((f) => f.severity === "error")).toBe(true);
    expect(filterLintFindings(all.findings, {})).toEqual(all.findings);
  });

  it("shows the contradictions the state store holds", async () => {
    const a = "knowledge/concepts/retries.md";
    const b = "knowledge/concepts/backoff.md";
    const files: Record<string, string> = { ...FILES, [b]: "---\ntitle: Backoff\n---\n# Backoff\n\nSee [[concepts/retries]].\n" };
    const facts = lintFactsOfTexts((p) => files[p]);
    const hashes: [string, string] = [facts.articleHash(a)!, facts.articleHash(b)!];
    const state: ContradictionState = {
      ...emptyContradictionState(),
      found: [{ a: { path: a, line: 5, quote: "See" }, b: { path: b, line: 5, quote: "See" }, explanation: "They disagree.", confidence: "high", hashes }],
    };
    const run = await runLint(host(files, JSON.stringify(state)), { ...request, compileState: compiled });
    expect(run.findings.filter((f) => f.check === "contradiction").length).toBeGreaterThan(0);
  });
});

describe("the engine's set-up and the note facts", () => {
  it("sets the engine up the same for the plugin's sliced lint: the same findings as runLint", async () => {
    const h = host();
    const { engine, leftOut } = lintEngineFor(h.view, {
      ...request,
      compileState: compiled,
      contradictions: () => null,
      notes: lintFactsOfTexts(h.textOf),
    });
    expect(leftOut).toEqual([]);
    expect(engine.run()).toEqual((await runLint(host(), { ...request, compileState: compiled })).findings);
  });

  it("reads the same hashes from a text as the Node hosts' facts do", () => {
    const log = "daily/2026-11-20.md";
    const article = "knowledge/concepts/retries.md";
    const facts = lintFactsOfTexts((p) => FILES[p]);
    expect(readLintFacts(FILES[log]!, { daily: true, article: false, citations: false })).toEqual({ logHash: facts.logHash(log) });
    expect(readLintFacts(FILES[article]!, { daily: false, article: true, citations: true })).toEqual({
      articleHash: facts.articleHash(article),
      citations: facts.citationsOf(article),
    });
    expect(facts.logHash("nope.md")).toBeUndefined();
  });
});
