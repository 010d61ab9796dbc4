// `npm run view-harness` (also `npm run screenshots`): the Ask panel, the lint pane, findings on frontmatter lines in
// the editor, the compile review modal and the settings tab, each the real class over the demo vault or the compile fixture, in headless Chromium (Debian's
// chromium + playwright-core) on pages that behave like Obsidian's: a height-bounded 300 px sidebar leaf whose content
// scrolls (and a short one), Obsidian's modal and settings frames on a desktop window, a 390×844 phone, light and
// dark. Per page, size and theme it checks sideways overflow, clipped or shrunk elements, what must stay in view, the
// Tab order and focus ring, and text contrast; prints the results, writes dist/view-harness.json and the README's
// screenshots (docs/images/), and exits non-zero when a check fails. Not part of `npm test` (it needs chromium).
import { build } from "esbuild";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { runCli } from "../src/cli/main";
import { buildChanges } from "../src/core/compile/build-changes";
import { dedupeProposal } from "../src/core/compile/dedupe-proposal";
import { validateProposal } from "../src/core/compile/validate-proposal";
import { fixtureCompile, fixtureFiles } from "../tests/core/compile/compile-fixture";
import { validReply } from "../tests/core/compile/scripted-replies";
import { inspectPage, type PageSpec } from "./harness-checks";
import { checkFocus } from "./harness-focus";
import { startTaskTrace, stopTaskTrace } from "./harness-tasks";
import { pickModelsAndReadPrices, priceFindings } from "./harness-prices";
import { harnessCss } from "./harness-theme";
import process from "node:process";
import { print } from "../bench/print";

const root = process.cwd();
const images = join(root, "docs", "images");
mkdirSync(images, { recursive: true });
mkdirSync(join(root, "dist"), { recursive: true });

async function cli(args: string[]): Promise<string> {
  let out = "";
  await runCli(args, { out: (t) => (out += t), err: () => undefined, isTTY: false, env: {} });
  return out;
}

/**
 * The Ask pages' data: the demo vault's route and the canned answer, and every note's title as `kc graph` reads it
 * (path with ".md" → title), so the page names notes through core's own lookup (articleTitle), not a made-up one.
 */
async function askData(): Promise<string> {
  const demo = join(root, "examples", "demo-vault");
  const graph = JSON.parse(await cli(["graph", demo, "--format", "json"])) as { nodes: { id: string; title: string }[] };
  const titles = Object.fromEntries(graph.nodes.map((n) => [n.id, n.title]));
  const route = await cli(["route", demo, QUESTION, "--format", "json"]);
  return `window.KC_ROUTE = ${route}; window.KC_ANSWER = ${JSON.stringify(ANSWER)}; window.KC_TITLES = ${JSON.stringify(titles)};`;
}

async function lintFindings(): Promise<unknown[]> {
  const json = await cli(["lint", join(root, "examples", "demo-vault"), "--format", "json"]);
  // The report uses 1-based positions; the view takes the engine's 0-based ones.
  return (JSON.parse(json) as { findings: { line: number; column: number; fixable: boolean }[] }).findings.map((f) => ({
    ...f,
    line: f.line - 1,
    col: f.column - 1,
    fix: f.fixable ? { kind: "add-backlink", path: "", target: "" } : undefined,
  }));
}

const QUESTION = "How long should the client wait before retrying an upload, and can a retry duplicate a note?";
const ANSWER = [
  "Up to **five** retries, waiting a random time up to 1, 2, 4, 8 and 16 seconds [[knowledge/concepts/retry-with-backoff]]. Each retry reuses the operation's idempotency key, so a retry after a lost response cannot duplicate the note [[knowledge/concepts/idempotency-keys]] [[knowledge/connections/retries-need-idempotency]].",
  "",
  "```ts",
  "const delayMs = Math.random() * Math.min(16_000, 1_000 * 2 ** attempt); // full jitter, capped at 16 s, per operation",
  'await upload(op, { headers: { "Idempotency-Key": op.idempotencyKey } });',
  "```",
  "",
  "| Attempt | Longest wait | Same key |",
  "| --- | --- | --- |",
  "| 1 | 1 s | yes |",
  "| 5 | 16 s | yes |",
].join("\n");

