import { setIcon } from "obsidian";

/** Zoom in, zoom out and fit, as buttons over the canvas (for touch and for people without a wheel). */
export function buildZoomButtons(el: HTMLElement, zoom: (factor: number) => void, fit: () => void): void {
  const button = (icon: string, label: string, run: () => void): void => {
    const b = el.createEl("button", { cls: "clickable-icon kc-graph-zoom-button", attr: { "aria-label": label } });
    setIcon(b, icon);
    b.addEventListener("click", run);
  };
  button("plus", "Zoom in", () => zoom(1.4));
  button("minus", "Zoom out", () => zoom(1 / 1.4));
  button("maximize", "Fit to view", fit);
}
