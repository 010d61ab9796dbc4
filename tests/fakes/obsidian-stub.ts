// A small fake of the `obsidian` module for *.spec.ts tests in jsdom (aliased in vitest.config.ts).
// It implements just enough behaviour for views and adapters to run; it is not the real API.

export class Events {
  private handlers = new Map<string, Set<(...args: unknown[]) => unknown>>();
  on(name: string, cb: (...args: unknown[]) => unknown): { name: string; cb: (...args: unknown[]) => unknown } {
    if (!this.handlers.has(name)) this.handlers.set(name, new Set());
    this.handlers.get(name)!.add(cb);
    return { name, cb };
  }
  offref(ref: { name: string; cb: (...args: unknown[]) => unknown }): void {
    this.handlers.get(ref.name)?.delete(ref.cb);
  }
  trigger(name: string, ...args: unknown[]): void {
    for (const cb of this.handlers.get(name) ?? []) cb(...args);
  }
}

export class Component {
  load(): void {}
  unload(): void {}
  register(_cb: () => unknown): void {}
  registerEvent(_ref: unknown): void {}
  registerDomEvent(el: EventTarget, type: string, cb: (e: never) => unknown, options?: AddEventListenerOptions): void {
    el.addEventListener(type, cb as EventListener, options);
  }
}

export class TAbstractFile {
  constructor(public path: string) {}
  get name(): string {
    return this.path.slice(this.path.lastIndexOf("/") + 1);
  }
}

export class TFile extends TAbstractFile {
  stat = { mtime: 0, ctime: 0, size: 0 };
  get extension(): string {
    return this.name.includes(".") ? this.name.slice(this.name.lastIndexOf(".") + 1) : "";
  }
  get basename(): string {
    return this.name.replace(/\.[^.]*$/, "");
  }
}

export class TFolder extends TAbstractFile {}

export class WorkspaceLeaf {
  view: unknown = null;
}

export class ItemView extends Component {
  containerEl: HTMLElement;
  contentEl: HTMLElement;
  constructor(public leaf: WorkspaceLeaf) {
    super();
    // Obsidian's classes (its view header is left out: the harness page draws one above the leaf).
    this.containerEl = document.createElement("div");
    this.containerEl.className = "workspace-leaf-content";
    this.contentEl = this.containerEl.appendChild(document.createElement("div"));
    this.contentEl.className = "view-content";
  }
}

export class MarkdownView extends ItemView {}

export const notices: string[] = [];
export class Notice {
  /** The notice's message element; fragments (with buttons) are kept here so tests can click them. */
  messageEl = document.createElement("div");
  hidden = false;
  constructor(message: string | DocumentFragment) {
    this.setMessage(message);
    noticesShown.push(this);
  }
  setMessage(message: string | DocumentFragment): this {
    this.messageEl.empty();
    if (typeof message === "string") this.messageEl.textContent = message;
    else this.messageEl.appendChild(message);
    notices.push(this.messageEl.textContent ?? "");
    return this;
  }
  hide(): void {
    this.hidden = true;
  }
}
/** Every notice shown, for tests that click a button in one. */
export const noticesShown: Notice[] = [];

export class Plugin extends Component {}

/**
 * Modal, drawn as Obsidian draws it: `.modal-container > .modal-bg + .modal > .modal-close-button + .modal-title +
 * .modal-content`; open/close call the hooks like Obsidian does, and the close button and Escape close it.
 */
export class Modal {
  containerEl = createStubEl("div", "modal-container mod-dim");
  bgEl = this.containerEl.appendChild(createStubEl("div", "modal-bg"));
  modalEl = this.containerEl.appendChild(createStubEl("div", "modal"));
  closeButtonEl = this.modalEl.appendChild(createStubEl("div", "modal-close-button"));
  titleEl = this.modalEl.appendChild(createStubEl("div", "modal-title"));
  contentEl = this.modalEl.appendChild(createStubEl("div", "modal-content"));
  isOpen = false;
  constructor(public app: unknown) {
    this.closeButtonEl.setAttribute("aria-label", "Close");
    this.closeButtonEl.addEventListener("click", () => this.close());
    this.containerEl.addEventListener("keydown", (e) => {
      if (e.key === "Escape") this.close();
    });
  }
  setTitle(title: string): this {
    this.titleEl.textContent = title;
    return this;
  }
  open(): void {
    this.isOpen = true;
    document.body.appendChild(this.containerEl);
    this.onOpen();
  }
  close(): void {
    if (!this.isOpen) return;
    this.isOpen = false;
    this.containerEl.remove();
    this.onClose();
  }
  onOpen(): void {}
  onClose(): void {}
}
function createStubEl(tag: string, cls: string): HTMLElement {
  const e = document.createElement(tag);
  e.className = cls;
  return e;
}
/** The settings tab: its container, with Obsidian's `display()` / `hide()` (before 1.13 nothing else). */
export class PluginSettingTab {
  containerEl = createStubEl("div", "vertical-tab-content");
  constructor(public app: unknown, public plugin: unknown) {}
  display(): void {}
  hide(): void {
    this.containerEl.replaceChildren();
  }
}
export { BaseComponent, ButtonComponent, DropdownComponent, ExtraButtonComponent, SecretComponent, Setting, TextComponent, ToggleComponent } from "./obsidian-setting-stub";

/** Obsidian's normalizePath: forward slashes, no duplicate or surrounding slashes. */
export function normalizePath(p: string): string {
  return p.replace(/\\/g, "/").replace(/\/+/g, "/").replace(/^\/|\/$/g, "") || "/";
}

export const editorInfoField = {};

/** requestUrl: tests replace `requestUrlImpl` to forward to a loopback server. */
export let requestUrlImpl: (req: { url: string; method?: string; headers?: Record<string, string>; body?: string | ArrayBuffer }) => Promise<{ status: number; headers: Record<string, string>; arrayBuffer: ArrayBuffer; text: string }> = () => {
  throw new Error("requestUrl is not available in this test");
};
export function setRequestUrl(impl: typeof requestUrlImpl): void {
  requestUrlImpl = impl;
}
export function requestUrl(req: Parameters<typeof requestUrlImpl>[0]) {
  return requestUrlImpl(req);
}

/** Obsidian's setIcon: here it only records the icon name on the element. */
export function setIcon(el: HTMLElement, icon: string): void {
  el.setAttribute("data-icon", icon);
}

/** Obsidian's parseLinktext: the path and the subpath (from the first `#`). */
export function parseLinktext(linktext: string): { path: string; subpath: string } {
  const i = linktext.indexOf("#");
  return i === -1 ? { path: linktext, subpath: "" } : { path: linktext.slice(0, i), subpath: linktext.slice(i) };
}

/** Obsidian's Platform flags; tests run as desktop unless they change it. */
export const Platform = { isDesktopApp: true, isMobile: false, isMobileApp: false, isDesktop: true };
