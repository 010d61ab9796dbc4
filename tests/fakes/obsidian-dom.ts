// Obsidian adds small helpers to every HTMLElement; views use them, so jsdom needs them too.
interface DomElementInfo {
  cls?: string | string[];
  text?: string;
  attr?: Record<string, string | number | boolean | null>;
  title?: string;
  type?: string;
  value?: string;
  placeholder?: string;
  href?: string;
}

type Info = DomElementInfo | string | undefined;

function apply(el: HTMLElement, o: Info): void {
  if (o === undefined) return;
  const info: DomElementInfo = typeof o === "string" ? { cls: o } : o;
  if (info.cls) el.classList.add(...(Array.isArray(info.cls) ? info.cls : info.cls.split(/\s+/)).filter(Boolean));
  if (info.text !== undefined) el.textContent = info.text;
  if (info.title !== undefined) el.title = info.title;
  if (info.attr) for (const [k, v] of Object.entries(info.attr)) if (v !== null && v !== false) el.setAttribute(k, String(v));
  if (info.type !== undefined) el.setAttribute("type", info.type);
  if (info.value !== undefined) (el as HTMLInputElement).value = info.value;
  if (info.placeholder !== undefined) el.setAttribute("placeholder", info.placeholder);
  if (info.href !== undefined) el.setAttribute("href", info.href);
}

const XHTML = "http://www.w3.org/1999/xhtml";

/**
 * A new element with Obsidian's options applied: what createEl is made of. It is the one place the fakes make an
 * element natively, so it cannot call createEl (createElementNS with the HTML namespace is createElement's equal).
 */
function makeEl(tag: string, o: Info, parent?: Node): HTMLElement {
  const el = document.createElementNS(XHTML, tag);
  apply(el, o);
  parent?.appendChild(el);
  return el;
}

/**
 * Installs createEl/createDiv/createSpan/empty/setText/addClass/removeClass/toggleClass/setAttr on HTMLElement, and
 * Obsidian's global createEl/createDiv/createFragment on `global` (the window, unless the caller's is not the global object).
 */
export function installObsidianDomHelpers(global: Record<string, unknown> = window as unknown as Record<string, unknown>): void {
  const proto = HTMLElement.prototype as unknown as Record<string, unknown>;
  if (proto.createEl) return;
  proto.createEl = function (this: HTMLElement, tag: string, o?: Info, cb?: (el: HTMLElement) => void) {
    const el = makeEl(tag, o, this);
    cb?.(el);
    return el;
  };
  proto.createDiv = function (this: HTMLElement, o?: Info) {
    return makeEl("div", o, this);
  };
  proto.createSpan = function (this: HTMLElement, o?: Info) {
    return makeEl("span", o, this);
  };
  proto.empty = function (this: HTMLElement) {
    while (this.firstChild) this.removeChild(this.firstChild);
  };
  proto.appendText = function (this: HTMLElement, t: string) {
    this.appendChild(document.createTextNode(t));
  };
  proto.setText = function (this: HTMLElement, t: string) {
    this.textContent = t;
  };
  proto.addClass = function (this: HTMLElement, ...c: string[]) {
    this.classList.add(...c);
  };
  proto.removeClass = function (this: HTMLElement, ...c: string[]) {
    this.classList.remove(...c);
  };
  proto.toggleClass = function (this: HTMLElement, c: string, on: boolean) {
    this.classList.toggle(c, on);
  };
  proto.hasClass = function (this: HTMLElement, c: string) {
    return this.classList.contains(c);
  };
  proto.setAttr = function (this: HTMLElement, k: string, v: string | number | boolean | null) {
    if (v === null || v === false) this.removeAttribute(k);
    else this.setAttribute(k, String(v));
  };
  proto.detach = function (this: HTMLElement) {
    this.remove();
  };
  global.createEl = (tag: string, o?: Info) => makeEl(tag, o);
  global.createDiv = (o?: Info) => makeEl("div", o);
  // Fragments get the same element helpers, and createFragment builds one (Obsidian's globals).
  const frag = DocumentFragment.prototype as unknown as Record<string, unknown>;
  for (const k of ["createEl", "createDiv", "createSpan", "appendText", "empty"]) frag[k] = proto[k];
  global.createFragment = (cb?: (f: DocumentFragment) => void) => {
    const f = new DocumentFragment();
    cb?.(f);
    return f;
  };
}