/** The review of the compile fixture's log, as the plugin would show it after the scripted reply. */
async function compileReview(): Promise<unknown> {
  const fx = await fixtureCompile({}, fixtureFiles(join(root, "tests", "fixtures", "compile-vault")));
  const v = validateProposal(JSON.stringify(validReply()), fx.plan, { existing: fx.existing.byPath });
  if (!v.ok) throw new Error(v.error.join("; "));
  const proposal = dedupeProposal(v.value, fx.existing, "knowledge");
  const { changes } = buildChanges(proposal, fx.plan, (p) => fx.store.files.get(p));
  return {
    logPath: fx.plan.logPath,
    summary: proposal.summary,
    changes,
    notes: proposal.notes,
    estimateText: "Estimated before the call: about 5,310 input tokens, about $0.0534 (at most $0.1359).",
    spentText: "Spent: 5,188 in + 1,402 out tokens (1 call), $0.0366.",
  };
}

/**
 * The streamed answer: re-rendered as it grew but not per delta (fewer renderings than half the deltas, however slow
 * the machine made the stream), drawn as a reading view (a code block on its own background that wraps inside the
 * panel, a bordered table). Its main-thread tasks are checked by CPU time from a trace (see `cpuTasks`).
 */
function verifyAnswer(): string[] {
  const w = window as unknown as { KC_RENDERS: number; KC_DELTAS: number };
  const out: string[] = [];
  if (w.KC_RENDERS < 3) out.push(`the answer was rendered ${w.KC_RENDERS} times: not as markdown while it streamed`);
  if (w.KC_RENDERS > w.KC_DELTAS / 2) out.push(`the answer was rendered ${w.KC_RENDERS} times for ${w.KC_DELTAS} deltas: once per delta, not batched`);
  const md = document.querySelector(".kc-ask-answer .markdown-rendered");
  if (!md) out.push("the answer is not in a .markdown-rendered block");
  const pre = document.querySelector<HTMLElement>(".kc-ask-answer pre");
  const answer = document.querySelector<HTMLElement>(".kc-ask-answer")!;
  if (!pre) out.push("the code block was not drawn");
  else {
    if (getComputedStyle(pre).backgroundColor === getComputedStyle(answer).backgroundColor) out.push("the code block has no background of its own");
    if (pre.getBoundingClientRect().right > answer.getBoundingClientRect().right + 1) out.push("the code block runs out of the answer");
  }
  const td = document.querySelector(".kc-ask-answer td");
  if (!td || getComputedStyle(td).borderTopStyle === "none") out.push("the table has no borders");
  if (answer.scrollWidth > answer.clientWidth + 1) out.push(`the answer scrolls sideways (${answer.scrollWidth} px in ${answer.clientWidth} px)`);
  const link = document.querySelector(".kc-ask-answer a.internal-link");
  if (link?.textContent?.includes("/")) out.push(`a citation shows a path ("${link.textContent}"), not the note's title`);
  // Every citation reads as its note's title in the demo vault (a file slug such as "retry-with-backoff" fails).
  const titles = new Set(Object.values((window as unknown as { KC_TITLES: Record<string, string> }).KC_TITLES));
  for (const a of document.querySelectorAll(".kc-ask-answer a.internal-link"))
    if (!titles.has(a.textContent ?? "")) out.push(`a citation shows "${a.textContent}", not its note's title`);
  return out;
}

/** The lint rows: no native tooltips, and every message's first line in view (not pushed out by its path). */
function verifyLintRows(): string[] {
  const out: string[] = [];
  const titled = document.querySelectorAll(".kc-lint [title]").length;
  if (titled > 0) out.push(`${titled} elements use a native title tooltip (unreachable by keyboard and touch)`);
  for (const m of [...document.querySelectorAll<HTMLElement>(".kc-lint-finding .kc-lint-message")].slice(0, 12)) {
    const row = m.closest<HTMLElement>(".kc-lint-finding")!.getBoundingClientRect();
    const r = m.getBoundingClientRect();
    if (r.height < 14 || r.bottom > row.bottom + 1) out.push(`the message "${(m.textContent ?? "").slice(0, 30)}" is cut by its row`);
  }
  return out;
}

type Frame = "leaf" | "window";
interface HarnessPage {
  name: string;
  entry: string;
  frame: Frame;
  title?: string;
  data: string;
  ready: string;
  spec: PageSpec;
  /** Run in the page before the screenshot and the checks (a click, a scroll to the part worth showing). */
  prepare?: () => void | Promise<void>;
  /** Run in the page after the checks: what this page in particular got wrong (empty when nothing). */
  verify?: () => string[] | Promise<string[]>;
  /** False: no screenshot (a case that checks behaviour, not a picture for the README). */
  shots?: false;
  /** The page's performance marks between which no main-thread task may take over 50 ms of CPU time. */
  cpuTasks?: { from: string; to: string };
}
interface Size {
  name: string;
  width: number;
  height: number;
  phone: boolean;
}
const LEAF_SIZES: Size[] = [
  { name: "sidebar", width: 300, height: 760, phone: false },
  { name: "short-sidebar", width: 300, height: 420, phone: false },
  { name: "phone", width: 390, height: 844, phone: true },
];
const WINDOW_SIZES: Size[] = [
  { name: "desktop", width: 1100, height: 760, phone: false },
  { name: "phone", width: 390, height: 844, phone: true },
];

