import { describe, expect, it, vi } from "vitest";
import { graphModelOf } from "../fakes/graph-model-of";
import { WorkspaceLeaf } from "obsidian";
import type { RouteResult } from "../../src/core/route/route-types";
import { GraphView, type GraphHost } from "../../src/ui/graph/graph-view";

const art = (fm: string) => `---\n${fm}\n---\n# T\n`;
const FILES: Record<string, string> = {
  "knowledge/concepts/a.md": art(
    'title: Alpha\nupdated: 2026-11-01\nsimilar_high: ["[[concepts/b|b · 2026-11]]", "[[concepts/c|c · 2026-09]]"]\nsimilar_mid: ["[[concepts/d|d · 2026-11]]"]',
  ),
  "knowledge/concepts/b.md": art('title: Beta\nsimilar_high: ["[[concepts/a|a · 2026-11]]", "[[concepts/gone|gone · 2026-11]]"]'),
  "knowledge/concepts/c.md": art("title: Gamma\nupdated: 2026-10-15"),
  "knowledge/concepts/d.md": art("title: Delta"),
};

function setup(active: string | null = "knowledge/concepts/a.md") {
  const model = graphModelOf(FILES);
  let changed: () => void = () => undefined;
  const state = { active, opened: [] as string[], saved: 0, ready: true };
  const host: GraphHost = {
    graph: (o) => (state.ready ? model.snapshot(o) : null),
    scope: () => "knowledge",
    onChange: (fn) => ((changed = fn), () => undefined),
    activePath: () => state.active,
    route: () =>
      ({
        question: "How do clocks order edits?",
        status: "routed",
        skipped: [],
        loaded: [
          {
            path: "knowledge/concepts/a.md",
            part: "body",
            tokens: 1,
            reason: { kind: "match", rank: 1, score: 1, coverage: 1, terms: [{ term: "clock", fields: ["title"] }] },
          },
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
  const view = new GraphView(new WorkspaceLeaf(), host);
  return { view, state, change: () => changed() };
}

const text = (view: GraphView, sel: string) => view.contentEl.querySelector(sel)?.textContent ?? "";

describe("the graph view", () => {
  it("shows the active note's neighbourhood and lists its relationships with stale and missing targets", async () => {
    const { view } = setup();
    await view.onOpen();
    expect(text(view, ".kc-graph-status")).toBe("3 notes and 3 relationships around this note, 1 stale.");
    const items = [...view.contentEl.querySelectorAll(".kc-graph-list-item")].map((li) => li.textContent);
    // Issue 23: the list follows the graph's MID toggle (off by default) and says what it hides.
    expect(items).toEqual(["HIGHBeta2026-11", "HIGHGammastale: stamped 2026-09", "HIGHBeta2026-11"]);
    expect(text(view, ".kc-graph-list-hidden")).toBe('1 MID relationship hidden: turn on "MID relationships" in the graph options.');
    await view.onClose();
  });

  it("lists MID neighbours exactly when the graph shows them", async () => {
    const { view } = setup();
    await view.onOpen();
    const mid = view.contentEl.querySelectorAll<HTMLInputElement>(".kc-graph-toolbar input[type=checkbox]")[0]!;
    mid.checked = true;
    mid.dispatchEvent(new Event("change"));
    expect(text(view, ".kc-graph-status")).toBe("4 notes and 4 relationships around this note, 1 stale.");
    const items = [...view.contentEl.querySelectorAll(".kc-graph-list-item")].map((li) => li.textContent);
    expect(items).toContain("MIDDelta2026-11");
    expect(view.contentEl.querySelector(".kc-graph-list-hidden")).toBeNull();
    await view.onClose();
  });

  it("offers depth 1 to 5 around the note and shows Depth only there, Type only for the whole base", async () => {
    const { view } = setup();
    await view.onOpen();
    const depth = view.contentEl.querySelector<HTMLSelectElement>(".kc-graph-depth")!;
    expect([...depth.options].map((o) => o.value)).toEqual(["1", "2", "3", "4", "5"]);
    const shown = (sel: string) => !view.contentEl.querySelector(sel)!.closest(".kc-graph-option")!.classList.contains("kc-hidden");
    expect([shown(".kc-graph-depth"), shown(".kc-graph-kind")]).toEqual([true, false]);
    const mode = view.contentEl.querySelector<HTMLSelectElement>(".kc-graph-mode")!;
    mode.value = "global";
    mode.dispatchEvent(new Event("change"));
    expect([shown(".kc-graph-depth"), shown(".kc-graph-kind")]).toEqual([false, true]);
    await view.onClose();
  });

  it("keeps the options in a popover that the options button opens and Escape closes", async () => {
    const { view } = setup();
    await view.onOpen();
    const button = view.contentEl.querySelector<HTMLButtonElement>(".kc-graph-options-button")!;
    const panel = view.contentEl.querySelector<HTMLElement>(".kc-graph-options")!;
    expect(panel.classList.contains("kc-hidden")).toBe(true);
    button.click();
    expect([panel.classList.contains("kc-hidden"), button.getAttribute("aria-expanded")]).toEqual([false, "true"]);
    panel.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    expect(panel.classList.contains("kc-hidden")).toBe(true);
    await view.onClose();
  });

  it("has a legend of the shapes, tiers, staleness and direction the graph draws (issue 35: no lines for what it does not), and zoom buttons", async () => {
    const { view } = setup();
    await view.onOpen();
    const legend = [...view.contentEl.querySelectorAll(".kc-graph-legend-item")].map((i) => i.textContent);
    // Around Alpha with MID off: three concepts, HIGH relationships, one of them stale; no connection, Q&A or missing note.
    expect(legend).toEqual(["Concept", "HIGH", "Stale", "Points to the related note"]);
    expect([...view.contentEl.querySelectorAll(".kc-graph-zoom button")].map((b) => b.getAttribute("aria-label"))).toEqual([
      "Zoom in",
      "Zoom out",
      "Fit to view",
    ]);
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
    // Issue 23: the Ask panel's words and titles, not "match #1" or slugs.
    expect(text(view, ".kc-graph-status")).toBe("Route preview: Loaded 2 articles: Alpha (matches 'clocks'), Beta (closely tied to Alpha).");
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
