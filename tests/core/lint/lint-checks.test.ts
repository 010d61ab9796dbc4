import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { LINT_CHECKS } from "../../../src/core/lint/lint-checks";
import { LintEngine } from "../../../src/core/lint/lint-engine";
import { VaultIndex } from "../../../src/core/links/vault-index";
import { DEFAULT_KNOWLEDGE_SETTINGS, type CompileState, type KnowledgeSettings } from "../../../src/core/knowledge/knowledge-settings";
import { sha256Hex } from "../../../src/core/util/sha256";
import type { LintOptions } from "../../../src/core/lint/lint-context";
import type { ContradictionState } from "../../../src/core/contradictions/contradiction-state";
import { codeRepoFromReader } from "../../../src/core/drift/code-repo-view";
import { findCitations } from "../../../src/core/drift/citations";
import { shortHash } from "../../../src/core/util/short-hash";

interface Extra {
  repo?: Record<string, string>;
  contradictions?: ContradictionState;
  today?: string;
  staleAfterDays?: number;
}

function lintVault(files: Record<string, string>, settings: Partial<KnowledgeSettings> = {}, compileState: CompileState = { logs: {} }, extra: Extra = {}) {
  const view = new VaultIndex();
  for (const [p, t] of Object.entries(files)) p.endsWith(".md") ? view.setNote(p, t) : view.setFile(p);
  const repo = extra.repo;
  const options: LintOptions = {
    settings: { ...DEFAULT_KNOWLEDGE_SETTINGS, ...settings },
    compileState,
    logHash: (p) => (files[p] !== undefined ? sha256Hex(files[p]) : undefined),
    today: extra.today ?? "2026-11-22",
    codeRepo: repo ? codeRepoFromReader((p) => repo[p] ?? null) : null,
    citationsOf: (p) => findCitations(files[p] ?? ""),
    articleHash: (p) => (files[p] !== undefined ? shortHash(files[p]) : undefined),
    contradictions: () => extra.contradictions ?? null,
    ...(extra.staleAfterDays !== undefined ? { staleAfterDays: extra.staleAfterDays } : {}),
  };
  const engine = new LintEngine(view, options);
  return { view, engine, findings: engine.run() };
}

describe("every lint check's own examples", () => {
  for (const check of LINT_CHECKS) {
    describe(check.id, () => {
      it("has a description, a severity and at least one example", () => {
        expect(check.description.length).toBeGreaterThan(10);
        expect(["error", "warning", "suggestion"]).toContain(check.severity);
        expect(check.examples.length).toBeGreaterThan(0);
      });
      for (const ex of check.examples) {
        it(`finds what its example "${ex.name}" expects`, () => {
          const { findings } = lintVault(ex.files, ex.settings, ex.compileState, ex);
          const mine = findings.filter((f) => f.check === check.id);
          expect(mine.map((f) => `${f.path}:${f.line + 1}`).sort()).toEqual(ex.expected.map((e) => e.at).sort());
          for (const e of ex.expected) {
            if (e.message) expect(mine.some((f) => `${f.path}:${f.line + 1}` === e.at && f.message.includes(e.message!))).toBe(true);
          }
          for (const f of mine) expect(f.severity).toBe(check.severity);
        });
      }
    });
  }
});

describe("lint scope", () => {
  const files = {
    "notes/loose.md": "# Loose\n[[missing]]\n",
    "knowledge/concepts/a.md": "---\ntldr: t\nanswers_when: [a]\n---\n# A\n[[gone]]\n",
  };

  it("reports only the knowledge folder by default", () => {
    const { findings } = lintVault(files);
    expect(findings.filter((f) => f.check === "broken-link").map((f) => f.path)).toEqual(["knowledge/concepts/a.md"]);
  });

  it("reports the whole vault with scope vault", () => {
    const { findings } = lintVault(files, { lintScope: "vault" });
    expect(
      findings
        .filter((f) => f.check === "broken-link")
        .map((f) => f.path)
        .sort(),
    ).toEqual(["knowledge/concepts/a.md", "notes/loose.md"]);
  });
});