const leafSpec = (minSizes: PageSpec["minSizes"]): PageSpec => ({ root: ".view-content", frame: ".view-content", minSizes });
const pages: HarnessPage[] = [
  {
    name: "ask-view",
    entry: "ask-view-page.ts",
    frame: "leaf",
    title: "Ask",
    ready: ".kc-harness-done .kc-ask-cost",
    verify: verifyAnswer,
    cpuTasks: { from: "kc-stream-start", to: "kc-stream-end" },
    data: await askData(),
    spec: leafSpec([{ selector: ".kc-ask-input", minHeight: 40 }]),
  },
  {
    // The same answer with its trace and the trace's details opened, so their text and links are checked too.
    name: "ask-view-trace",
    entry: "ask-view-page.ts",
    frame: "leaf",
    title: "Ask",
    ready: ".kc-harness-done .kc-ask-cost",
    data: await askData(),
    prepare: () => {
      for (const d of document.querySelectorAll("details")) d.open = true;
      document.querySelector(".kc-ask-trace")?.scrollIntoView({ block: "start" });
    },
    spec: leafSpec([{ selector: ".kc-ask-input", minHeight: 40 }]),
  },
  {
    name: "lint-view",
    entry: "lint-view-page.ts",
    frame: "leaf",
    title: "Lint",
    ready: ".kc-lint-finding",
    data: `window.KC_FINDINGS = ${JSON.stringify(await lintFindings())};`,
    spec: leafSpec([{ selector: ".kc-lint-filter", minHeight: 24 }]),
    verify: verifyLintRows,
  },
  {
    // Scrolled into a long group with a row in focus: its title stays at the top, the row's whole text shows below.
    name: "lint-view-scrolled",
    entry: "lint-view-page.ts",
    frame: "leaf",
    title: "Lint",
    ready: ".kc-lint-finding",
    data: `window.KC_FINDINGS = ${JSON.stringify(await lintFindings())};`,
    spec: leafSpec([]),
    prepare: () => {
      const list = document.querySelector<HTMLElement>(".kc-lint-list")!;
      list.scrollTop = 420;
      list.dispatchEvent(new Event("scroll"));
      const rows = [...document.querySelectorAll<HTMLElement>(".kc-lint-finding")];
      const lr = list.getBoundingClientRect();
      rows
        .find((r) => r.getBoundingClientRect().top > lr.top + 40)
        ?.querySelector<HTMLElement>(".kc-lint-where")
        ?.focus();
    },
    verify: () =>
      (document.querySelector(".kc-lint-sticky:not(.kc-hidden)") ? [] : ["no group title stays at the top of the scrolled list"]).concat(
        document.querySelector(".kc-lint-detail:not(.kc-hidden)") ? [] : ["the row in focus shows no detail line"],
      ),
  },
  {
    // Findings on frontmatter lines: in Live Preview (Obsidian shows the Properties widget there) they are listed under
    // the frontmatter; in source mode the opening line carries a bar with the messages. Real CodeMirror editors.
    name: "lint-properties",
    entry: "lint-properties-page.ts",
    frame: "window",
    ready: ".kc-lint-fm-widget",
    data: "",
    spec: {
      root: "#pane",
      frame: "#pane",
      minSizes: [
        { selector: ".kc-lint-fm-widget", minHeight: 16 },
        { selector: ".kc-lint-fm-line", minHeight: 10 },
      ],
    },
  },
  {
    name: "compile-review",
    entry: "compile-review-page.ts",
    frame: "window",
    ready: ".kc-review-actions",
    data: `window.KC_REVIEW = ${JSON.stringify(await compileReview())};`,
    spec: {
      root: ".modal-content",
      frame: ".modal",
      minSizes: [{ selector: ".kc-review-actions button", minHeight: 24 }],
      alwaysVisible: [{ selector: ".kc-review-actions", scroller: ".modal" }],
    },
  },
  {
    name: "settings",
    entry: "settings-page.ts",
    frame: "window",
    ready: ".kc-model-picker select",
    data: "",
    // A refused folder (so its message is checked too), then the Ask section after a click on "Test connection".
    prepare: () => {
      const rows = [...document.querySelectorAll<HTMLElement>(".setting-item")];
      const folder = rows.find((r) => r.textContent?.startsWith("Knowledge folder"))?.querySelector("input");
      if (folder) {
        folder.value = "daily";
        folder.dispatchEvent(new Event("input"));
      }
      rows
        .find((r) => r.textContent?.startsWith("Test connection"))
        ?.querySelector("button")
        ?.click();
      rows.find((r) => r.classList.contains("setting-item-heading") && r.textContent === "Ask")?.scrollIntoView({ block: "start" });
    },
    spec: {
      root: ".vertical-tab-content",
      frame: ".vertical-tab-content-container",
      minSizes: [{ selector: ".setting-item-control input[type=text]:not([hidden])", minWidth: 60 }],
    },
  },
  {
    // Picking another model changes every price and cost the settings show (Haiku 5.5 → Opus 5.5: 40 times), and an
    // id no table knows says its cost is unknown. The estimates and costs outside the settings (compile, Ask's cost
    // line, contradictions, cited code) are checked in jsdom tests over the plugin's host.
    name: "settings-prices",
    entry: "settings-page.ts",
    frame: "window",
    ready: ".kc-model-picker select",
    shots: false,
    data: `window.KC_MODELS = ${JSON.stringify([
      { id: "claude-sonnet-5-5", name: "Claude Sonnet 5.5" },
      { id: "claude-opus-5-5", name: "Claude Opus 5.5" },
      { id: "claude-haiku-5-5", name: "Claude Haiku 5.5" },
    ])};`,
    prepare: pickModelsAndReadPrices,
    verify: priceFindings,
    spec: { root: ".vertical-tab-content", frame: ".vertical-tab-content-container", minSizes: [] },
  },
];

