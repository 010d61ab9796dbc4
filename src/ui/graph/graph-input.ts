import type { Component } from "obsidian";
import type { GraphStage } from "./graph-stage";

/** What a click, a drag out of the canvas, a hover with Ctrl/Cmd, or a dragged note does. */
export interface GraphInputActions {
  open(path: string, newTab: boolean): void;
  linkText(path: string): string;
  preview(event: MouseEvent, path: string, target: HTMLElement): void;
  /** Pins node `i` at a world point while it is dragged; null releases it. */
  pin(i: number, x: number | null, y: number | null): void;
}

type Gesture =
  | { kind: "pan"; x: number; y: number; tx: number; ty: number; moved: boolean }
  | { kind: "node"; i: number; x: number; y: number; moved: boolean }
  | { kind: "pinch"; dist: number; mx: number; my: number }
  | { kind: "link" };

/**
 * Binds the canvas's pointer and keyboard as Obsidian's graph does: wheel or a two-finger pinch zooms, dragging the
 * background pans, dragging a note moves it (its neighbours follow), Alt/Option-dragging a note drops a link to it
 * into an editor, a click or Enter opens a note (Ctrl/Cmd in a new tab), arrows pan, + and - zoom, 0 fits.
 * Registered on `owner`, so closing the view unbinds them.
 */
export function bindGraphInput(owner: Component, stage: GraphStage, actions: GraphInputActions): void {
  const c = stage.canvas;
  const pointers = new Map<number, { x: number; y: number }>();
  let gesture: Gesture | null = null;
  const local = (x: number, y: number): [number, number] => {
    const rect = c.getBoundingClientRect();
    return [x - rect.left, y - rect.top];
  };
  const pinchOf = (): Gesture => {
    const [a, b] = [...pointers.values()] as [{ x: number; y: number }, { x: number; y: number }];
    const [mx, my] = local((a.x + b.x) / 2, (a.y + b.y) / 2);
    return { kind: "pinch", dist: Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)), mx, my };
  };
  owner.registerDomEvent(
    c,
    "wheel",
    (e: WheelEvent) => {
      e.preventDefault();
      const [x, y] = local(e.clientX, e.clientY);
      stage.zoomAt(x, y, Math.exp(-e.deltaY * 0.0015));
    },
    { passive: false },
  );
  owner.registerDomEvent(c, "pointerdown", (e: PointerEvent) => {
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.size === 2) {
      if (gesture?.kind === "node") actions.pin(gesture.i, null, null);
      gesture = pinchOf();
      return;
    }
    const i = stage.hit(e);
    c.draggable = i >= 0 && e.altKey;
    if (c.draggable) {
      gesture = { kind: "link" };
      return;
    }
    c.setPointerCapture?.(e.pointerId);
    const t = stage.transform();
    gesture =
      i >= 0 ? { kind: "node", i, x: e.clientX, y: e.clientY, moved: false } : { kind: "pan", x: e.clientX, y: e.clientY, tx: t.x, ty: t.y, moved: false };
  });
  owner.registerDomEvent(c, "dragstart", (e: DragEvent) => {
    const n = stage.scene.nodes[stage.hit(e)];
    if (!c.draggable || !n || n.kind === "ghost" || !e.dataTransfer) return;
    e.dataTransfer.setData("text/plain", `[[${actions.linkText(n.id)}]]`);
  });
  owner.registerDomEvent(c, "pointermove", (e: PointerEvent) => {
    if (pointers.has(e.pointerId)) pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const g = gesture;
    if (g?.kind === "pinch" && pointers.size === 2) {
      const next = pinchOf() as Extract<Gesture, { kind: "pinch" }>;
      stage.pan(next.mx - g.mx, next.my - g.my);
      stage.zoomAt(next.mx, next.my, next.dist / g.dist);
      gesture = next;
      return;
    }
    if (g?.kind === "node" && pointers.size === 1) {
      g.moved ||= Math.hypot(e.clientX - g.x, e.clientY - g.y) > 3;
      if (!g.moved) return;
      const [wx, wy] = stage.toWorld(e);
      stage.scene.hovered = g.i;
      stage.moveNode(g.i, wx, wy);
      actions.pin(g.i, wx, wy);
      return;
    }
    if (g?.kind === "pan" && pointers.size === 1) {
      g.moved ||= Math.hypot(e.clientX - g.x, e.clientY - g.y) > 3;
      stage.panTo(g.tx + e.clientX - g.x, g.ty + e.clientY - g.y);
      return;
    }
    if (pointers.size === 0) stage.hover(e, (ev, path, target) => actions.preview(ev, path, target));
  });
  const end = (e: PointerEvent, cancelled: boolean): void => {
    pointers.delete(e.pointerId);
    const g = gesture;
    if (g?.kind === "pinch") {
      // One finger left after a pinch: no pan jump, no click.
      gesture = null;
      return;
    }
    gesture = null;
    c.draggable = false;
    if (g?.kind === "node" && g.moved) {
      actions.pin(g.i, null, null);
      return;
    }
    // No gesture: the last finger of a pinch (the pinch ended when the first one lifted), which is no click.
    if (!g || cancelled || (g.kind === "pan" && g.moved) || g.kind === "link") return;
    const n = stage.scene.nodes[stage.hit(e)];
    if (n && n.kind !== "ghost") actions.open(n.id, e.ctrlKey || e.metaKey);
  };
  owner.registerDomEvent(c, "pointerup", (e: PointerEvent) => end(e, false));
  owner.registerDomEvent(c, "pointercancel", (e: PointerEvent) => end(e, true));
  owner.registerDomEvent(c, "pointerleave", () => {
    if (pointers.size === 0) stage.leave();
  });
  owner.registerDomEvent(c, "keydown", (e: KeyboardEvent) => {
    const step = 40;
    const keys: Record<string, () => void> = {
      ArrowLeft: () => stage.pan(step, 0),
      ArrowRight: () => stage.pan(-step, 0),
      ArrowUp: () => stage.pan(0, step),
      ArrowDown: () => stage.pan(0, -step),
      "+": () => stage.zoomCentre(1.25),
      "=": () => stage.zoomCentre(1.25),
      "-": () => stage.zoomCentre(0.8),
      "0": () => stage.fit(),
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
