// The view harness's in-page checks. `inspectPage` runs inside the page (Playwright serialises it, so it uses nothing
// from outside its own body): horizontal overflow, clipped or shrunk elements, elements that must stay in view, text
// and icon contrast from the rendered colours, and the elements the keyboard must reach (harness-focus.ts presses Tab).

/** What one page asks of its rendering. */
export interface PageSpec {
  /** The plugin's part of the page: checked for contrast, focus and clipping. */
  root: string;
  /** The box that must not overflow sideways and must stay within the window's height. */
  frame: string;
  /** Elements and the least height and width (px) they may have. */
  minSizes: { selector: string; minHeight?: number; minWidth?: number }[];
  /** Elements that must be fully in view inside `scroller`, whether it is scrolled to the top or the bottom. */
  alwaysVisible?: { selector: string; scroller: string }[];
}

/** One contrast failure: the text, where it is, its ratio and the ratio it needs. */
export interface ContrastFailure {
  text: string;
  where: string;
  ratio: number;
  need: number;
  fg: string;
  bg: string;
}

/** What `inspectPage` finds. */
export interface PageFindings {
  overflow: string[];
  clipped: string[];
  hidden: string[];
  contrast: ContrastFailure[];
  /** Failures in pairs Obsidian's own theme uses (accent links, text on the accent colour): reported, not failed. */
  themeContrast: ContrastFailure[];
  textsChecked: number;
  unreachable: string[];
  focusables: string[];
}

