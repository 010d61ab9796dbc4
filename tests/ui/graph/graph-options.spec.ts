import { describe, expect, it } from "vitest";
import { graphModelOf } from "../../fakes/graph-model-of";
import { WorkspaceLeaf } from "obsidian";
import { GraphView, type GraphHost } from "../../../src/ui/graph/graph-view";
import { controlsFrom, DEFAULT_CONTROLS } from "../../../src/ui/graph/graph-selection";

const art = (fm: string) => `---\n${fm}\n---\n# T\n`;
// Delta's only relationship is MID: with MID off, the whole base shows it as an orphan; Omega has none at all.
const FILES: Record<string, string> = {
  "knowledge/concepts/a.md": art('title: Alpha\nsimilar_high: ["[[concepts/b|b · 2026-11]]"]\nsimilar_mid: ["[[concepts/d|d · 2026-11]]"]'),
  "knowledge/concepts/b.md": art('title: Beta\nsimilar_high: ["[[concepts/a|a · 2026-11]]"]'),
  "knowledge/concepts/d.md": art("title: Delta"),
  "knowledge/concepts/o.md": art("title: Omega"),
};

function setup() {
  const model = graphModelOf(FILES);
  const state = { saves: 0 };
  const host: GraphHost = {
    graph: (o) => model.snapshot(o),
    scope: () => "knowledge",
    onChange: () => () => undefined,
    activePath: () => "knowledge/concepts/a.md",
    route: () => null,
    lastQuestion: () => null,
    open: () => undefined,
    preview: () => undefined,
    linkText: (p) => p,
    loadPositions: () => Promise.resolve({}),
    savePositions: () => Promise.resolve(),
    saveLayout: () => void state.saves++,
    exportFile: () => Promise.resolve(),
  };
  const view = new GraphView(new WorkspaceLeaf(), host);
  document.body.appendChild(view.containerEl);
  return { view, state };
}

const q = <T extends Element>(view: GraphView, sel: string) => view.contentEl.querySelector<T>(sel)!;
const status = (view: GraphView) => q(view, ".kc-graph-status").textContent;
const flip = (box: HTMLInputElement) => {
  box.checked = !box.checked;
  box.dispatchEvent(new Event("change"));
};
const toGlobal = (view: GraphView) => {
  const mode = q<HTMLSelectElement>(view, ".kc-graph-mode");
  mode.value = "global";
  mode.dispatchEvent(new Event("change"));
};

describe("the graph options", () => {
  it("hide the notes without links with Orphans off, and show them again with it on", async () => {
    const { view } = setup();
    await view.onOpen();
    toGlobal(view);
    expect(status(view)).toBe("4 notes and 2 relationships in the knowledge base.");
    flip(q(view, ".kc-graph-orphans"));
    expect(status(view)).toBe("2 notes and 2 relationships in the knowledge base.");
    flip(q(view, ".kc-graph-orphans"));
    expect(status(view)).toBe("4 notes and 2 relationships in the knowledge base.");
    await view.onClose();
    view.containerEl.remove();
  });

  it("turn arrowheads off and drop the arrow from the legend", async () => {
    const { view } = setup();
    await view.onOpen();
    const legend = () => [...view.contentEl.querySelectorAll(".kc-graph-legend-item")].map((i) => i.textContent);
    expect(legend()).toContain("Points to the related note");
    flip(q(view, ".kc-graph-arrows"));
    expect((view as unknown as { stage: { scene: { arrows: boolean } } }).stage.scene.arrows).toBe(false);
    expect(legend()).not.toContain("Points to the related note");
    await view.onClose();
    view.containerEl.remove();
  });

  it("are saved with the workspace and restored from it, toggles and all", async () => {
    const { view, state } = setup();
    await view.onOpen();
    toGlobal(view);
    flip(q(view, ".kc-graph-orphans"));
    flip(q(view, ".kc-graph-arrows"));
    expect(state.saves).toBe(3);
    const saved = view.getState();
    expect(saved).toMatchObject({ mode: "global", orphans: false, arrows: false });
    await view.onClose();
    view.containerEl.remove();

    const again = setup().view;
    await again.onOpen();
    await again.setState(JSON.parse(JSON.stringify(saved)), { history: false });
    expect([q<HTMLInputElement>(again, ".kc-graph-orphans").checked, q<HTMLInputElement>(again, ".kc-graph-arrows").checked]).toEqual([false, false]);
    expect(q<HTMLSelectElement>(again, ".kc-graph-mode").value).toBe("global");
    expect(status(again)).toBe("2 notes and 2 relationships in the knowledge base.");
    await again.onClose();
    again.containerEl.remove();
  });

  it("close on a press outside and on Escape pressed anywhere, but not on a press inside", async () => {
    const { view } = setup();
    await view.onOpen();
    const button = q<HTMLButtonElement>(view, ".kc-graph-options-button");
    const panel = q<HTMLElement>(view, ".kc-graph-options");
    const hidden = () => panel.classList.contains("kc-hidden");
    button.click();
    q(view, ".kc-graph-orphans").dispatchEvent(new Event("pointerdown", { bubbles: true }));
    expect(hidden()).toBe(false);
    q(view, ".kc-graph-canvas").dispatchEvent(new Event("pointerdown", { bubbles: true }));
    expect(hidden()).toBe(true);
    button.click();
    expect(hidden()).toBe(false);
    document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    expect(hidden()).toBe(true);
    await view.onClose();
    view.containerEl.remove();
  });

  it("are all reachable by keyboard: every control in the panel is a focusable, labelled form control", async () => {
    const { view } = setup();
    await view.onOpen();
    const controls = [...q<HTMLElement>(view, ".kc-graph-options").querySelectorAll<HTMLElement>("select, input")];
    expect(controls.map((c) => c.className.split(" ").find((k) => k.startsWith("kc-graph-")))).toEqual(
      expect.arrayContaining(["kc-graph-orphans", "kc-graph-arrows", "kc-graph-mid", "kc-graph-stale"]),
    );
    for (const c of controls) {
      expect(c.tabIndex).toBeGreaterThanOrEqual(0);
      expect(c.getAttribute("aria-label") ?? c.closest("label")?.textContent).toBeTruthy();
    }
    await view.onClose();
    view.containerEl.remove();
  });
});

describe("saved graph options read back", () => {
  it("take the defaults for anything missing or malformed, and clamp the depth", () => {
    expect(controlsFrom(null)).toEqual(DEFAULT_CONTROLS);
    expect(controlsFrom({ depth: 9, orphans: "no", arrows: false, colour: "rainbow", kind: "qa", mode: "global" })).toEqual({
      ...DEFAULT_CONTROLS,
      depth: 5,
      arrows: false,
      kind: "qa",
      mode: "global",
    });
  });
});
