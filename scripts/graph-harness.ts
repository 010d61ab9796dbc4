// `npm run graph-harness`: the graph view in headless Chromium (Debian's chromium + playwright-core) on pages that
// behave like Obsidian's panes (a height-bounded 300 px sidebar, a full pane, a 390×844 phone; light and dark), over
// the demo vault and generated bases of 2,000 and 5,000 articles. Checks that it draws (pixels of the node colours),
// that a click on a node opens it, that the keyboard reaches the controls; measures first paint, time to settle and
// the longest main-thread task; writes the README's screenshots to docs/images/.
import { build } from "esbuild";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { Buffer } from "node:buffer";
import { join } from "node:path";
import { chromium, type Page } from "playwright-core";
import { generateKnowledgeBase } from "../bench/generate-knowledge-base";
import { runCli } from "../src/cli/main";
import { readCkpHeader } from "../src/core/ckp/read-ckp-header";
import { GraphModel, graphArticleOf } from "../src/core/graph/graph-model";
import type { GraphView } from "../src/core/graph/graph-types";
import { VaultIndex } from "../src/core/links/vault-index";
import { parseNote } from "../src/core/notes/parse-note";
import { workerSource } from "./worker-source-plugin.mjs";
import process from "node:process";
import { formatTable, print } from "../bench/print";

const root = process.cwd();
const out = join(root, "docs", "images");
mkdirSync(out, { recursive: true });

const BASE = `html, body { margin: 0; height: 100%; overflow: hidden; font-family: -apple-system, "Segoe UI", Inter, sans-serif; font-size: 14px; }
body { --size-4-1: 4px; --size-4-2: 8px; --size-4-4: 16px; --font-ui-small: 13px; --font-ui-smaller: 12px; --font-semibold: 600;
  --radius-s: 4px; --radius-m: 8px; }
#pane { height: 100vh; box-sizing: border-box; overflow: hidden; display: flex; flex-direction: column; }
#pane > div { flex: 1 1 auto; min-height: 0; display: flex; flex-direction: column; }
#pane > div > div { flex: 1 1 auto; min-height: 0; }
select, input, button { font: inherit; }
a { color: var(--text-accent); }`;
const DARK = `body { background: #1e1e1e; color: #dadada; --background-primary: #1e1e1e; --background-secondary: #262626;
  --text-normal: #dadada; --text-muted: #999999; --text-faint: #666666; --text-accent: #a88bfa; --text-error: #fb464c;
  --text-warning: #e0ac00; --color-accent: #8a5cf5; --color-orange: #e9973f; --color-green: #44cf6e; --interactive-accent: #7f6df2;
  --background-modifier-border: #363636; }
select, input, button { background: #2a2a2a; color: #dadada; border: 1px solid #444; border-radius: 4px; }`;
const LIGHT = `body { background: #ffffff; color: #222222; --background-primary: #ffffff; --background-secondary: #f6f6f6;
  --text-normal: #222222; --text-muted: #5c5c5c; --text-faint: #999999; --text-accent: #705dcf; --text-error: #e93147;
  --text-warning: #c98a00; --color-accent: #705dcf; --color-orange: #d97706; --color-green: #0e9f4f; --interactive-accent: #705dcf;
  --background-modifier-border: #dddddd; }
select, input, button { background: #ffffff; color: #222222; border: 1px solid #ccc; border-radius: 4px; }`;

async function pageFile(): Promise<string> {
  const bundle = await build({
    entryPoints: [join(root, "scripts", "graph-view-page.ts")],
    bundle: true, write: false, format: "iife", platform: "browser", plugins: [workerSource],
    alias: { obsidian: join(root, "tests", "fakes", "obsidian-stub.ts") },
  });
  writeFileSync(join(root, "dist", "graph-view-page.js"), bundle.outputFiles[0]!.text);
  return join(root, "dist", "graph-view-page.js");
}

