import { describe, expect, it } from "vitest";
import { LintEngine } from "../../../src/core/lint/lint-engine";
import { removeEdgesSteps } from "../../../src/core/lint/link-graph";
import { VaultIndex } from "../../../src/core/links/vault-index";
import { DEFAULT_KNOWLEDGE_SETTINGS } from "../../../src/core/knowledge/knowledge-settings";
import type { LintOptions } from "../../../src/core/lint/lint-context";
import type { LintFinding } from "../../../src/core/lint/lint-types";

function engineOver(files: Record<string, string>) {
  const view = new VaultIndex();
  for (const [p, t] of Object.entries(files)) view.setNote(p, t);
  const options: LintOptions = {
    settings: { ...DEFAULT_KNOWLEDGE_SETTINGS, lintScope: "vault" },
    compileState: { logs: {} },
    logHash: () => undefined,
    today: "2026-11-22",
    codeRepo: null,
    citationsOf: () => [],
    articleHash: () => undefined,
    contradictions: () => null,
  };
  const engine = new LintEngine(view, options);
  engine.run();
  return { view, engine };
}

/** Notes that each earn findings: a broken link, and articles with one-way links. */
function vault(n: number): Record<string, string> {
  const files: Record<string, string> = {};
  // Written in an order unlike the sorted one, so the paths' order is the engine's own work.
  for (let i = n - 1; i >= 0; i--) files[`knowledge/concepts/n${(i * 37) % n}.md`] = `# N\n[[n${(i + 1) % n}]] [[missing-${i}]]\n`;
  return files;
}

const tally = (findings: readonly LintFinding[]) => {
  const counts = { error: 0, warning: 0, suggestion: 0 };
  for (const f of findings) counts[f.severity]++;
  return counts;
};

describe("LintEngine's ordered findings and counts", () => {
  it("assembles every finding in steps of a few notes each, exactly as a fresh full run orders them", () => {
    const files = vault(1000);
    const { view, engine } = engineOver(files);
    view.setNote("knowledge/concepts/n5.md", "# N5\nno links now\n");
    view.remove("knowledge/concepts/n6.md");
    engine.update(["knowledge/concepts/n5.md"], ["knowledge/concepts/n6.md"]);
    const steps = engine.allSteps();
    let yields = 0;
    let r = steps.next();
    for (; !r.done; r = steps.next()) yields++;
    // A thousand notes with findings, at most 64 notes a step: no step copies them all.
    expect(yields).toBeGreaterThanOrEqual(Math.floor(1000 / 64) - 1);
    const { ["knowledge/concepts/n6.md"]: _gone, ...left } = files;
    const fresh = engineOver({ ...left, "knowledge/concepts/n5.md": "# N5\nno links now\n" }).engine.all();
    expect(r.value).toEqual(fresh);
    expect(engine.all()).toBe(r.value);
  });

  it("starts again when a note changes while the list is being assembled", () => {
    const files = vault(500);
    const { view, engine } = engineOver(files);
    view.setNote("knowledge/concepts/n1.md", "# N1\n[[n2]]\n");
    engine.update(["knowledge/concepts/n1.md"]);
    const steps = engine.allSteps();
    steps.next();
    view.setNote("knowledge/concepts/n1.md", "# N1\n[[gone]] [[gone-too]]\n");
    engine.update(["knowledge/concepts/n1.md"]);
    let r = steps.next();
    while (!r.done) r = steps.next();
    expect(r.value).toEqual(engineOver({ ...files, "knowledge/concepts/n1.md": "# N1\n[[gone]] [[gone-too]]\n" }).engine.all());
  });

  it("keeps its counts by severity equal to a count of every finding, through edits that add and remove findings", () => {
    const files = vault(200);
    const { view, engine } = engineOver(files);
    expect(engine.counts()).toEqual(tally(engine.all()));
    const edits: [string, string][] = [
      ["knowledge/concepts/n3.md", "# N3\nclean\n"],
      ["knowledge/concepts/n4.md", "# N4\n[[a]] [[b]] [[c]]\n"],
      ["knowledge/concepts/new.md", "# New\n[[n3]]\n"],
      ["knowledge/concepts/n3.md", "# N3\n[[x]]\n"],
    ];
    for (const [p, t] of edits) {
      view.setNote(p, t);
      engine.update([p]);
      expect(engine.counts()).toEqual(tally(engine.all()));
    }
    expect(engine.counts().error).toBeGreaterThan(0);
  });
});

