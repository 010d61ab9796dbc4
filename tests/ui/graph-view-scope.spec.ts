import { describe, expect, it } from "vitest";
import { WorkspaceLeaf } from "obsidian";
import { GraphModel } from "../../src/core/graph/graph-model";
import { GraphView, type GraphHost } from "../../src/ui/graph/graph-view";
import { ordinaryVaultFiles } from "../fakes/ordinary-vault";
import { graphModelOf } from "../fakes/graph-model-of";

/** The graph view over an ordinary vault, in the scope `state.scope`, with a host that records scope changes. */
function setup(scope: "knowledge" | "vault", active: string | null = null) {
  const model = graphModelOf(ordinaryVaultFiles());
  const empty = new GraphModel(
    () => "knowledge",
    () => null,
  );
  let changed: () => void = () => undefined;
  const state = { scope, set: [] as string[] };
  const host: GraphHost = {
    graph: (o) => (state.scope === "vault" ? model : empty).snapshot(o),
    scope: () => state.scope,
    setScope: (s) => {
      state.set.push(s);
      state.scope = s;
      changed();
      return Promise.resolve();
    },
    wholeVaultOffer: () => (state.scope === "knowledge" ? 'The knowledge folder "knowledge" has no articles yet.' : null),
    onChange: (fn) => ((changed = fn), () => undefined),
    activePath: () => active,
    route: () => null,
    lastQuestion: () => null,
    open: () => undefined,
    preview: () => undefined,
    linkText: (p) => p.replace(/\.md$/, ""),
    loadPositions: () => Promise.resolve({}),
    savePositions: () => Promise.resolve(),
    exportFile: () => Promise.resolve(),
  };
  return { view: new GraphView(new WorkspaceLeaf(), host), state };
}

const text = (view: GraphView, sel: string) => view.contentEl.querySelector(sel)?.textContent ?? "";
const toGlobal = (view: GraphView) => {
  const mode = view.contentEl.querySelector<HTMLSelectElement>(".kc-graph-mode")!;
  mode.value = "global";
  mode.dispatchEvent(new Event("change"));
};

describe("the graph view in the whole-vault scope", () => {
  it("draws every note of an ordinary vault with its links (it drew 0 links), and names them in the legend", async () => {
    const { view } = setup("vault");
    await view.onOpen();
    toGlobal(view);
    expect(text(view, ".kc-graph-status")).toBe("12 notes and 7 links in the vault.");
    const scene = (view as unknown as { stage: { scene: { edges: { edge: { tier: string } }[] } } }).stage.scene;
    expect(scene.edges.length).toBe(7);
    expect(scene.edges.every((e) => e.edge.tier === "body")).toBe(true);
    const legend = [...view.contentEl.querySelectorAll(".kc-graph-legend-item")].map((i) => i.textContent);
    expect(legend).toContain("Note");
    expect(legend).toContain("Link (untyped)");
    expect(view.contentEl.querySelector<HTMLSelectElement>(".kc-graph-mode")!.selectedOptions[0]!.text).toBe("Whole vault");
    await view.onClose();
  });

  it("shows the active note's links around it and lists them", async () => {
    const { view } = setup("vault", "Projects/Garden irrigation.md");
    await view.onOpen();
    expect(text(view, ".kc-graph-status")).toBe("4 notes and 4 links around this note.");
    const items = [...view.contentEl.querySelectorAll(".kc-graph-list-item")].map((li) => li.textContent);
    // Incoming: Frost dates and Packing list link here.
    expect(items).toEqual(["LINKFrost dates", "LINKHardware store", "LINKFrost dates", "LINKPacking list"]);
    await view.onClose();
  });

  it("offers the whole vault on an empty knowledge folder instead of an empty canvas, and takes it on a click", async () => {
    const { view, state } = setup("knowledge");
    await view.onOpen();
    const offer = view.contentEl.querySelector<HTMLElement>(".kc-graph-scope-offer")!;
    expect(offer.classList.contains("kc-hidden")).toBe(false);
    expect(offer.textContent).toContain('The knowledge folder "knowledge" has no articles yet.');
    offer.querySelector<HTMLButtonElement>("button")!.click();
    expect(state.set).toEqual(["vault"]);
    expect(offer.classList.contains("kc-hidden")).toBe(true);
    toGlobal(view);
    expect(text(view, ".kc-graph-status")).toContain("12 notes and 7 links");
    await view.onClose();
  });

  it("changes the one scope setting from the graph options, shown as it is", async () => {
    const { view, state } = setup("vault");
    await view.onOpen();
    const select = view.contentEl.querySelector<HTMLSelectElement>(".kc-graph-scope")!;
    expect(select.value).toBe("vault");
    select.value = "knowledge";
    select.dispatchEvent(new Event("change"));
    expect(state.set).toEqual(["knowledge"]);
    expect(view.contentEl.querySelector<HTMLSelectElement>(".kc-graph-mode")!.options[1]!.text).toBe("Whole base");
    await view.onClose();
  });
});