function htmlFor(theme: "light" | "dark", data: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>${BASE}${theme === "dark" ? DARK : LIGHT}${readFileSync(join(root, "styles.css"), "utf8")}</style>
<script>window.KC_TASKS = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) if (window.KC_OPENED_AT !== undefined && e.startTime >= window.KC_OPENED_AT) { window.KC_TASKS.push(Math.round(e.duration)); window.KC_LONGEST = Math.max(window.KC_LONGEST || 0, e.duration); } }).observe({ type: "longtask", buffered: true });</script>
</head><body class="theme-${theme}"><div id="pane"></div><script>${data}</script><script src="graph-view-page.js"></script></body></html>`;
}

async function demoGraph(): Promise<GraphView> {
  let json = "";
  await runCli(["graph", join(root, "examples", "demo-vault")], { out: (t) => (json += t), err: () => undefined, isTTY: false, env: {} });
  return JSON.parse(json) as GraphView;
}

function generatedGraph(n: number): GraphView {
  const kb = generateKnowledgeBase(n, 7, 0);
  const vault = new VaultIndex();
  const files = [...kb.files].map(([p, t]) => [p.startsWith("knowledge/") ? p : `knowledge/${p}`, t] as const);
  for (const [p, t] of files) vault.setNote(p, t);
  const model = new GraphModel(() => "knowledge", (l, from) => vault.resolve(l, from));
  for (const [p, t] of files) {
    const parsed = parseNote(t);
    model.set(graphArticleOf(p, readCkpHeader(parsed.frontmatter), parsed));
  }
  return model.snapshot();
}

interface Case { positions?: Record<string, [number, number]>; name: string; graph: GraphView; active: string | null; mode: "local" | "global"; width: number; height: number; theme: "light" | "dark"; shot?: string; route?: unknown }

/** Positions of the last case, to start the next one warm (as the cache in the plugin folder does). */
let warm: Record<string, [number, number]> = {};

async function measure(page: Page, c: Case): Promise<Record<string, string | number | boolean>> {
  const file = join(root, "dist", `graph-${c.name}.html`);
  writeFileSync(file, htmlFor(c.theme, `window.KC_GRAPH = ${JSON.stringify(c.graph)}; window.KC_ACTIVE = ${JSON.stringify(c.active)}; window.KC_MODE = "${c.mode}"; window.KC_ROUTE = ${JSON.stringify(c.route ?? null)}; window.KC_POSITIONS = ${JSON.stringify(c.positions ?? {})};`));
  await page.setViewportSize({ width: c.width, height: c.height });
  await page.goto(`${origin}/${file.slice(file.lastIndexOf("/") + 1)}`);
  await page.waitForSelector("canvas[data-frames]", { timeout: 30_000 });
  const firstPaint = await page.evaluate(() => performance.now() - (window as unknown as { KC_OPENED_AT: number }).KC_OPENED_AT);
  const settled = await page.waitForSelector("canvas[data-layout=settled]", { timeout: 60_000 }).then(() => true, () => false);
  const settle = await page.evaluate(() => performance.now() - (window as unknown as { KC_OPENED_AT: number }).KC_OPENED_AT);
  await page.focus("canvas");
  await page.keyboard.press("0");
  await page.waitForTimeout(300);
  // Pixels of the node colours in the drawing: the view draws, in this theme's colours.
  const colours = await page.evaluate(() => {
    const canvas = document.querySelector("canvas")!;
    const ctx = canvas.getContext("2d")!;
    const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    const css = getComputedStyle(document.body);
    const hex = (v: string): number[] => { const h = css.getPropertyValue(v).trim().replace("#", ""); return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)); };
    const want = { concept: hex("--color-accent"), connection: hex("--color-orange") };
    const counts: Record<string, number> = { concept: 0, connection: 0 };
    for (let i = 0; i < data.length; i += 4) {
      for (const [k, [r, g, b]] of Object.entries(want)) if (Math.abs(data[i]! - r!) + Math.abs(data[i + 1]! - g!) + Math.abs(data[i + 2]! - b!) < 30) counts[k]!++;
    }
    return counts;
  });
  // A click on a drawn node opens it.
  const opened = await page.evaluate(() => {
    const w = window as unknown as { KC_VIEW: { scene: { nodes: { id: string; kind: string }[]; positions: Float64Array }; t: { x: number; y: number; k: number } } };
    const v = w.KC_VIEW;
    const i = v.scene.nodes.findIndex((n) => n.kind !== "ghost");
    const rect = document.querySelector("canvas")!.getBoundingClientRect();
    return { id: v.scene.nodes[i]?.id ?? null, x: rect.left + v.scene.positions[i * 2]! * v.t.k + v.t.x, y: rect.top + v.scene.positions[i * 2 + 1]! * v.t.k + v.t.y };
  });
  if (opened.id) await page.mouse.click(opened.x, opened.y);
  const clickOpened = await page.evaluate(() => (window as unknown as { KC_OPENED: string[] }).KC_OPENED.slice(-1)[0] ?? null);
  if (clickOpened !== opened.id) print(`${c.name}: clicked ${opened.id} at ${Math.round(opened.x)},${Math.round(opened.y)}, opened ${clickOpened}`);
  await page.mouse.move(1, 1);
  await page.waitForTimeout(100);
  if (c.shot) await page.screenshot({ path: join(out, c.shot) });
  // The keyboard reaches the controls, the canvas and the list's links.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const reached = new Set<string>();
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press("Tab");
    reached.add(await page.evaluate(() => { const a = document.activeElement; return a ? `${a.tagName.toLowerCase()}${a.className ? `.${String(a.className).split(" ")[0]}` : ""}` : "none"; }));
  }
  const longest = await page.evaluate(() => (window as unknown as { KC_LONGEST?: number }).KC_LONGEST ?? 0);
  warm = await page.evaluate(() => {
    const v = (window as unknown as { KC_VIEW: { scene: { nodes: { id: string }[]; positions: Float64Array } } }).KC_VIEW.scene;
    return Object.fromEntries(v.nodes.map((n, i) => [n.id, [v.positions[i * 2]!, v.positions[i * 2 + 1]!]]));
  });
  const tasks = await page.evaluate(() => (window as unknown as { KC_TASKS: number[] }).KC_TASKS);
  const worker = await page.evaluate(() => Boolean((window as unknown as { KC_VIEW: { layout: { worker: unknown } } }).KC_VIEW.layout.worker));
  if (process.env.KC_VERBOSE) print(`${c.name} ${JSON.stringify({ worker, tasks })}`);
  return {
    case: c.name, nodes: c.graph.nodes.length, edges: c.graph.edges.length, viewport: `${c.width}×${c.height}`, theme: c.theme,
    firstPaintMs: Math.round(firstPaint), settled, settleMs: Math.round(settle), longestTaskMs: Math.round(longest),
    conceptPixels: colours.concept!, connectionPixels: colours.connection!, clickOpens: clickOpened === opened.id,
    keyboard: ["select.dropdown", "input.kc-graph-search", "canvas.kc-graph-canvas"].every((k) => reached.has(k)) && (c.active === null || [...reached].some((r) => r.startsWith("a"))) ? true : [...reached].join(" "),
  };
}

mkdirSync(join(root, "dist"), { recursive: true });
await pageFile();
// Served over http on loopback, as Obsidian serves its app: a page from file:// may not start a worker from a Blob.
const server = createServer((req, res) => {
  const name = (req.url ?? "/").slice(1).replace(/[^\w.-]/g, "");
  let body: Buffer | null = null;
  try {
    body = readFileSync(join(root, "dist", name));
  } catch {
    body = null;
  }
  if (body === null) res.writeHead(404).end();
  else res.writeHead(200, { "content-type": name.endsWith(".js") ? "text/javascript" : "text/html" }).end(body);
});
await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
const demo = await demoGraph();
const hub = "knowledge/concepts/version-vectors.md";
let route: unknown = null;
await runCli(["route", join(root, "examples", "demo-vault"), "Why did my edit vanish after syncing two devices?", "--format", "json"], { out: (t) => (route = JSON.parse(t) as unknown), err: () => undefined, isTTY: false, env: {} });
const big = generatedGraph(5000);
const cases: Case[] = [
  { name: "demo-local-sidebar-dark", graph: demo, active: hub, mode: "local", width: 300, height: 900, theme: "dark", shot: "graph-local-sidebar.png" },
  { name: "demo-local-sidebar-light", graph: demo, active: hub, mode: "local", width: 300, height: 900, theme: "light" },
  { name: "demo-global-pane-dark", graph: demo, active: hub, mode: "global", width: 1100, height: 760, theme: "dark", shot: "graph-global.png" },
  { name: "demo-route-pane-light", graph: demo, active: hub, mode: "global", width: 1100, height: 760, theme: "light", shot: "graph-route-preview.png", route },
  { name: "demo-local-phone-dark", graph: demo, active: hub, mode: "local", width: 390, height: 844, theme: "dark", shot: "graph-phone.png" },
  { name: "generated-2000-global", graph: generatedGraph(2000), active: null, mode: "global", width: 1100, height: 760, theme: "dark" },
  { name: "generated-5000-global", graph: big, active: null, mode: "global", width: 1100, height: 760, theme: "dark" },
  { name: "generated-5000-global-warm", graph: big, active: null, mode: "global", width: 1100, height: 760, theme: "dark" },
  { name: "generated-5000-local", graph: big, active: big.nodes[0]!.id, mode: "local", width: 300, height: 900, theme: "light" },
];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--allow-file-access-from-files"],
});
const rows = [];
for (const c of cases) {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  rows.push(await measure(page, c.name.endsWith("-warm") ? { ...c, positions: warm } : c));
  await page.close();
}
await browser.close();
server.close();
print(...formatTable(rows));
writeFileSync(join(root, "dist", "graph-harness.json"), `${JSON.stringify(rows, null, 2)}\n`);