/** Runs in the page. */
export function inspectPage(spec: PageSpec): PageFindings {
  const root = document.querySelector<HTMLElement>(spec.root);
  const frame = document.querySelector<HTMLElement>(spec.frame);
  const out: PageFindings = { overflow: [], clipped: [], hidden: [], contrast: [], themeContrast: [], textsChecked: 0, unreachable: [], focusables: [] };
  if (!root || !frame) {
    out.clipped.push(`missing ${!root ? spec.root : spec.frame}`);
    return out;
  }
  const where = (e: Element): string => {
    const cls = (x: Element): string =>
      typeof x.className === "string" && x.className.trim() ? `.${x.className.trim().split(/\s+/).slice(0, 2).join(".")}` : "";
    const p = e.parentElement;
    return `${p ? `${p.tagName.toLowerCase()}${cls(p)} > ` : ""}${e.tagName.toLowerCase()}${cls(e)}`;
  };
  const visible = (e: Element): boolean => {
    const r = e.getBoundingClientRect();
    const s = getComputedStyle(e);
    // checkVisibility: the content of a closed <details> has boxes but is not shown (nor reachable by Tab).
    return r.width > 0 && r.height > 0 && s.visibility !== "hidden" && s.display !== "none" && (e.checkVisibility?.() ?? true);
  };
  const all = [...root.querySelectorAll<HTMLElement>("*")].filter(visible);

  // Overflow sideways, and a frame taller than the window.
  const fr = frame.getBoundingClientRect();
  if (frame.scrollWidth > frame.clientWidth + 1) {
    const wide = all.filter((e) => e.getBoundingClientRect().right > fr.right + 1).slice(0, 5);
    out.overflow.push(
      `${spec.frame} scrolls sideways by ${frame.scrollWidth - frame.clientWidth} px: ${wide.map((e) => `${where(e)} (right edge ${Math.round(e.getBoundingClientRect().right - fr.right)} px out)`).join("; ")}`,
    );
  }
  if (fr.bottom > window.innerHeight + 1)
    out.overflow.push(`${spec.frame} is taller than the window (${Math.round(fr.height)} px in ${window.innerHeight} px): not height-bounded`);

  // Sizes asked for, then interactive elements shrunk or cut off by a box that hides its overflow.
  for (const m of spec.minSizes) {
    const els = [...document.querySelectorAll(m.selector)];
    if (els.length === 0) out.clipped.push(`${m.selector} not found`);
    for (const e of els) {
      const r = e.getBoundingClientRect();
      if (m.minHeight !== undefined && r.height < m.minHeight) out.clipped.push(`${where(e)} is ${Math.round(r.height)} px tall (at least ${m.minHeight})`);
      if (m.minWidth !== undefined && r.width < m.minWidth) out.clipped.push(`${where(e)} is ${Math.round(r.width)} px wide (at least ${m.minWidth})`);
    }
  }
  const interactive = "button, a[href], input:not([type=hidden]), select, textarea, summary, [tabindex]:not([tabindex='-1']), .checkbox-container";
  for (const e of all.filter((x) => x.matches(interactive))) {
    const r = e.getBoundingClientRect();
    // Links inside running text are as tall as the text (WCAG's target size exempts them).
    // A label that does not fit its control (wrapped out of a fixed-height button, or cut at the side).
    if (e.matches("button, select") && (e.scrollHeight > e.clientHeight + 2 || e.scrollWidth > e.clientWidth + 2)) {
      out.clipped.push(
        `${where(e)} ("${(e.textContent ?? "").trim().slice(0, 30)}"): its text does not fit (${e.scrollWidth}×${e.scrollHeight} in ${e.clientWidth}×${e.clientHeight} px)`,
      );
    }
    // A checkbox inside a label is clicked through the whole label.
    const small =
      (r.height < 16 || r.width < 16) &&
      getComputedStyle(e).display !== "inline" &&
      !(e.matches("input[type=checkbox], input[type=radio]") && e.closest("label"));
    if (small) out.clipped.push(`${where(e)} shrunk to ${Math.round(r.width)}×${Math.round(r.height)} px`);
    for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a);
      const hides = (v: string): boolean => v === "hidden" || v === "clip";
      // Inside a box that scrolls, an element out of its box is scrolled out of view, not cut off.
      if (/auto|scroll/.test(s.overflowX + s.overflowY)) break;
      if (!hides(s.overflowX) && !hides(s.overflowY)) continue;
      const ar = a.getBoundingClientRect();
      const cutX = hides(s.overflowX) && (r.left < ar.left - 1 || r.right > ar.right + 1);
      const cutY = hides(s.overflowY) && (r.top < ar.top - 1 || r.bottom > ar.bottom + 1);
      if (cutX || cutY) {
        out.clipped.push(`${where(e)} is cut off by ${where(a)}`);
        break;
      }
    }
  }
  // Boxes that hide overflowing content without saying so (no ellipsis): text cut off at the bottom.
  for (const e of all) {
    const s = getComputedStyle(e);
    // A visually hidden live region (1 px, for screen readers) hides its text on purpose.
    const srOnly = e.clientWidth <= 1 && e.clientHeight <= 1;
    if (!srOnly && (s.overflowY === "hidden" || s.overflowY === "clip") && e.scrollHeight > e.clientHeight + 2 && s.textOverflow !== "ellipsis") {
      out.clipped.push(`${where(e)} hides ${e.scrollHeight - e.clientHeight} px of its content`);
    }
  }
  for (const v of spec.alwaysVisible ?? []) {
    const el = document.querySelector(v.selector);
    const sc = document.querySelector<HTMLElement>(v.scroller);
    if (!el || !sc) {
      out.hidden.push(`${!el ? v.selector : v.scroller} not found`);
      continue;
    }
    for (const top of [0, sc.scrollHeight]) {
      sc.scrollTop = top;
      const r = el.getBoundingClientRect();
      const s = sc.getBoundingClientRect();
      if (r.top < s.top - 1 || r.bottom > s.bottom + 1)
        out.hidden.push(`${v.selector} is out of view with ${v.scroller} scrolled to the ${top === 0 ? "top" : "bottom"}`);
      // Stuck to the bottom edge: nothing scrolls by underneath it.
      else if (sc.scrollHeight > sc.clientHeight + 1 && r.bottom < s.bottom - 2)
        out.hidden.push(
          `${Math.round(s.bottom - r.bottom)} px of ${v.scroller}'s content show below ${v.selector} with it scrolled to the ${top === 0 ? "top" : "bottom"}`,
        );
    }
    sc.scrollTop = 0;
  }

  // Contrast of every text from the rendered colours (WCAG 2: 4.5:1, or 3:1 for large text).
  const parse = (c: string): [number, number, number, number] => {
    const m = /rgba?\(([^)]+)\)/.exec(c);
    if (m) {
      const p = m[1]!
        .split(/[\s,/]+/)
        .filter(Boolean)
        .map(Number);
      return [p[0]!, p[1]!, p[2]!, p[3] ?? 1];
    }
    const s = /color\(srgb ([^)]+)\)/.exec(c);
    if (s) {
      const p = s[1]!
        .split(/[\s/]+/)
        .filter(Boolean)
        .map(Number);
      return [p[0]! * 255, p[1]! * 255, p[2]! * 255, p[3] ?? 1];
    }
    return [0, 0, 0, 0];
  };
  const over = (top: number[], under: number[]): [number, number, number, number] => {
    const a = top[3]!;
    return [top[0]! * a + under[0]! * (1 - a), top[1]! * a + under[1]! * (1 - a), top[2]! * a + under[2]! * (1 - a), 1];
  };
  const lum = (c: number[]): number => {
    const f = (v: number): number => {
      const x = v / 255;
      return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * f(c[0]!) + 0.7152 * f(c[1]!) + 0.0722 * f(c[2]!);
  };
  const ratio = (a: number[], b: number[]): number => {
    const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
    return (hi! + 0.05) / (lo! + 0.05);
  };
  const background = (e: Element): [number, number, number, number] => {
    const layers: number[][] = [];
    for (let a: Element | null = e; a; a = a.parentElement) {
      const c = parse(getComputedStyle(a).backgroundColor);
      if (c[3] > 0) layers.push(c);
      if (c[3] >= 1) break;
    }
    let base: number[] = [255, 255, 255, 1];
    if (layers.length === 0 || layers.at(-1)![3]! < 1) base = parse(getComputedStyle(document.body).backgroundColor);
    for (const l of layers.reverse()) base = over(l, base);
    return base as [number, number, number, number];
  };
  const themed = (name: string): string => {
    const probe = document.body.createSpan();
    probe.style.color = `var(${name})`;
    const c = getComputedStyle(probe).color;
    probe.remove();
    return c;
  };
  const accent = themed("--text-accent");
  const onAccent = themed("--text-on-accent");
  const accentBg = themed("--interactive-accent");
  const rgb = (c: number[]): string =>
    `rgb(${c
      .slice(0, 3)
      .map((v) => Math.round(v))
      .join(", ")})`;
  for (const e of all) {
    const text = [...e.childNodes]
      .filter((n) => n.nodeType === 3)
      .map((n) => n.textContent ?? "")
      .join("")
      .trim();
    if (!text || e.closest(":disabled, .is-disabled")) continue;
    const s = getComputedStyle(e);
    let opacity = 1;
    for (let a: Element | null = e; a; a = a.parentElement) opacity *= Number(getComputedStyle(a).opacity);
    const fg = parse(s.color);
    const bg = background(e);
    const shown = over([fg[0], fg[1], fg[2], fg[3] * opacity], bg);
    const size = parseFloat(s.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(s.fontWeight) >= 700);
    const need = large ? 3 : 4.5;
    const r = ratio(shown, bg);
    out.textsChecked++;
    if (r + 0.005 >= need) continue;
    const failure = { text: text.slice(0, 50), where: where(e), ratio: Math.round(r * 100) / 100, need, fg: rgb(shown), bg: rgb(bg) };
    const themePair = opacity === 1 && (s.color === accent || (s.color === onAccent && getComputedStyle(e).backgroundColor === accentBg));
    (themePair ? out.themeContrast : out.contrast).push(failure);
  }

  // What the keyboard must reach, in document order; and what is clickable but never reachable.
  const focusable =
    "button:not(:disabled), a[href], input:not([type=hidden]):not(:disabled), select:not(:disabled), textarea:not(:disabled), summary, [tabindex]:not([tabindex='-1'])";
  // A list with a roving tab stop (one member at tabindex 0, the others at -1, arrow keys between them) is one stop
  // for Tab: its other members are reached with the arrow keys, which this check does not press.
  const roving = (e: HTMLElement): boolean => {
    if (e.getAttribute("tabindex") !== "-1") return false;
    const first = typeof e.className === "string" ? e.className.trim().split(/\s+/)[0] : "";
    const same = `${e.tagName.toLowerCase()}${first ? `.${first}` : ""}[tabindex="0"]`;
    for (let a = e.parentElement; a && a !== root.parentElement; a = a.parentElement) if (a.querySelector(same)) return true;
    return [...root.querySelectorAll('[tabindex="0"]')].some((t) =>
      t.closest("[role=listbox], [role=grid], [role=tree], [role=list], [role=toolbar]")?.contains(e),
    );
  };
  // Every stop has a name a screen reader can say: its text, aria-label, title, a label, or a placeholder.
  for (const e of all.filter((x) => x.matches(focusable))) {
    const labelled =
      e.getAttribute("aria-label") ||
      e.getAttribute("aria-labelledby") ||
      e.title ||
      (e.textContent ?? "").trim() ||
      ((e as HTMLInputElement).labels?.length ?? 0) > 0 ||
      e.getAttribute("placeholder");
    if (!labelled) out.unreachable.push(`${where(e)} has no name a screen reader can say (no text, aria-label, title or label)`);
  }
  // Icons (SVG) against their background: 3:1.
  for (const svg of [...root.querySelectorAll("svg")].filter(visible)) {
    const s = getComputedStyle(svg);
    const paint = s.stroke !== "none" && !s.stroke.startsWith("url") ? s.stroke : s.fill;
    const c = parse(paint === "currentcolor" || paint === "currentColor" ? s.color : paint);
    if (c[3] === 0) continue;
    const bg = background(svg);
    const r = ratio(over(c, bg), bg);
    if (r + 0.005 < 3) out.contrast.push({ text: "(icon)", where: where(svg), ratio: Math.round(r * 100) / 100, need: 3, fg: rgb(c), bg: rgb(bg) });
  }
  // Each is known by where it is and its text, so a row a virtual list draws again is still the same element.
  for (const e of all.filter((x) => x.matches(focusable) && x.getAttribute("tabindex") !== "-1"))
    out.focusables.push(`${where(e)} "${(e.textContent ?? "").trim().slice(0, 40)}"`);
  for (const e of all) {
    if (getComputedStyle(e).cursor !== "pointer" || roving(e) || e.matches(focusable) || e.closest(focusable) || e.querySelector(focusable)) continue;
    if (e.parentElement && getComputedStyle(e.parentElement).cursor === "pointer") continue;
    out.unreachable.push(`${where(e)} ("${(e.textContent ?? "").trim().slice(0, 30)}") is clickable but not reachable by keyboard`);
  }
  return out;
}
