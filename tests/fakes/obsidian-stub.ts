// A small fake of the `obsidian` module for *.spec.ts tests in jsdom (aliased in vitest.config.ts).
// It implements just enough behaviour for views and adapters to run; it is not the real API.
import { ICON_SHAPES } from "./icon-shapes";

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

/**
 * Component with Obsidian's lifecycle: load() runs onload and loads the children; unload() unloads the children,
 * runs what was registered (DOM listeners removed, intervals cleared) and then onunload. Only a loaded component
 * runs its clean-ups, as in Obsidian; addChild loads the child when the parent is loaded.
 */
export class Component {
  private _loaded = false;
  private _children: Component[] = [];
  private _cleanups: (() => unknown)[] = [];
  load(): void {
    if (this._loaded) return;
    this._loaded = true;
    this.onload();
    for (const c of this._children) c.load();
  }
  onload(): void {}
  unload(): void {
    if (!this._loaded) return;
    this._loaded = false;
    for (const c of this._children.splice(0)) c.unload();
    for (const cb of this._cleanups.splice(0).reverse()) cb();
    this.onunload();
  }
  onunload(): void {}
  addChild<T extends Component>(child: T): T {
    this._children.push(child);
    if (this._loaded) child.load();
    return child;
  }
  removeChild<T extends Component>(child: T): T {
    const i = this._children.indexOf(child);
    if (i !== -1) {
      this._children.splice(i, 1);
      child.unload();
    }
    return child;
  }
  register(cb: () => unknown): void {
    this._cleanups.push(cb);
  }
  registerEvent(_ref: unknown): void {}
  registerDomEvent(el: EventTarget, type: string, cb: (e: never) => unknown, options?: AddEventListenerOptions): void {
    el.addEventListener(type, cb as EventListener, options);
    this._cleanups.push(() => el.removeEventListener(type, cb as EventListener, options));
  }
  registerInterval(id: number): number {
    this._cleanups.push(() => window.clearInterval(id));
    return id;
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
    this.containerEl = createDiv("workspace-leaf-content");
    this.contentEl = this.containerEl.createDiv("view-content");
  }
  getState(): Record<string, unknown> {
    return {};
  }
  setState(_state: unknown, _result: unknown): Promise<void> {
    return Promise.resolve();
  }
  /** Like Obsidian: an icon button in the view header (here a `.view-actions` row above the content). */
  addAction(icon: string, title: string, callback: (evt: MouseEvent) => unknown): HTMLElement {
    let actions = this.containerEl.querySelector<HTMLElement>(":scope > .view-header .view-actions");
    if (!actions) {
      const header = createDiv("view-header");
      actions = header.createDiv("view-actions");
      this.containerEl.insertBefore(header, this.contentEl);
    }
    const el = createEl("a", "clickable-icon view-action");
    el.setAttribute("aria-label", title);
    el.setAttribute("data-icon", icon);
    el.addEventListener("click", (e) => callback(e));
    actions.prepend(el);
    return el;
  }
}

/** A menu item: records what was set, so tests can read and click it. */
export class MenuItem {
  title = "";
  icon: string | null = null;
  checked: boolean | null = null;
  private handler: ((evt: MouseEvent | KeyboardEvent) => unknown) | null = null;
  setTitle(title: string | DocumentFragment): this {
    this.title = typeof title === "string" ? title : (title.textContent ?? "");
    return this;
  }
  setIcon(icon: string | null): this {
    this.icon = icon;
    return this;
  }
  setChecked(checked: boolean | null): this {
    this.checked = checked;
    return this;
  }
  onClick(cb: (evt: MouseEvent | KeyboardEvent) => unknown): this {
    this.handler = cb;
    return this;
  }
  /** Test helper: what choosing the item does. */
  click(): void {
    this.handler?.(new MouseEvent("click"));
  }
}

/** Obsidian's Menu: items are built by callbacks; a shown menu is recorded in `menusShown`. */
export class Menu extends Component {
  items: MenuItem[] = [];
  addItem(cb: (item: MenuItem) => unknown): this {
    const item = new MenuItem();
    cb(item);
    this.items.push(item);
    return this;
  }
  addSeparator(): this {
    return this;
  }
  showAtMouseEvent(_evt: MouseEvent): this {
    menusShown.push(this);
    return this;
  }
  showAtPosition(_position: { x: number; y: number }): this {
    menusShown.push(this);
    return this;
  }
  hide(): this {
    return this;
  }
}
/** Every menu shown, for tests that choose an item. */
export const menusShown: Menu[] = [];

export class MarkdownView extends ItemView {
  file: TFile | null = null;
  editor: unknown = null;
  /** "source" (editing, Live Preview included) or "preview" (reading view). */
  mode: "source" | "preview" = "source";
  getMode(): "source" | "preview" {
    return this.mode;
  }
}