// KC_VIEW_HARNESS=settings-prices,ask-view runs only the pages named (all when unset).
const only =
  process.env.KC_VIEW_HARNESS?.split(",")
    .map((n) => n.trim())
    .filter(Boolean) ?? [];

async function bundle(entry: string): Promise<string> {
  const r = await build({
    entryPoints: [join(root, "scripts", entry)],
    bundle: true,
    write: false,
    format: "iife",
    platform: "browser",
    alias: { obsidian: join(root, "tests", "fakes", "obsidian-stub.ts") },
  });
  return r.outputFiles[0]!.text;
}

const css = harnessCss(readFileSync(join(root, "styles.css"), "utf8"));
function html(p: HarnessPage, js: string, theme: "light" | "dark", size: Size): string {
  const frame =
    p.frame === "leaf"
      ? `<div class="workspace-split mod-right-split"><div id="pane" class="workspace-leaf" data-title="${p.title ?? ""}"></div></div>`
      : `<div id="pane"></div>`;
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><style>${css}</style></head>
<body class="theme-${theme}${size.phone ? " is-phone is-mobile" : ""}">${frame}<script>${p.data}</script><script>${js}</script></body></html>`;
}

/** One row of results: the page, size and theme, and each check's findings (empty when it passes). */
interface Row {
  page: string;
  size: string;
  theme: string;
  ok: boolean;
  ready: boolean;
  texts: number;
  focusables: number;
  reached: number;
  failures: string[];
  notes: string[];
}

// Playwright starts Chromium with a fresh profile of its own (--user-data-dir in a new temporary folder) and removes it.
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
/**
 * Runs in the page: resolves once the page is still (fonts loaded, and two animation frames in a row without a change
 * to the DOM), so the screenshot and checks see what the last action left, however slow the machine.
 */
async function settled(): Promise<void> {
  await document.fonts.ready;
  let changed = true;
  const watch = new MutationObserver(() => (changed = true));
  watch.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  let still = 0;
  // A page that never stops changing (a clock, an animation) is taken as it is after 600 frames.
  for (let frames = 0; still < 2 && frames < 600; frames++) {
    changed = false;
    await new Promise((r) => window.requestAnimationFrame(r));
    still = changed ? 0 : still + 1;
  }
  watch.disconnect();
}

// KC_HARNESS_SLOWDOWN=<n> runs every page's main thread n times slower (Chrome's CPU throttling), as a loaded machine
// does to the clock: every wait must still end on its condition. (It slows the CPU time of a task too, so the long-task
// budget is scaled by n.)
const slowdown = Math.max(1, Number(process.env.KC_HARNESS_SLOWDOWN ?? 1));
const rows: Row[] = [];
try {
  for (const p of pages.filter((page) => only.length === 0 || only.includes(page.name))) {
    const js = await bundle(p.entry);
    for (const size of p.frame === "leaf" ? LEAF_SIZES : WINDOW_SIZES) {
      for (const theme of ["dark", "light"] as const) {
        const file = join(root, "dist", `view-harness-${p.name}-${size.name}-${theme}.html`);
        writeFileSync(file, html(p, js, theme, size));
        const tab = await browser.newPage({
          viewport: { width: size.width, height: size.height },
          deviceScaleFactor: 1,
          hasTouch: size.phone,
          isMobile: size.phone,
        });
        const errors: string[] = [];
        tab.on("pageerror", (e) => errors.push(`page error: ${e.message}`));
        if (slowdown > 1) await (await tab.context().newCDPSession(tab)).send("Emulation.setCPUThrottlingRate", { rate: slowdown });
        if (p.cpuTasks) await startTaskTrace(browser, tab);
        await tab.goto(`file://${file}`);
        // Waits on what it checks, however long a loaded machine takes to get there (the limit only ends a page that hangs).
        const ready = await tab.waitForSelector(p.ready, { timeout: 120_000 }).then(
          () => true,
          () => false,
        );
        // Throttling emulates a slower processor (CPU time grows with it), so the 50 ms budget grows with it too.
        const long = p.cpuTasks ? await stopTaskTrace(browser, p.cpuTasks.from, p.cpuTasks.to, 50 * slowdown) : [];
        if (p.prepare) await tab.evaluate(p.prepare);
        await tab.evaluate(settled);
        const suffix = size.name === "phone" ? (theme === "dark" ? "-phone" : null) : size.name === "short-sidebar" ? null : theme === "dark" ? "" : "-light";
        if (suffix !== null && p.shots !== false) await tab.screenshot({ path: join(images, `${p.name}${suffix}.png`) });
        const found = await tab.evaluate(inspectPage, p.spec);
        const own = p.verify ? await tab.evaluate(p.verify) : [];
        const focus = await checkFocus(tab, found.focusables);
        await tab.close();
        const failures = [
          ...errors,
          ...own,
          ...(long === null ? [`never reached the marks ${p.cpuTasks!.from} and ${p.cpuTasks!.to}`] : []),
          ...(long ?? []).map((t) => `a main-thread task of ${Math.round(t.cpuMs)} ms of CPU time (${Math.round(t.wallMs)} ms by the clock)`),
          ...(ready ? [] : [`never drew ${p.ready}`]),
          ...found.overflow.map((m) => `overflow: ${m}`),
          ...found.clipped.map((m) => `clipped: ${m}`),
          ...found.hidden.map((m) => `out of view: ${m}`),
          ...found.contrast.map((c) => `contrast ${c.ratio}:1 (needs ${c.need}:1) of "${c.text}" at ${c.where}, ${c.fg} on ${c.bg}`),
          ...found.unreachable.map((m) => `keyboard: ${m}`),
          ...focus.missed.map((m) => `keyboard: Tab never reaches ${m}`),
          ...focus.order.map((m) => `keyboard: out of order: ${m}`),
          ...focus.noRing.map((m) => `keyboard: no visible focus ring on ${m}`),
        ];
        const notes = found.themeContrast.map((c) => `theme's own colours: ${c.ratio}:1 of "${c.text}" at ${c.where}`);
        rows.push({
          page: p.name,
          size: `${size.name} ${size.width}×${size.height}`,
          theme,
          ok: failures.length === 0,
          ready,
          texts: found.textsChecked,
          focusables: found.focusables.length,
          reached: focus.reached,
          failures,
          notes,
        });
      }
    }
  }
} finally {
  await browser.close();
}

for (const r of rows) {
  print(`${r.ok ? "PASS" : "FAIL"}  ${r.page}  ${r.size}  ${r.theme}  (${r.texts} texts, Tab reached ${r.reached} of ${r.focusables})`);
  for (const f of r.failures) print(`        ${f}`);
  for (const n of [...new Set(r.notes)]) print(`        note: ${n}`);
}
writeFileSync(join(root, "dist", "view-harness.json"), `${JSON.stringify(rows, null, 2)}\n`);
const failed = rows.filter((r) => !r.ok).length;
print(`${rows.length - failed} of ${rows.length} cases pass; results in dist/view-harness.json, screenshots in docs/images/.`);
process.exitCode = failed > 0 ? 1 : 0;
