// Polyfills Obsidian's DOM helpers (createEl, createDiv, empty, setText, ...) on jsdom's HTMLElement.
import { installObsidianDomHelpers } from "./obsidian-dom";

installObsidianDomHelpers();

// jsdom has no canvas: say so quietly (null, as a browser without 2D support does) instead of a warning per call.
HTMLCanvasElement.prototype.getContext = function getContext(): null {
  return null;
} as typeof HTMLCanvasElement.prototype.getContext;