describe("removeEdgesSteps", () => {
  it("drops the edges of a note that links 3,000 others a few hundred a step, and the engine's update ends as a fresh full run", () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 3000; i++) files[`knowledge/concepts/a${i}.md`] = `# A${i}\n[[index]]\n`;
    files["knowledge/index.md"] = `# Index\n${Array.from({ length: 3000 }, (_, i) => `| [[a${i}]] |`).join("\n")}\n`;
    const graph = engineOver(files).engine.links;
    const touched = new Set<string>();
    const steps = removeEdgesSteps(graph, "knowledge/index.md", touched);
    let yields = 0;
    while (!steps.next().done) yields++;
    // 3,000 edges and 3,000 names, 256 a step.
    expect(yields).toBe(Math.floor(6000 / 256));
    expect(touched.size).toBe(3000);
    expect([...graph.reverse.values()].some((sources) => sources.has("knowledge/index.md"))).toBe(false);
    expect(graph.forward.has("knowledge/index.md")).toBe(false);

    const { view, engine } = engineOver(files);
    files["knowledge/index.md"] = "# Index\n[[nowhere]]\n";
    view.setNote("knowledge/index.md", files["knowledge/index.md"]);
    engine.update(["knowledge/index.md"]);
    expect(engine.all()).toEqual(engineOver(files).engine.all());
  });
});

describe("LintEngine.run in one go", () => {
  /** Notes with each kind of link: body and frontmatter, to itself, rooted, unresolved, repeated, none. */
  const files: Record<string, string> = {
    "knowledge/concepts/a.md": '---\nsimilar_mid:\n  - "[[b|b · 2026-01]]"\n---\n# A\n[[b]] [[b]] [[a]] [[/c]] [[missing]] ![[c]] [md](c.md)\n',
    "knowledge/concepts/b.md": "# B\n[[a#A]]\n",
    "knowledge/concepts/c.md": "# C\nno links\n",
    "knowledge/index.md": "# Index\n[[a]] [[b]] [[c]]\n",
    "notes/loose.md": "# Loose\n[[C]] [[nowhere]]\n",
  };

  it("builds the same link graph and findings as draining its steps, and updates from there alike", () => {
    const oneGo = engineOver(files);
    const stepped = engineOver(files);
    const steps = stepped.engine.runSteps();
    while (!steps.next().done);
    const plain = (g: typeof oneGo.engine.links) =>
      Object.fromEntries(Object.entries(g).map(([k, m]) => [k, [...(m as Map<string, Iterable<string | null>>)].map(([p, v]) => [p, [...v]]).sort()]));
    expect(plain(oneGo.engine.links)).toEqual(plain(stepped.engine.links));
    expect(oneGo.engine.all()).toEqual(stepped.engine.all());
    expect(oneGo.engine.all().length).toBeGreaterThan(3);
    for (const { view, engine } of [oneGo, stepped]) {
      view.setNote("knowledge/concepts/c.md", "# C\n[[a]] [[new-missing]]\n");
      engine.update(["knowledge/concepts/c.md"]);
    }
    expect(plain(oneGo.engine.links)).toEqual(plain(stepped.engine.links));
    expect(oneGo.engine.all()).toEqual(engineOver({ ...files, "knowledge/concepts/c.md": "# C\n[[a]] [[new-missing]]\n" }).engine.all());
  });

  it("runs once without signatures to the same findings, and an update after it still reaches the neighbours", () => {
    const once = engineOver(files);
    const fresh = once.engine.all();
    expect(once.engine.runOnce()).toEqual(fresh);
    // b links a's heading "A": renaming it changes b's findings, which an update must see without a's old signature.
    once.view.setNote("knowledge/concepts/a.md", "# Z\n[[b]]\n");
    once.engine.update(["knowledge/concepts/a.md"]);
    const after = engineOver({ ...files, "knowledge/concepts/a.md": "# Z\n[[b]]\n" }).engine.all();
    expect(once.engine.all()).toEqual(after);
    expect(after.some((f) => f.path === "knowledge/concepts/b.md" && f.message.includes("#A"))).toBe(true);
  });
});
