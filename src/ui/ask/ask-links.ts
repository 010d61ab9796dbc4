import type { Component, HoverParent } from "obsidian";
import { baseName } from "../../core/route/article-doc";
import type { AskHost } from "./ask-types";

const LINK = "a.internal-link, a.kc-ask-link";

/** The link text of a result or answer link: the renderer's data-href, else the href. */
function linkOf(a: Element): string | null {
  return a.getAttribute("data-href") ?? a.getAttribute("href");
}

function linkAt(e: Event): { a: HTMLElement; link: string } | null {
  const a = (e.target as Partial<Element> | null)?.closest?.<HTMLElement>(LINK);
  const link = a ? linkOf(a) : null;
  return a && link ? { a, link } : null;
}

/**
 * Makes every result and answer link inside `root` behave as in a note: a click opens it (Ctrl/Cmd-click or a middle
 * click in a new tab), hovering asks for Obsidian's page preview (Ctrl/Cmd by default, the Page preview settings
 * decide), and dragging one into a note drops a [[link]]. One set of listeners on the root, owned by `owner`, so
 * links rendered later (a streamed answer, a new trace) need nothing more.
 */
export function wireLinks(owner: Component, root: HTMLElement, host: AskHost, parent: HoverParent): void {
  owner.registerDomEvent(root, "click", (e: MouseEvent) => {
    const hit = linkAt(e);
    if (!hit) return;
    e.preventDefault();
    host.open(hit.link, e.ctrlKey || e.metaKey);
  });
  owner.registerDomEvent(root, "auxclick", (e: MouseEvent) => {
    const hit = e.button === 1 ? linkAt(e) : null;
    if (!hit) return;
    e.preventDefault();
    host.open(hit.link, true);
  });
  owner.registerDomEvent(root, "mouseover", (e: MouseEvent) => {
    const hit = linkAt(e);
    if (hit) host.hoverLink?.(e, hit.a, hit.link, parent);
  });
  owner.registerDomEvent(root, "dragstart", (e: DragEvent) => {
    const hit = linkAt(e);
    if (!hit || !e.dataTransfer) return;
    e.dataTransfer.setData("text/plain", host.markdownLink?.(hit.link) ?? `[[${hit.link.replace(/\.md$/i, "")}]]`);
  });
}

/** A result link: the article's title, its vault path as href (keyboard-reachable, draggable, previewable). */
export function createResultLink(parent: HTMLElement, path: string, host: AskHost, text?: string): HTMLAnchorElement {
  return parent.createEl("a", {
    cls: "kc-ask-link",
    text: text ?? host.title?.(path) ?? baseName(path),
    href: path,
    attr: { "data-href": path, draggable: "true" },
  });
}
