// The view harness's keyboard check: presses Tab through the page and compares what gets focus with the stops
// `inspectPage` listed.
import type { Page } from "playwright-core";

/** What pressing Tab found: elements never reached, visits out of document order, focus without a visible ring. */
export interface FocusFindings {
  missed: string[];
  order: string[];
  noRing: string[];
  reached: number;
}

/** Presses Tab through the page from its start, comparing the focused elements with the ones `inspectPage` marked. */
export async function checkFocus(page: Page, focusables: string[]): Promise<FocusFindings> {
  // Tab starts after the element focused last (blur() leaves Chrome's starting point there): a page that focused a
  // field, or moved the focus while it settled, was walked from its middle and read as "out of order". A focusable
  // put first in the page, focused and removed, starts every walk at the top.
  await page.evaluate(() => {
    window.getSelection()?.removeAllRanges();
    const top = createEl("button");
    document.body.prepend(top);
    top.focus();
    top.remove();
  });
  const seen: number[] = [];
  const noRing: string[] = [];
  const presses = Math.min(200, focusables.length * 2 + 6);
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press("Tab");
    const at = await page.evaluate(() => {
      const a = document.activeElement as HTMLElement | null;
      if (!a || a === document.body) return null;
      const cls = (x: Element): string =>
        typeof x.className === "string" && x.className.trim() ? `.${x.className.trim().split(/\s+/).slice(0, 2).join(".")}` : "";
      const p = a.parentElement;
      const key = `${p ? `${p.tagName.toLowerCase()}${cls(p)} > ` : ""}${a.tagName.toLowerCase()}${cls(a)} "${(a.textContent ?? "").trim().slice(0, 40)}"`;
      const ring = (e: Element | null): boolean => {
        if (!e) return false;
        const s = getComputedStyle(e);
        return (s.outlineStyle !== "none" && parseFloat(s.outlineWidth) >= 1) || s.boxShadow !== "none";
      };
      return { key, ring: ring(a) || ring(a.parentElement) };
    });
    if (!at) continue;
    const id = focusables.findIndex((f, i) => f === at.key && !seen.includes(i));
    if (id < 0) {
      if (focusables.includes(at.key)) break; // back at the start: every copy was seen
      continue;
    }
    seen.push(id);
    if (!at.ring) noRing.push(focusables[id]!);
  }
  const missed = focusables.filter((_, i) => !seen.includes(i));
  const order: string[] = [];
  for (let i = 1; i < seen.length; i++) if (seen[i]! < seen[i - 1]!) order.push(`${focusables[seen[i]!]} comes after ${focusables[seen[i - 1]!]}`);
  return { missed, order, noRing, reached: seen.length };
}
