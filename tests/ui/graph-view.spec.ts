import { describe, expect, it, vi } from "vitest";
import { WorkspaceLeaf } from "obsidian";
import { readCkpHeader } from "../../src/core/ckp/read-ckp-header";
import { GraphModel, graphArticleOf } from "../../src/core/graph/graph-model";
import { VaultIndex } from "../../src/core/links/vault-index";
import { parseNote } from "../../src/core/notes/parse-note";
import type { RouteResult } from "../../src/core/route/route-types";
import { GraphView, type GraphHost } from "../../src/ui/graph/graph-view";

const art = (fm: string) => `---\n${fm}\n---\n# T\n`;
const FILES: Record<string, string> = {
  "knowledge/concepts/a.md": art('title: Alpha\nupdated: 2026-11-01\nsimilar_high: ["[[concepts/b|b · 2026-11]]", "[[concepts/c|c · 2026-09]]"]\nsimilar_mid: ["[[concepts/d|d · 2026-11]]"]'),
  "knowledge/concepts/b.md": art('title: Beta\nsimilar_high: ["[[concepts/a|a · 2026-11]]", "[[concepts/gone|gone · 2026-11]]"]'),
  "knowledge/concepts/c.md": art("title: Gamma\nupdated: 2026-10-15"),
  "knowledge/concepts/d.md": art("title: Delta"),
};

function setup(active: string | null = "knowledge/concepts/a.md") {
  const vault = new VaultIndex();
  for (const [p, t] of Object.entries(FILES)) vault.setNote(p, t);
  const model = new GraphModel(() => "knowledge", (l, from) => vault.resolve(l, from));
  for (const [p, t] of Object.entries(FILES)) {
    const parsed = parseNote(t);
    model.set(graphArticleOf(p, readCkpHeader(parsed.frontmatter), parsed));
  }
  let changed: () => void = () => undefined;
  const state = { active, opened: [] as string[], saved: 0, ready: true };
  const host: GraphHost = {
    graph: (o) => (state.ready ? model.snapshot(o) : null),
    onChange: (fn) => ((changed = fn), () => undefined),
    activePath: () => state.active,
    route: () => ({
      status: "routed",
      loaded: [
        { path: "knowledge/concepts/a.md", part: "body", tokens: 1, reason: { kind: "match", rank: 1, score: 1, coverage: 1, terms: [] } },
        { path: "knowledge/concepts/b.md", part: "body", tokens: 1, reason: { kind: "high", of: "knowledge/concepts/a.md" } },
      ],
    }) as unknown as RouteResult,
    lastQuestion: () => "How do clocks order edits?",
    open: (p) => void state.opened.push(p),
    preview: () => undefined,
    linkText: (p) => p.replace(/\.md$/, ""),
    loadPositions: () => Promise.resolve({}),
    savePositions: () => Promise.resolve(void state.saved++),
    exportFile: () => Promise.resolve(),
  };
  const view = new GraphView(new WorkspaceLeaf() as never, host);
  return { view, state, change: () => changed() };
}

const text = (view: GraphView, sel: string) => view.contentEl.querySelector(sel)?.textContent ?? "";

describe("the graph view", () => {
  it("shows the active note's neighbourhood and lists its relationships with stale and missing targets", async () => {
    const { view } = setup();
    await view.onOpen();
    expect(text(view, ".kc-graph-status")).toBe("3 notes and 3 relationships around this note, 1 stale.");
    const items = [...view.contentEl.querySelectorAll(".kc-graph-list-item")].map((li) => li.textContent);
    expect(items).toEqual(["HIGHBeta2026-11", "HIGHGammastale: stamped 2026-09", "MIDDelta2026-11", "HIGHBeta2026-11"]);
    await view.onClose();
  });

  it("opens a related note from the keyboard-reachable list, and follows the active note", async () => {
    const { view, state, change } = setup();
    await view.onOpen();
    const link = [...view.contentEl.querySelectorAll<HTMLAnchorElement>(".kc-graph-list a")].find((a) => a.textContent === "Gamma")!;
    expect(link.getAttribute("href")).toBe("#");
    link.click();
    expect(state.opened).toEqual(["knowledge/concepts/c.md"]);
    state.active = "knowledge/concepts/b.md";
    change();
    expect(text(view, ".kc-graph-list-title")).toBe("Relationships of Beta");
    expect(text(view, ".kc-graph-list")).toContain("concepts/gone (missing)");
    await view.onClose();
  });

  it("says it is still indexing, and what to do when no article is open", async () => {
    const { view, state, change } = setup(null);
    state.ready = false;
    await view.onOpen();
    expect(text(view, ".kc-graph-status")).toBe("Still indexing the knowledge base…");
    state.ready = true;
    change();
    expect(text(view, ".kc-graph-status")).toContain("Open an article of the knowledge base");
    await view.onClose();
  });

  it("switches to the whole base with MID on demand, and previews a route", async () => {
    const { view } = setup();
    await view.onOpen();
    const selects = view.contentEl.querySelectorAll<HTMLSelectElement>(".kc-graph-toolbar select");
    selects[0]!.value = "global";
    selects[0]!.dispatchEvent(new Event("change"));
    expect(text(view, ".kc-graph-status")).toBe("5 notes and 4 relationships in the knowledge base, 1 stale.");
    const mid = view.contentEl.querySelectorAll<HTMLInputElement>(".kc-graph-toolbar input[type=checkbox]")[0]!;
    mid.checked = true;
    mid.dispatchEvent(new Event("change"));
    expect(text(view, ".kc-graph-status")).toBe("5 notes and 5 relationships in the knowledge base, 1 stale.");
    const route = view.contentEl.querySelector<HTMLInputElement>(".kc-graph-route")!;
    route.dispatchEvent(new Event("focus"));
    expect(route.value).toBe("How do clocks order edits?");
    route.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter" }));
    expect(text(view, ".kc-graph-status")).toBe("Route preview: loads a, b.");
    await view.onClose();
  });

  it("lays out on the main thread in slices when no worker is available, and saves positions once settled", async () => {
    vi.useFakeTimers();
    const { view, state } = setup();
    await view.onOpen();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(state.saved).toBeGreaterThan(0);
    await view.onClose();
    vi.useRealTimers();
  });
});