describe("incremental re-lint", () => {
  const names = ["a", "b", "c", "d", "e", "f"];
  const note = (links: string[], updated: string, stamp: string) =>
    `---\ntldr: t\nanswers_when: [x]\nupdated: ${updated}\nsimilar_high:\n  - "[[${links[0] ?? "a"}|s · ${stamp}]]"\n---\n# N\n${links.map((l) => `[[${l}]]`).join(" ")}\n`;

  it("gives the same findings as a full run after random edits, creations and deletions", () => {
    const edit = fc.record({
      target: fc.constantFrom(...names),
      action: fc.constantFrom("edit", "delete"),
      links: fc.array(fc.constantFrom(...names, "zzz"), { maxLength: 4 }),
      updated: fc.constantFrom("2026-08-01", "2026-10-15"),
      stamp: fc.constantFrom("2026-09", "2026-11"),
    });
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 8 }), (edits) => {
        const files: Record<string, string> = {};
        for (const n of names.slice(0, 4)) files[`knowledge/concepts/${n}.md`] = note([names[(names.indexOf(n) + 1) % 4]!], "2026-09-01", "2026-09");
        const { view, engine } = lintVault(files);
        for (const e of edits) {
          const p = `knowledge/concepts/${e.target}.md`;
          if (e.action === "delete") {
            if (!view.note(p)) continue;
            view.remove(p);
            delete files[p];
            engine.update([], [p]);
          } else {
            files[p] = note(e.links, e.updated, e.stamp);
            view.setNote(p, files[p]);
            engine.update([p]);
          }
        }
        expect(engine.all()).toEqual(lintVault(files).findings);
      }),
      { numRuns: 150 },
    );
  });

  it("stays exact for drift, temporal decay and stored contradictions after random edits of articles and logs", () => {
    const arts = ["a", "b", "c", "d"];
    const logs = ["daily/2026-11-01.md", "daily/2026-11-02.md"];
    const repo = { "src/q.ts": "export class Queue {\n  flush() {}\n}\n" };
    const article = (n: string, cites: string, source: number, updated: string, body: string) =>
      `---\nupdated: ${updated}\nsources: ["[[${logs[source]!.replace(/\.md$/, "")}]]"]\n---\n# ${n}\n\n${body} ${cites} [[${arts[(arts.indexOf(n) + 1) % 4]}]]\n`;
    const edit = fc.record({
      target: fc.constantFrom(...arts, ...logs),
      action: fc.constantFrom("edit", "edit", "delete"),
      cites: fc.constantFrom("`src/q.ts:Queue.flush`", "`src/q.ts:Queue.drain`", "`src/gone.ts`", ""),
      source: fc.constantFrom(0, 1),
      updated: fc.constantFrom("2026-01-01", "2026-11-01"),
      body: fc.constantFrom("one", "two"),
    });
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 8 }), (edits) => {
        const files: Record<string, string> = {};
        for (const l of logs) files[l] = "# Log\n";
        for (const [i, n] of arts.entries()) files[`knowledge/concepts/${n}.md`] = article(n, "`src/q.ts`", i % 2, "2026-11-01", "one");
        const compileState: CompileState = {
          logs: Object.fromEntries(logs.map((l) => [l, { hash: sha256Hex("# Log\n"), compiledAt: "2026-11-01T00:00:00Z" }])),
        };
        const p = (n: string) => `knowledge/concepts/${n}.md`;
        // Conflicts between unlinked articles (a–c, b–d): only `dependents` can tell the engine to revisit them.
        const stored = (x: string, y: string) => ({
          a: { path: p(x), quote: "one", line: 5 },
          b: { path: p(y), quote: "one", line: 5 },
          explanation: "e",
          confidence: "high" as const,
          hashes: [shortHash(files[p(x)]!), shortHash(files[p(y)]!)] as [string, string],
        });
        const claim = { path: p("a"), line: 5, quote: "one", explanation: "e", hash: shortHash(files[p("a")]!) };
        const state: ContradictionState = { version: 2, checked: {}, pending: {}, dismissed: {}, found: [stored("a", "c"), stored("b", "d")], claims: [claim] };
        const extra = { repo, contradictions: state, staleAfterDays: 100 };
        const { view, engine } = lintVault(files, {}, compileState, extra);
        for (const e of edits) {
          const path = e.target.startsWith("daily/") ? e.target : p(e.target);
          if (e.action === "delete") {
            if (!view.note(path)) continue;
            view.remove(path);
            delete files[path];
            engine.update([], [path]);
          } else {
            files[path] = e.target.startsWith("daily/") ? `# Log\n${e.body}\n` : article(e.target, e.cites, e.source, e.updated, e.body);
            view.setNote(path, files[path]);
            engine.update([path]);
          }
        }
        expect(engine.all()).toEqual(lintVault(files, {}, compileState, extra).findings);
      }),
      { numRuns: 150 },
    );
  });

  it("visits only the changed note's neighbourhood, not the whole vault", () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 300; i++) files[`knowledge/concepts/n${i}.md`] = `# N${i}\n[[n${(i + 1) % 300}]]\n`;
    const { view, engine } = lintVault(files);
    view.setNote("knowledge/concepts/n10.md", "# N10\n[[n11]] [[n12]]\n");
    engine.update(["knowledge/concepts/n10.md"]);
    expect(engine.lastVisited).toBeLessThanOrEqual(5);
    expect(engine.all()).toEqual(lintVault({ ...files, "knowledge/concepts/n10.md": "# N10\n[[n11]] [[n12]]\n" }).findings);
  });

  it("spreads an edit of a note linking thousands of others over small steps, ending exactly as a full run", () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 2000; i++) files[`knowledge/concepts/n${i}.md`] = `# N${i}\n[[index]]\n`;
    const rows = (n: number) => Array.from({ length: n }, (_, i) => `| [[n${i}]] |`).join("\n");
    files["knowledge/index.md"] = `# Index\n${rows(1999)}\n`;
    const { view, engine } = lintVault(files);
    files["knowledge/index.md"] = `# Index\n${rows(2000)}\n[[nowhere]]\n`;
    view.setNote("knowledge/index.md", files["knowledge/index.md"]);
    const steps = engine.updateSteps(["knowledge/index.md"]);
    let yields = 0;
    let r = steps.next();
    for (; !r.done; r = steps.next()) yields++;
    // A step per 64 links of the index at least (2,001 links): no step re-resolves all of them at once.
    expect(yields).toBeGreaterThanOrEqual(Math.floor(2001 / 64));
    expect([...r.value].sort()).toEqual(["knowledge/concepts/n1999.md", "knowledge/index.md"]);
    expect(engine.all()).toEqual(lintVault(files).findings);
  });

  it("breaks a heading link elsewhere when the target's heading is renamed, without a full run", () => {
    const files = { "knowledge/concepts/a.md": "# A\n[[b#Setup]]\n", "knowledge/concepts/b.md": "# B\n## Setup\n[[a]]\n" };
    const { view, engine } = lintVault(files);
    expect(engine.all().some((f) => f.check === "broken-link")).toBe(false);
    view.setNote("knowledge/concepts/b.md", "# B\n## Install\n[[a]]\n");
    engine.update(["knowledge/concepts/b.md"]);
    expect(
      engine
        .all()
        .filter((f) => f.check === "broken-link")
        .map((f) => f.path),
    ).toEqual(["knowledge/concepts/a.md"]);
  });

  it("resolves a broken link elsewhere when the missing note is created", () => {
    const { view, engine } = lintVault({ "knowledge/concepts/a.md": "# A\n[[b]]\n" });
    expect(engine.all().some((f) => f.check === "broken-link")).toBe(true);
    view.setNote("knowledge/concepts/b.md", "# B\n[[a]]\n");
    engine.update(["knowledge/concepts/b.md"]);
    expect(engine.all().some((f) => f.check === "broken-link")).toBe(false);
  });
});
