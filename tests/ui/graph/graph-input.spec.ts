import { describe, expect, it } from "vitest";
import { Component } from "obsidian";
import { bindGraphInput } from "../../../src/ui/graph/graph-input";
import type { GraphStage } from "../../../src/ui/graph/graph-stage";

/** A canvas with one note under every point, and what the input asked of the view. */
function setup() {
  const canvas = createEl("canvas");
  const opened: string[] = [];
  const stage = {
    canvas,
    scene: { nodes: [{ id: "a.md", kind: "concept" }], positions: new Float64Array(2), hovered: -1 },
    hit: () => 0,
    transform: () => ({ x: 0, y: 0, k: 1 }),
    toWorld: (e: MouseEvent) => [e.clientX, e.clientY],
    moveNode: () => undefined,
    pan: () => undefined,
    panTo: () => undefined,
    zoomAt: () => undefined,
    hover: () => undefined,
    leave: () => undefined,
    requestDraw: () => undefined,
  };
  bindGraphInput(new Component(), stage as unknown as GraphStage, {
    open: (p) => void opened.push(p),
    linkText: (p) => p,
    preview: () => undefined,
    pin: () => undefined,
  });
  /** A pointer event as a finger or mouse sends it (jsdom has no PointerEvent: a MouseEvent with a pointerId). */
  const send = (type: string, pointerId: number, x: number, y: number) => {
    const e = new MouseEvent(type, { clientX: x, clientY: y, bubbles: true });
    Object.defineProperty(e, "pointerId", { value: pointerId });
    canvas.dispatchEvent(e);
  };
  return { send, opened };
}

describe("the graph's pointer input", () => {
  it("opens a note on a click", () => {
    const { send, opened } = setup();
    send("pointerdown", 1, 10, 10);
    send("pointerup", 1, 10, 10);
    expect(opened).toEqual(["a.md"]);
  });

  it("opens nothing when the fingers of a pinch lift over a note (the second finger opened it)", () => {
    const { send, opened } = setup();
    send("pointerdown", 1, 10, 10);
    send("pointerdown", 2, 30, 10);
    send("pointermove", 2, 60, 10);
    send("pointerup", 1, 10, 10);
    send("pointerup", 2, 60, 10);
    expect(opened).toEqual([]);
  });

  it("opens nothing after a drag of a note", () => {
    const { send, opened } = setup();
    send("pointerdown", 1, 10, 10);
    send("pointermove", 1, 40, 30);
    send("pointerup", 1, 40, 30);
    expect(opened).toEqual([]);
  });
});