/** MarkdownRenderer: writes the markdown as text with each [[link]] as an internal link (href and data-href), as Obsidian renders them. */
export const MarkdownRenderer = {
  render(_app: unknown, markdown: string, el: HTMLElement, _sourcePath: string, _component: Component): Promise<void> {
    for (const part of markdown.split(/(\[\[[^\]]+\]\])/)) {
      if (!part.startsWith("[[")) {
        el.appendChild(document.createTextNode(part));
        continue;
      }
      const [link, alias] = part.slice(2, -2).split("|") as [string, string | undefined];
      const a = el.createEl("a", "internal-link");
      a.setAttribute("href", link);
      a.setAttribute("data-href", link);
      a.textContent = alias ?? link;
    }
    return Promise.resolve();
  },
};

export const notices: string[] = [];
export class Notice {
  /** The notice's message element; fragments (with buttons) are kept here so tests can click them. */
  messageEl = createDiv();
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
  return createEl(tag as keyof HTMLElementTagNameMap, cls);
}
/** The settings tab: its container, with Obsidian's `display()` / `hide()` (before 1.13 nothing else). */
export class PluginSettingTab {
  containerEl = createStubEl("div", "vertical-tab-content");
  constructor(
    public app: unknown,
    public plugin: unknown,
  ) {}
  display(): void {}
  hide(): void {
    this.containerEl.replaceChildren();
  }
}
export {
  BaseComponent,
  ButtonComponent,
  DropdownComponent,
  ExtraButtonComponent,
  SecretComponent,
  Setting,
  TextComponent,
  ToggleComponent,
} from "./obsidian-setting-stub";

/** Obsidian's normalizePath: forward slashes, no duplicate or surrounding slashes. */
export function normalizePath(p: string): string {
  return (
    p
      .replace(/\\/g, "/")
      .replace(/\/+/g, "/")
      .replace(/^\/|\/$/g, "") || "/"
  );
}

export const editorInfoField = {};
export const editorLivePreviewField = {};

/** The Obsidian version the stub claims to be (what requireApiVersion compares with); a test sets an older one to see a guard work. */
let apiVersion = "1.13.1";
export function setApiVersion(version: string): void {
  apiVersion = version;
}
/** Obsidian's requireApiVersion: true when the running Obsidian is at least that version. */
export function requireApiVersion(version: string): boolean {
  const [a, b] = [apiVersion, version].map((v) => v.split(".").map(Number));
  for (let i = 0; i < 3; i++) if ((a![i] ?? 0) !== (b![i] ?? 0)) return (a![i] ?? 0) > (b![i] ?? 0);
  return true;
}

/** requestUrl: tests replace `requestUrlImpl` to forward to a loopback server. */
export let requestUrlImpl: (req: {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string | ArrayBuffer;
}) => Promise<{ status: number; headers: Record<string, string>; arrayBuffer: ArrayBuffer; text: string }> = () => {
  throw new Error("requestUrl is not available in this test");
};
export function setRequestUrl(impl: typeof requestUrlImpl): void {
  requestUrlImpl = impl;
}
export function requestUrl(req: Parameters<typeof requestUrlImpl>[0]) {
  return requestUrlImpl(req);
}

/**
 * Obsidian's setIcon: records the icon name on the element and, like Obsidian, replaces what is in it with a 16 px
 * SVG in the current colour, stroked with round caps as Lucide's icons are (hand-drawn stand-ins of the icons the
 * plugin uses, see icon-shapes; a circle for any other).
 */
export function setIcon(el: HTMLElement, icon: string): void {
  el.setAttribute("data-icon", icon);
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  for (const [k, v] of Object.entries({
    class: `svg-icon lucide-${icon}`,
    width: "16",
    height: "16",
    viewBox: "0 0 24 24",
    fill: "none",
    stroke: "currentColor",
    "stroke-width": "2",
    "stroke-linecap": "round",
    "stroke-linejoin": "round",
  }))
    svg.setAttribute(k, v);
  for (const [tag, attrs] of ICON_SHAPES[icon] ?? [["circle", { cx: "12", cy: "12", r: "9" }] as const]) {
    const part = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) part.setAttribute(k, v);
    svg.appendChild(part);
  }
  el.replaceChildren(svg);
}

/** Obsidian's parseLinktext: the path and the subpath (from the first `#`). */
export function parseLinktext(linktext: string): { path: string; subpath: string } {
  const i = linktext.indexOf("#");
  return i === -1 ? { path: linktext, subpath: "" } : { path: linktext.slice(0, i), subpath: linktext.slice(i) };
}

/** Obsidian's Platform flags; tests run as desktop unless they change it. */
export const Platform = { isDesktopApp: true, isMobile: false, isMobileApp: false, isDesktop: true };
