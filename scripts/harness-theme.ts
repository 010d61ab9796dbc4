// The page the view harness draws into: Obsidian's frames (a height-bounded sidebar leaf, a modal, the settings
// modal) and a small set of Obsidian's real CSS variables with their default light and dark values (the base
// colours and accent of Obsidian's documented defaults, mapped to the semantic names the way app.css maps them).
// Only the plugin's styles.css styles the views themselves.

/** The default theme's base colours, light and dark (Obsidian's --color-base-NN). */
const BASE = {
  light: {
    "00": "#ffffff",
    "10": "#fafafa",
    "20": "#f6f6f6",
    "25": "#e3e3e3",
    "30": "#e0e0e0",
    "35": "#d4d4d4",
    "40": "#bdbdbd",
    "50": "#ababab",
    "60": "#707070",
    "70": "#5a5a5a",
    "100": "#222222",
  },
  dark: {
    "00": "#1e1e1e",
    "10": "#242424",
    "20": "#262626",
    "25": "#2a2a2a",
    "30": "#363636",
    "35": "#3f3f3f",
    "40": "#555555",
    "50": "#666666",
    "60": "#999999",
    "70": "#bababa",
    "100": "#dadada",
  },
};
const COLORS = {
  light: {
    red: "#e93147",
    orange: "#ec7500",
    yellow: "#e0ac00",
    green: "#08b94e",
    cyan: "#00bfbc",
    blue: "#086ddd",
    purple: "#7852ee",
    pink: "#d53984",
    mono: "0, 0, 0",
  },
  dark: {
    red: "#fb464c",
    orange: "#e9973f",
    yellow: "#e0de71",
    green: "#44cf6e",
    cyan: "#53dfdd",
    blue: "#027aff",
    purple: "#a882ff",
    pink: "#fa99cd",
    mono: "255, 255, 255",
  },
};

/** The accent of the default theme (--accent-h, -s, -l): hsl(254, 80%, 68%). */
const ACCENT = { h: 254, s: 0.8, l: 0.68 };

/**
 * The colours the graph reads from one theme, as the canvas resolves them ("#rrggbb"): the same table the pages use,
 * for the unit test of the graph palette's contrast (tests/ui/graph/graph-contrast.test.ts).
 */
export function themeColours(theme: "light" | "dark"): Record<string, string> {
  const b = BASE[theme];
  const c = COLORS[theme];
  const { h, s, l } = ACCENT;
  const k = (n: number): number => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number): string =>
    Math.round(255 * (l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))))
      .toString(16)
      .padStart(2, "0");
  const accent = `#${channel(0)}${channel(8)}${channel(4)}`;
  return {
    "--color-accent": accent,
    "--interactive-accent": accent,
    "--color-red": c.red,
    "--color-orange": c.orange,
    "--color-yellow": c.yellow,
    "--color-green": c.green,
    "--color-cyan": c.cyan,
    "--color-blue": c.blue,
    "--color-purple": c.purple,
    "--color-pink": c.pink,
    "--background-primary": b["00"],
    "--text-normal": b["100"],
    "--text-muted": b["70"],
    "--text-faint": b["50"],
    "--graph-line": b["35"],
    "--text-error": c.red,
    "--text-warning": c.orange,
  };
}

/** The CSS variables of one theme, on `body.theme-light` / `body.theme-dark`. */
function variables(theme: "light" | "dark"): string {
  const b = BASE[theme];
  const c = COLORS[theme];
  return `body.theme-${theme} {
  --accent-h: ${ACCENT.h}; --accent-s: ${Math.round(ACCENT.s * 100)}%; --accent-l: ${Math.round(ACCENT.l * 100)}%;
  --color-accent: hsl(var(--accent-h), var(--accent-s), var(--accent-l));
  --color-red: ${c.red}; --color-orange: ${c.orange}; --color-yellow: ${c.yellow}; --color-green: ${c.green};
  --color-cyan: ${c.cyan}; --color-blue: ${c.blue}; --color-purple: ${c.purple}; --color-pink: ${c.pink};
  --background-primary: ${b["00"]}; --background-primary-alt: ${b["10"]}; --background-secondary: ${b["20"]};
  --background-modifier-hover: rgba(${c.mono}, 0.075); --background-modifier-active-hover: rgba(${c.mono}, 0.1);
  --background-modifier-border: ${b["30"]}; --background-modifier-border-hover: ${b["35"]}; --background-modifier-border-focus: ${b["40"]};
  --background-modifier-form-field: ${theme === "light" ? b["00"] : b["25"]};
  --background-modifier-cover: rgba(${theme === "light" ? "220, 220, 220" : "10, 10, 10"}, 0.4);
  --text-normal: ${b["100"]}; --text-muted: ${b["70"]}; --text-faint: ${b["50"]}; --graph-line: ${b["35"]};
  --text-accent: var(--color-accent); --text-on-accent: white;
  --text-error: var(--color-red); --text-warning: var(--color-orange); --text-success: var(--color-green);
  --interactive-normal: ${theme === "light" ? b["00"] : b["30"]}; --interactive-hover: ${theme === "light" ? b["10"] : b["35"]};
  --interactive-accent: var(--color-accent); --interactive-accent-hover: hsl(var(--accent-h), var(--accent-s), calc(var(--accent-l) + 4%));
  background: var(--background-primary); color: var(--text-normal);
}`;
}

