/** Colours of the drawing, read from Obsidian's CSS variables so every theme (light or dark) works. */
export interface GraphPalette {
  concept: string;
  connection: string;
  qa: string;
  other: string;
  ghost: string;
  /** HIGH relationships. */
  high: string;
  /** MID relationships (fainter than HIGH). */
  mid: string;
  /** A connection's links to the concepts it connects. */
  connects: string;
  /** Stale relationships (never the colour of a node type). */
  stale: string;
  /** Untyped links of the body (the whole-vault graph): Obsidian's own graph line colour, quieter than any tier. */
  link: string;
  text: string;
  highlight: string;
  background: string;
  /** Colours of folders or community regions: first the theme's hues, then the same hues toned toward the text. */
  groups: string[];
  /** How many of `groups` are the theme's own hues (the most distinct). */
  hues: number;
  /** The interface font family (the canvas cannot read CSS variables itself). */
  font: string;
}

type ColourRole = Exclude<keyof GraphPalette, "groups" | "hues" | "font" | "link">;

/** Which of Obsidian's variables (first one set wins) gives each colour, and the fallback when none is. */
export const PALETTE_SOURCES: Record<ColourRole, [string[], string]> = {
  concept: [["--color-accent", "--interactive-accent"], "#8b6cef"],
  connection: [["--color-cyan"], "#00bfbc"],
  qa: [["--color-green"], "#08b94e"],
  other: [["--text-muted"], "#5a5a5a"],
  ghost: [["--text-error", "--color-red"], "#e93147"],
  high: [["--text-muted"], "#5a5a5a"],
  mid: [["--text-faint"], "#ababab"],
  connects: [["--color-cyan"], "#00bfbc"],
  stale: [["--text-warning", "--color-orange"], "#ec7500"],
  text: [["--text-normal"], "#222222"],
  highlight: [["--interactive-accent", "--color-accent"], "#8b6cef"],
  background: [["--background-primary"], "#ffffff"],
};

/** The group colours' variables: hues the node types and warnings leave free (no orange: stale; no red: missing). */
export const GROUP_SOURCES = ["--color-purple", "--color-cyan", "--color-green", "--color-pink", "--color-blue", "--color-yellow"];

/**
 * The palette from a variable lookup (`get` returns "" for an unset variable; values already "#rrggbb"). Groups get
 * each hue, then each hue mixed toward the text colour, so twelve groups stay apart.
 */
export function paletteFrom(get: (name: string) => string, font = "sans-serif"): GraphPalette {
  const pick = ([names, fallback]: [string[], string]): string => names.map(get).find((v) => v !== "") ?? fallback;
  const roles = Object.fromEntries(Object.entries(PALETTE_SOURCES).map(([role, source]) => [role, pick(source)])) as Record<ColourRole, string>;
  const hues = GROUP_SOURCES.map(get).filter((v) => v !== "");
  // Untyped links take the theme's --graph-line (as Obsidian's graph draws links), else MID halfway to the background.
  const link = get("--graph-line") || blend(roles.mid, roles.background, 0.5);
  return { ...roles, link, groups: [...hues, ...hues.map((h) => blend(roles.text, h, 0.45))], hues: hues.length, font };
}

/** Reads the palette from the theme variables in effect on an element. */
export function readPalette(el: HTMLElement): GraphPalette {
  const css = getComputedStyle(el);
  const ctx = createEl("canvas").getContext("2d");
  const normalise = (value: string): string => {
    if (!value || !ctx) return value;
    ctx.fillStyle = "#000001";
    ctx.fillStyle = value;
    return ctx.fillStyle === "#000001" ? "" : ctx.fillStyle;
  };
  return paletteFrom((name) => normalise(css.getPropertyValue(name).trim()), css.getPropertyValue("--font-interface").trim() || css.fontFamily || "sans-serif");
}

/** `fg` at opacity `alpha` over `bg`, as one opaque colour (both "#rrggbb"; anything else is returned as is). */
export function blend(fg: string, bg: string, alpha: number): string {
  const f = rgbOf(fg);
  const b = rgbOf(bg);
  if (!f || !b) return fg;
  return `#${f
    .map((x, i) =>
      Math.round(x * alpha + b[i]! * (1 - alpha))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/** How far apart two "#rrggbb" colours look: the CIE76 distance in Lab (about 2 is just noticeable, 30 is clear). */
export function colourDistance(a: string, b: string): number {
  const la = labOf(a);
  const lb = labOf(b);
  return Math.hypot(la[0] - lb[0], la[1] - lb[1], la[2] - lb[2]);
}

function rgbOf(c: string): number[] | null {
  return /^#[0-9a-f]{6}$/i.test(c) ? [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16)) : null;
}

function labOf(hex: string): [number, number, number] {
  const [r, g, b] = (rgbOf(hex) ?? [0, 0, 0]).map((v) => v / 255).map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  const f = (t: number): number => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const x = f((r * 0.4124 + g * 0.3576 + b * 0.1805) / 0.95047);
  const y = f(r * 0.2126 + g * 0.7152 + b * 0.0722);
  const z = f((r * 0.0193 + g * 0.1192 + b * 0.9505) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}
