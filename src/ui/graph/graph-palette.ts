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

/** The group colours' variables, in order of preference; hues near a node type's are passed over (see groupHues). */
export const GROUP_SOURCES = ["--color-purple", "--color-cyan", "--color-green", "--color-pink", "--color-blue", "--color-yellow"];

/** The least contrast a graph colour that must be read has against the canvas (WCAG 2.1's 1.4.11 for graphics). */
export const MIN_CONTRAST = 3;

/** How far (degrees of hue) a region's colour stays from every node type's, so a region never reads as a type. */
export const TYPE_HUE_GAP = 30;

/** How many colours the regions get: the theme's hues clear of the types, hues made to fill gaps, then toned ones. */
const GROUP_HUES = 6;

/** Hues are made in the gaps of the hue circle only up to this many: more would sit too close to tell apart. */
const MADE_HUES_UP_TO = 4;

/**
 * The palette from a variable lookup (`get` returns "" for an unset variable; values already "#rrggbb"). Every colour
 * that carries meaning (node types, tiers, stale, missing, the label text) is moved toward the text colour until it
 * has 3:1 against the background; notes of no type take a mid grey (the muted text colour was a near-black mass on a
 * light canvas). Groups get hues at least 30° from every node type's hue, then each hue toned toward the text colour.
 */
export function paletteFrom(get: (name: string) => string, font = "sans-serif"): GraphPalette {
  const pick = ([names, fallback]: [string[], string]): string => names.map(get).find((v) => v !== "") ?? fallback;
  const raw = Object.fromEntries(Object.entries(PALETTE_SOURCES).map(([role, source]) => [role, pick(source)])) as Record<ColourRole, string>;
  const bg = raw.background;
  const readable = (c: string): string => withContrast(c, bg, raw.text, MIN_CONTRAST);
  const roles = Object.fromEntries(Object.entries(raw).map(([role, c]) => [role, role === "background" || role === "highlight" ? c : readable(c)])) as Record<
    ColourRole,
    string
  >;
  // Notes of no type: halfway between the faint and the muted text colour, and HIGH a step darker than muted, so that
  // MID (faint, at 3:1) and HIGH stay far apart.
  roles.other = readable(blend(raw.other, raw.mid, 0.5));
  roles.high = readable(blend(raw.text, raw.high, 0.3));
  roles.highlight = readable(raw.highlight);
  // Untyped links take the theme's --graph-line (as Obsidian's graph draws links), else MID halfway to the background:
  // the one colour below 3:1 on purpose, a quiet web under the typed relationships (they carry no meaning of their own).
  const link = get("--graph-line") || blend(roles.mid, bg, 0.5);
  const hues = groupHues(
    GROUP_SOURCES.map(get).filter((v) => v !== ""),
    [roles.concept, roles.connection, roles.qa],
    [roles.stale, roles.ghost],
    luminanceOf(raw.text) < luminanceOf(bg) ? raw.text : bg,
  ).map(readable);
  // Folders get six more: each region colour a step toward the text (a smaller step than the toned ones among the six).
  return { ...roles, link, groups: [...hues, ...hues.map((h) => readable(blend(raw.text, h, 0.25)))], hues: hues.length, font };
}

/**
 * Hues for regions: the theme's colours whose hue is at least TYPE_HUE_GAP from every node type's (and 20° from the
 * stale and missing colours), then hues made in the widest gaps left (20° further from the types) up to four, then the
 * first of them darkened, six in all.
 */
export function groupHues(theme: readonly string[], types: readonly string[], warnings: readonly string[], dark = "#000000"): string[] {
  const typeHues = types.map(hslOf).map((c) => c[0]);
  const warningHues = warnings.map(hslOf).map((c) => c[0]);
  const clear = (h: number, gap: number): boolean => typeHues.every((t) => hueGap(h, t) >= gap) && warningHues.every((w) => hueGap(h, w) >= 20);
  const chosen = theme.filter((c) => clear(hslOf(c)[0], TYPE_HUE_GAP) && hslOf(c)[1] > 0.2).slice(0, GROUP_HUES);
  const taken = (): number[] => [...typeHues, ...warningHues, ...chosen.map((c) => hslOf(c)[0])];
  while (chosen.length < MADE_HUES_UP_TO) {
    let best = -1;
    let bestGap = -1;
    // Made hues keep further from the types (a hue circle's greens are wide: 95° and 110° read as the Q&A green).
    for (let h = 0; h < 360; h += 5) {
      if (!clear(h, TYPE_HUE_GAP + 20) || types.some((t) => colourDistance(t, hexOfHsl(h, 0.65, 0.5)) < 40)) continue;
      const gap = Math.min(...taken().map((t) => hueGap(h, t)));
      if (gap > bestGap) {
        best = h;
        bestGap = gap;
      }
    }
    if (best < 0) break;
    chosen.push(hexOfHsl(best, 0.65, 0.5));
  }
  // The rest are the first hues darkened (toward the darker of the text and the background): apart by lightness, where
  // more hues would crowd the circle (toward a dark theme's light text they turned pastel, close to their hue).
  const hues = chosen.length;
  for (let i = 0; chosen.length < GROUP_HUES && i < hues; i++) chosen.push(blend(dark, chosen[i]!, 0.45));
  return chosen;
}

/** The smaller angle between two hues, in degrees. */
export function hueGap(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return d > 180 ? 360 - d : d;
}

/** WCAG 2.1's contrast ratio of two "#rrggbb" colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const la = luminanceOf(a);
  const lb = luminanceOf(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * `c` moved toward `toward` (the text colour, then black or white) in small steps until it has `ratio` contrast
 * against `bg`; unchanged when it already has it.
 */
export function withContrast(c: string, bg: string, toward: string, ratio: number): string {
  if (!rgbOf(c) || !rgbOf(bg) || contrastRatio(c, bg) >= ratio) return c;
  const far = luminanceOf(bg) > 0.18 ? "#000000" : "#ffffff";
  const target = rgbOf(toward) && contrastRatio(toward, bg) >= ratio ? toward : far;
  for (let a = 0.05; a <= 1.0001; a += 0.05) {
    const next = blend(target, c, a);
    if (contrastRatio(next, bg) >= ratio) return next;
  }
  return target;
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

function luminanceOf(hex: string): number {
  const [r, g, b] = (rgbOf(hex) ?? [0, 0, 0]).map((v) => v / 255).map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Hue (degrees), saturation and lightness (0 to 1) of a "#rrggbb" colour. */
export function hslOf(hex: string): [number, number, number] {
  const [r, g, b] = (rgbOf(hex) ?? [0, 0, 0]).map((v) => v / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return [0, 0, l];
  const s = d / (1 - Math.abs(2 * l - 1));
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [(h * 60 + 360) % 360, s, l];
}

function hexOfHsl(h: number, s: number, l: number): string {
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = l - c / 2;
  const [r, g, b] = h < 60 ? [c, x, 0] : h < 120 ? [x, c, 0] : h < 180 ? [0, c, x] : h < 240 ? [0, x, c] : h < 300 ? [x, 0, c] : [c, 0, x];
  return `#${[r, g, b]
    .map((v) =>
      Math.round((v + m) * 255)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
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
