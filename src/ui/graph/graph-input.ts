import type { Component } from "obsidian";
import type { GraphStage } from "./graph-stage";

/** What a click, a drag out of the canvas, or a hover with Ctrl/Cmd does with a note. */
export interface GraphInputActions {
  open(path: string, newTab: boolean): void;
  linkText(path: string): string;
  preview(event: MouseEvent, path: string, target: HTMLElement): void;
}

/**
 * Binds the canvas's pointer and keyboard: wheel zooms, dragging the background pans, dragging a note drops a link to
 * it into an editor, a click or Enter opens a note (Ctrl/Cmd in a new tab), arrows pan, + and - zoom, 0 fits.
 * Registered on `owner`, so closing the view unbinds them.
 */
export function bindGraphInput(owner: Component, stage: GraphStage, actions: GraphInputActions): void {
  const c = stage.canvas;
  let drag: { x: number; y: number; tx: number; ty: number; moved: boolean } | null = null;
  owner.registerDomEvent(c, "wheel", (e: WheelEvent) => {
    e.preventDefault();
    const rect = c.getBoundingClientRect();
    stage.zoomAt(e.clientX - rect.left, e.clientY - rect.top, Math.exp(-e.deltaY * 0.0015));
  }, { passive: false });
  owner.registerDomEvent(c, "pointerdown", (e: PointerEvent) => {
    const t = stage.transform();
    drag = { x: e.clientX, y: e.clientY, tx: t.x, ty: t.y, moved: false };
    const i = stage.hit(e);
    c.draggable = i >= 0;
  });
  owner.registerDomEvent(c, "dragstart", (e: DragEvent) => {
    const i = stage.hit(e);
    const n = stage.scene.nodes[i];
    if (!n || n.kind === "ghost" || !e.dataTransfer) return;
    e.dataTransfer.setData("text/plain", `[[${actions.linkText(n.id)}]]`);
    drag = null;
  });
  owner.registerDomEvent(c, "pointermove", (e: PointerEvent) => {
    if (drag && (e.buttons & 1) === 1 && !c.draggable) {
      drag.moved ||= Math.hypot(e.clientX - drag.x, e.clientY - drag.y) > 3;
      stage.panTo(drag.tx + e.clientX - drag.x, drag.ty + e.clientY - drag.y);
      return;
    }
    stage.hover(e, (ev, path, target) => actions.preview(ev, path, target));
  });
  owner.registerDomEvent(c, "pointerup", (e: PointerEvent) => {
    const wasDrag = drag?.moved ?? false;
    drag = null;
    c.draggable = false;
    if (wasDrag) return;
    const n = stage.scene.nodes[stage.hit(e)];
    if (n && n.kind !== "ghost") actions.open(n.id, e.ctrlKey || e.metaKey);
  });
  owner.registerDomEvent(c, "pointerleave", () => stage.leave());
  owner.registerDomEvent(c, "keydown", (e: KeyboardEvent) => {
    const step = 40;
    const zoom = (factor: number) => (): void => stage.zoomAt(c.clientWidth / 2, c.clientHeight / 2, factor);
    const keys: Record<string, () => void> = {
      ArrowLeft: () => stage.pan(step, 0), ArrowRight: () => stage.pan(-step, 0),
      ArrowUp: () => stage.pan(0, step), ArrowDown: () => stage.pan(0, -step),
      "+": zoom(1.25), "=": zoom(1.25), "-": zoom(0.8), "0": () => stage.fit(),
      Enter: () => {
        const n = stage.scene.nodes[stage.scene.hovered] ?? stage.scene.nodes.find((x) => x.id === stage.scene.center);
        if (n && n.kind !== "ghost") actions.open(n.id, e.ctrlKey || e.metaKey);
      },
    };
    const action = keys[e.key];
    if (!action) return;
    e.preventDefault();
    action();
    stage.requestDraw();
  });
}
