// Polyfills Obsidian's DOM helpers (createEl, createDiv, empty, setText, ...) on jsdom's HTMLElement.
import { installObsidianDomHelpers } from "./obsidian-dom";

installObsidianDomHelpers();