/** Sizes and fonts (Obsidian's structure variables) and the frames the views sit in. */
const FRAMES = `
html, body { margin: 0; height: 100%; overflow: hidden; }
body { font-family: -apple-system, BlinkMacSystemFont, "Segoe UI", Inter, Ubuntu, sans-serif; font-size: 16px; line-height: 1.5;
  --font-ui-smaller: 12px; --font-ui-small: 13px; --font-ui-medium: 15px; --font-semibold: 600; --font-monospace: ui-monospace, Menlo, monospace;
  --size-2-1: 2px; --size-2-2: 4px; --size-2-3: 6px; --size-4-1: 4px; --size-4-2: 8px; --size-4-3: 12px; --size-4-4: 16px; --size-4-5: 20px; --size-4-6: 24px;
  --radius-s: 4px; --radius-m: 8px; --radius-l: 12px; --header-height: 40px; --input-height: 30px; }
body.is-phone { --input-height: 40px; }
button, input, select, textarea { font: inherit; font-size: var(--font-ui-small); color: var(--text-normal); }
button { background: var(--interactive-normal); border: 1px solid var(--background-modifier-border); border-radius: var(--radius-s);
  padding: var(--size-4-1) var(--size-4-3); height: var(--input-height); cursor: pointer; }
button:hover { background: var(--interactive-hover); }
button.mod-cta { background: var(--interactive-accent); color: var(--text-on-accent); border-color: transparent; }
button:disabled { opacity: 0.5; cursor: default; }
input[type=text], select, textarea { background: var(--background-modifier-form-field); border: 1px solid var(--background-modifier-border);
  border-radius: var(--radius-s); padding: var(--size-4-1) var(--size-4-2); }
input[type=text], select { height: var(--input-height); box-sizing: border-box; }
a { color: var(--text-accent); }
:focus-visible { outline: 2px solid var(--background-modifier-border-focus); outline-offset: 1px; box-shadow: 0 0 0 3px var(--interactive-accent); }
/* A sidebar leaf: height-bounded; the view's content scrolls, as .workspace-leaf-content / .view-content do. */
.workspace-split { position: absolute; top: 0; right: 0; bottom: 0; width: 300px; background: var(--background-secondary);
  border-left: 1px solid var(--background-modifier-border); display: flex; flex-direction: column; }
body.is-phone .workspace-split { width: 100%; border-left: 0; }
.workspace-leaf { flex: 1 1 auto; min-height: 0; display: flex; flex-direction: column; }
.workspace-leaf::before { content: attr(data-title); flex: 0 0 var(--header-height); display: flex; align-items: center;
  padding: 0 var(--size-4-3); font-size: var(--font-ui-small); font-weight: var(--font-semibold); border-bottom: 1px solid var(--background-modifier-border); }
.workspace-leaf-content { flex: 1 1 auto; min-height: 0; display: flex; flex-direction: column; overflow: hidden; position: relative; }
.view-content { flex: 1 1 auto; min-height: 0; width: 100%; box-sizing: border-box; overflow: auto; position: relative; background: var(--background-secondary); }
/* Obsidian's reading view (.markdown-rendered), as the default theme draws it: code on --code-background, wrapped by
   --code-white-space (pre-wrap), tables with 1 px borders in --table-border-color. */
body { --code-background: var(--background-primary-alt); --code-normal: var(--text-normal); --code-radius: var(--radius-s);
  --code-size: 0.875em; --code-white-space: pre-wrap; --table-border-width: 1px; --table-border-color: var(--background-modifier-border);
  --table-header-background: var(--background-secondary); --font-text-size: 16px; }
.markdown-rendered { line-height: 1.5; }
.markdown-rendered p, .markdown-rendered pre, .markdown-rendered table, .markdown-rendered ul { margin: 0 0 1em; }
.markdown-rendered code { font-family: var(--font-monospace); font-size: var(--code-size); background: var(--code-background); color: var(--code-normal); border-radius: var(--code-radius); padding: 0.1em 0.25em; }
.markdown-rendered pre { background: var(--code-background); border-radius: var(--code-radius); padding: var(--size-4-3) var(--size-4-4); white-space: var(--code-white-space); }
.markdown-rendered pre code { background: none; padding: 0; }
.markdown-rendered table { border-collapse: collapse; }
.markdown-rendered th, .markdown-rendered td { border: var(--table-border-width) solid var(--table-border-color); padding: var(--size-2-2) var(--size-4-2); }
.markdown-rendered th { background: var(--table-header-background); font-weight: var(--font-semibold); }
.markdown-rendered .internal-link { color: var(--text-accent); text-decoration: underline; }
/* The modal frame. */
.modal-container { position: fixed; inset: 0; display: flex; align-items: center; justify-content: center; z-index: 10; }
.modal-bg { position: absolute; inset: 0; background: var(--background-modifier-cover); }
.modal { position: relative; box-sizing: border-box; width: 560px; max-width: 80vw; max-height: 85vh; display: flex; flex-direction: column;
  overflow: auto; padding: var(--size-4-4); background: var(--background-primary); border: 1px solid var(--background-modifier-border);
  border-radius: var(--radius-l); box-shadow: 0 10px 30px rgba(0, 0, 0, 0.3); }
body.is-phone .modal { width: 100vw; max-width: 100vw; height: 100%; max-height: 100%; border-radius: 0; }
.modal-close-button { position: absolute; top: var(--size-4-2); right: var(--size-4-2); width: 24px; height: 24px; cursor: pointer; color: var(--text-muted); }
.modal-close-button::before { content: "×"; font-size: 20px; line-height: 24px; display: block; text-align: center; }
.modal-title { font-size: var(--font-ui-medium); font-weight: var(--font-semibold); margin-bottom: var(--size-4-3); padding-right: 24px; }
/* The settings modal: a tab list and the plugin's tab, which scrolls. */
.modal.mod-settings { width: 90vw; max-width: 1000px; height: 85vh; padding: 0; overflow: hidden; }
.mod-settings .modal-content { display: flex; height: 100%; min-height: 0; }
.vertical-tab-header { flex: 0 0 200px; background: var(--background-secondary); padding: var(--size-4-3); font-size: var(--font-ui-small); overflow: auto; }
.vertical-tab-nav-item { padding: var(--size-4-1) var(--size-4-2); border-radius: var(--radius-s); color: var(--text-muted); }
.vertical-tab-nav-item.is-active { background: var(--background-modifier-hover); color: var(--text-normal); }
.vertical-tab-content-container { flex: 1 1 auto; min-width: 0; overflow: auto; }
.vertical-tab-content { padding: var(--size-4-6) var(--size-4-6) var(--size-4-4); }
body.is-phone .vertical-tab-header { display: none; }
body.is-phone .vertical-tab-content { padding: var(--size-4-3); }
/* Setting rows, as Obsidian draws them. */
.setting-item { display: flex; align-items: center; gap: var(--size-4-3); padding: 0.75em 0; border-top: 1px solid var(--background-modifier-border); }
.setting-item:first-child { border-top: 0; }
.setting-item-heading { border-top: 0; margin-top: var(--size-4-6); }
.setting-item-heading .setting-item-name { font-size: var(--font-ui-medium); font-weight: var(--font-semibold); }
.setting-item-info { flex: 1 1 auto; min-width: 0; margin-right: 1em; }
.setting-item-name { font-size: var(--font-ui-medium); color: var(--text-normal); }
.setting-item-description { font-size: var(--font-ui-smaller); color: var(--text-muted); padding-top: var(--size-2-1); line-height: 1.4; }
.setting-item-control { flex: 0 1 auto; display: flex; align-items: center; justify-content: flex-end; gap: var(--size-4-2); min-width: 0; }
.setting-item-control input[type=text] { width: 180px; max-width: 100%; }
body.is-phone .setting-item { flex-wrap: wrap; }
body.is-phone .setting-item-control { flex: 1 1 100%; justify-content: flex-start; }
.checkbox-container { position: relative; width: 40px; height: 22px; border-radius: 11px; background: var(--background-modifier-border-hover); cursor: pointer; flex: 0 0 auto; }
.checkbox-container::after { content: ""; position: absolute; top: 2px; left: 2px; width: 18px; height: 18px; border-radius: 50%; background: white; box-shadow: 0 1px 2px rgba(0, 0, 0, 0.3); }
.checkbox-container.is-enabled { background: var(--interactive-accent); }
.checkbox-container.is-enabled::after { left: 20px; }
.checkbox-container input { position: absolute; inset: 0; margin: 0; opacity: 0; cursor: pointer; }
.checkbox-container:focus-within { box-shadow: 0 0 0 3px var(--interactive-accent); }
`;

/** The whole page style: frames, both themes' variables (the body's class picks one), then the plugin's styles.css. */
export function harnessCss(pluginCss: string): string {
  return `${FRAMES}\n${variables("light")}\n${variables("dark")}\n${pluginCss}`;
}
