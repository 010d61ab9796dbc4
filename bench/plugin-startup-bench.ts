// Plugin start-up on generated vaults: loads the BUILT main.js (npm run bench builds it) with a stand-in `obsidian`
// module over notes written to a temporary folder, fires layout-ready and measures what a person would feel: time in
// onload, until Ask answers (from a partial index) and until its index is complete, until lint is ready, the longest
// main-thread task and how many exceeded 50 ms (a 5 ms heartbeat timer: a late beat is a blocked thread), a re-lint
// after one edit, routing on the plugin's own index, and the lint report pane's renders (in jsdom).
import { mkdirSync, mkdtempSync, openSync, readFileSync, readSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { Buffer } from "node:buffer";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import v8 from "node:v8";
import { compileFunction, runInNewContext } from "node:vm";
import { clearImmediate, clearInterval, clearTimeout, setImmediate, setInterval, setTimeout } from "node:timers";
import { generateKnowledgeBase, seededRandom } from "./generate-knowledge-base";
import { printChildResult, runInChild } from "./child-run";
import { createStandIn } from "./obsidian-stand-in";
import { median, ms, percentile } from "./stats";
import { installObsidianDomHelpers } from "../tests/fakes/obsidian-dom";
import process from "node:process";
import { nodeGlobal } from "./node-global";
import { print } from "./print";

export interface VaultShape {
  label: string;
  articles: number;
  daily: number;
  others: number;
  scope?: "vault";
}

const SHAPES: VaultShape[] = [
  { label: "2,000 notes", articles: 160, daily: 240, others: 1598 },
  { label: "10,000 notes", articles: 800, daily: 1200, others: 7998 },
  { label: "10,000 articles", articles: 10000, daily: 0, others: 0 },
  // The whole vault in scope: ordinary notes' one-way links and short notes give tens of thousands of findings.
  { label: "10,000 notes, vault scope", articles: 800, daily: 1200, others: 7998, scope: "vault" },
];

export const BEAT_MS = 5;

/** A vault like a working one: CKP articles with index and log, daily logs that link articles, and ordinary notes. */
export function generateVault(shape: VaultShape) {
  const kb = generateKnowledgeBase(shape.articles, 7, 40);
  const texts = new Map(kb.files);
  const slugs = [...kb.files.keys()].map((p) => p.slice(p.lastIndexOf("/") + 1, -3));
  texts.set("knowledge/index.md", `# Index\n\n| Article | Summary |\n|---|---|\n${slugs.map((s) => `| [[${s}]] | notes |`).join("\n")}\n`);
  texts.set("knowledge/log.md", "# Build log\n\n- 2026-01-01 compiled\n");
  const rnd = seededRandom(11);
  const words = "the plan was to measure the queue before changing the cache and keep each retry small under load".split(" ");
  const para = (n: number) => Array.from({ length: n }, () => words[Math.floor(rnd() * words.length)]).join(" ") + ".";
  const day = (i: number) => new Date(Date.UTC(2022, 0, 1 + i)).toISOString().slice(0, 10);
  for (let i = 0; i < shape.daily; i++) {
    const a = slugs[Math.floor(rnd() * slugs.length)];
    texts.set(
      `daily/${day(i)}.md`,
      `# Daily Log: ${day(i)}\n\n### Session (10:02) - Work\n${para(40)} See [[${a}]].\n\n### Session (15:40) - More\n${para(60)}\n`,
    );
  }
  for (let i = 0; i < shape.others; i++) {
    const link = (k: number) => `[[note-${k % shape.others}]]`;
    const broken = i % 25 === 0 ? " and [[never-written]]" : "";
    texts.set(
      `notes/area-${i % 40}/note-${i}.md`,
      `---\ntags: [area-${i % 40}]\n---\n# Note ${i}\n\n${para(50)} ${link(i + 1)} ${link(i * 7 + 3)} ${link(i * 13 + 5)} ${link(i * 17 + 11)}${broken}.\n\n## Details\n${para(80)}\n\n- ${para(12)} ^b${i}\n`,
    );
  }
  return { texts, questions: kb.questions };
}

/** Timers the way a browser runs them: a 0 ms timeout is a new task right away (setImmediate), not a 1 ms wait. */
export function installWindow(): () => void {
  const g = nodeGlobal;
  const saved = { window: g.window, MessageChannel: g.MessageChannel };
  type Handle = { t?: ReturnType<typeof setTimeout>; i?: ReturnType<typeof setImmediate> };
  g.window = {
    setTimeout: (fn: () => void, wait?: number): Handle => (wait ? { t: setTimeout(fn, wait) } : { i: setImmediate(fn) }),
    clearTimeout: (h?: Handle) => {
      if (h?.t) clearTimeout(h.t);
      if (h?.i) clearImmediate(h.i);
    },
    setInterval: (fn: () => void, wait: number) => setInterval(fn, wait).unref(),
    clearInterval: (h: ReturnType<typeof setInterval>) => clearInterval(h),
    requestAnimationFrame: (fn: () => void) => setTimeout(fn, 16),
    devicePixelRatio: 1,
  };
  // Node runs up to 1,000 posted messages back to back without letting timers in; a browser runs each as its own
  // task. Without MessageChannel the plugin yields with a 0 ms timeout, which is setImmediate here: the same thing.
  delete g.MessageChannel;
  return () => {
    g.window = saved.window;
    g.MessageChannel = saved.MessageChannel;
  };
}

export type PluginInstance = {
  onload(): Promise<void>;
  onunload?(): void;
  lint: {
    ready: boolean;
    engine: {
      update(c: string[], r?: string[]): unknown;
      updateSteps(c: readonly string[], r?: readonly string[]): Generator<void, unknown, void>;
      run(): unknown;
      lastVisited: number;
    } | null;
    findings(): unknown[];
  };
  router: {
    ready: boolean;
    indexing(): { done: number; total: number } | null;
    route(q: string, budget: number): { loaded: { path: string }[]; status: string };
  };
};

export function loadPlugin(mainJs: string, obsidian: unknown): new (app: unknown, manifest: unknown) => PluginInstance {
  const nodeRequire = createRequire(join(process.cwd(), "package.json"));
  const module = { exports: {} as Record<string, unknown> };
  // The built bundle runs as Obsidian runs it: a function of require, module and exports.
  const run = compileFunction(readFileSync(mainJs, "utf8"), ["require", "module", "exports"]) as (r: (id: string) => unknown, m: unknown, e: unknown) => void;
  run((id) => (id === "obsidian" ? obsidian : nodeRequire(id)), module, module.exports);
  return (module.exports.default ?? module.exports) as new (app: unknown, manifest: unknown) => PluginInstance;
}

/**
 * This (the main) thread's CPU time in ms where Linux says (/proc/thread-self/schedstat), else the process's: GC helper
 * and compiler threads, and other processes on a shared machine, then count too.
 */
export const mainThreadCpu: () => number = (() => {
  try {
    const fd = openSync("/proc/thread-self/schedstat", "r");
    const buf = Buffer.alloc(64);
    const read = () => Number(buf.toString("latin1", 0, readSync(fd, buf, 0, 64, 0)).split(" ")[0]) / 1e6;
    if (Number.isFinite(read())) return read;
  } catch {
    // Not Linux: the process's CPU time.
  }
  return () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
})();

/**
 * A 5 ms heartbeat: every gap beyond the interval is time the thread was held by one task. On a shared machine a gap
 * can also be time the process was not scheduled at all, so each gap also records the CPU time the main thread used
 * in it (mainThreadCpu); a task is counted as long only when both exceed the limit.
 */
export function heartbeat(onBeat: () => void) {
  const cpu = mainThreadCpu;
  let last = performance.now();
  let lastCpu = cpu();
  let start = performance.now();
  let gaps: { wall: number; cpu: number; at: number }[] = [];
  const id = setInterval(() => {
    const now = performance.now();
    const c = cpu();
    gaps.push({ wall: now - last - BEAT_MS, cpu: c - lastCpu, at: now - start });
    last = now;
    lastCpu = c;
    onBeat();
  }, BEAT_MS);
  const busy = (g: { wall: number; cpu: number }) => Math.min(g.wall, g.cpu);
  return {
    reset: () => ((gaps = []), (start = last = performance.now()), (lastCpu = cpu())),
    stop: () => clearInterval(id),
    /** The longest gap: its wall time and the CPU time the main thread used in it. */
    longest: (until = Infinity) => gaps.filter((g) => g.at <= until).reduce((a, g) => (busy(g) > busy(a) ? g : a), { wall: 0, cpu: 0, at: 0 }),
    longestWall: () => Math.max(0, ...gaps.map((g) => g.wall)),
    over50: (until = Infinity) => gaps.filter((g) => g.at <= until && busy(g) > 50).length,
  };
}

export const collectGarbage = (() => {
  v8.setFlagsFromString("--expose-gc");
  return runInNewContext("gc") as () => void;
})();

export const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

/** The panes the plugin registered, opened as Obsidian restores them (the benchmark times their renders). */
type Pane = { containerEl: HTMLElement; contentEl: HTMLElement; onOpen(): Promise<void>; render(): void; renderProgress(): void };

/** A DOM for the panes (jsdom, loaded at run time so it is not bundled) with Obsidian's element helpers. */
export function installDom(): void {
  const g = nodeGlobal;
  if (g.document) return;
  const load = createRequire(join(process.cwd(), "package.json"));
  const { JSDOM } = load("jsdom") as { JSDOM: new (html: string) => { window: Record<string, unknown> } };
  const { window } = new JSDOM("<!doctype html><body></body>");
  for (const k of ["document", "HTMLElement", "Element", "Node", "Event", "KeyboardEvent", "MouseEvent", "DocumentFragment"]) g[k] = window[k];
  installObsidianDomHelpers(g);
}

/** Runs `fn` and returns how long it held the thread: wall time, or the main thread's CPU time when the machine was busy. */
function busyTime(fn: () => void): number {
  const t = performance.now();
  const c = mainThreadCpu();
  fn();
  return Math.min(performance.now() - t, mainThreadCpu() - c);
}

/**
 * Times every call of an object's method (the host and the pane itself call them through the instance); a method the
 * object does not have is left alone.
 */
function timeCalls(on: object, method: string, into: number[]): void {
  const target = on as Record<string, ((...args: unknown[]) => unknown) | undefined>;
  const original = target[method]?.bind(on);
  if (!original) return;
  target[method] = (...args: unknown[]) => {
    let out: unknown;
    into.push(busyTime(() => (out = original(...args))));
    return out;
  };
}

interface Figures {
  startup: string;
  after: string;
}

async function benchOne(shape: VaultShape, mainJs: string): Promise<Figures> {
  const { texts, questions } = generateVault(shape);
  const root = mkdtempSync(join(tmpdir(), "kc-startup-"));
  for (const [p, t] of texts) {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    writeFileSync(join(root, p), t);
  }
  const stand = createStandIn(root, texts, shape.scope === "vault" ? { settings: { lintScope: "vault" } } : null);
  const Plugin = loadPlugin(mainJs, stand.obsidian);
  const plugin = new Plugin(stand.app, { id: "ckp-knowledge-compiler", dir: `${stand.app.vault.configDir}/plugins/ckp-knowledge-compiler` });
  const marks: { askUsable?: number; askComplete?: number; lintReady?: number; status?: string } = {};
  let t0 = 0;
  let ask: Pane | null = null;
  const beat = heartbeat(() => {
    const now = performance.now() - t0;
    const idx = plugin.router.indexing();
    if (marks.askUsable === undefined && (plugin.router.ready || (idx !== null && idx.done > 0))) {
      marks.askUsable = now;
      marks.status = ask?.contentEl.querySelector(".kc-ask-status")?.textContent ?? "";
    }
    if (marks.askComplete === undefined && plugin.router.ready) marks.askComplete = now;
    if (marks.lintReady === undefined && plugin.lint.ready) marks.lintReady = now;
  });
  const tLoad = performance.now();
  await plugin.onload();
  const onloadMs = performance.now() - tLoad;
  // The lint report and the Ask panel are open, as Obsidian restores a sidebar that had them.
  const open = async (type: string) => {
    const pane = stand.views.get(type)!({}) as Pane;
    document.body.appendChild(pane.containerEl);
    await pane.onOpen();
    return pane;
  };
  const lintPane = await open("kc-lint-report");
  ask = await open("kc-ask");
  const renders: number[] = [];
  const progressRenders: number[] = [];
  // The pane builds a large set of findings in slices after `render` returns: each of its slices (runSteps), showing
  // the result (apply) and drawing the margin of rows later (the list's renderWindow) is timed as a piece of its
  // work too, and the figures are the longest piece.
  for (const method of ["render", "runSteps", "apply"]) timeCalls(lintPane, method, renders);
  timeCalls((lintPane as unknown as { list: object }).list, "renderWindow", renders);
  timeCalls(lintPane, "renderProgress", progressRenders);
  // The bench's own garbage (generating the vault) is collected first, so a pause for it is not blamed on the plugin.
  collectGarbage();
  await sleep(20);
  beat.reset();
  t0 = performance.now();
  stand.fireLayoutReady();
  while (marks.lintReady === undefined || marks.askComplete === undefined) await sleep(20);
  await sleep(50);
  const longest = beat.longest();
  const longestWall = beat.longestWall();
  const over50 = beat.over50();
  const readyRender = Math.max(0, ...renders);

  // Re-lint after one edit: Obsidian's "changed" handler runs at once, the lint update after its 300 ms batch.
  const engine = plugin.lint.engine!;
  const updateSteps = engine.updateSteps.bind(engine);
  const updates: number[] = [];
  const visited: number[] = [];
  let longestStep = 0;
  // The service drains the update in slices: its work is the time spent inside the steps, summed.
  engine.updateSteps = function* (c, r) {
    const steps = updateSteps(c, r);
    let busy = 0;
    for (;;) {
      const t = performance.now();
      const step = steps.next();
      const d = performance.now() - t;
      busy += d;
      if (d > longestStep) longestStep = d;
      if (step.done) {
        updates.push(busy);
        visited.push(engine.lastVisited);
        return step.value;
      }
      yield;
    }
  };
  const articles = [...texts.keys()].filter((p) => p.startsWith("knowledge/concepts/"));
  beat.reset();
  renders.length = 0;
  for (let k = 0; k < 5; k++) {
    const p = articles[(k * 7919) % articles.length]!;
    const other = articles[(k * 31 + 1) % articles.length]!.slice(0, -3);
    stand.edit(p, `${texts.get(p)!}\nEdited: see [[${other.slice(other.lastIndexOf("/") + 1)}]].\n`);
    await sleep(400);
  }
  const editLongest = beat.longest();
  const editRender = Math.max(0, ...renders);
  // An edit of index.md, which links every article: its update resolves every link again.
  const indexPath = "knowledge/index.md";
  longestStep = 0;
  const updatesBefore = updates.length;
  const indexHandler = stand.edit(indexPath, `${texts.get(indexPath)!}| [[${articles[0]!.slice(articles[0]!.lastIndexOf("/") + 1, -3)}]] | again |\n`);
  await sleep(600);
  // The heartbeat is no measure here: the stand-in's own indexing of a 10,000-link note (Obsidian's work) is ~90 ms in
  // the same task. The plugin's part is its "changed" handler and the update's longest step (one slice at most).
  const indexEdit = { update: updates.slice(updatesBefore).reduce((a, b) => a + b, 0), handler: indexHandler, step: longestStep };
  updates.length = updatesBefore;
  visited.length = updatesBefore;
  beat.stop();

  // Scrolling the report: each scroll event draws the rows in view.
  const list = lintPane.contentEl.querySelector<HTMLElement>(".kc-lint-list")!;
  const height = parseFloat(list.firstElementChild?.getAttribute("style")?.match(/--kc-list-height:\s*([\d.]+)px/)?.[1] ?? "0");
  const frames: number[] = [];
  for (let k = 0; k < 40; k++) {
    list.scrollTop = (((k * 7919) % 997) / 997) * height;
    frames.push(busyTime(() => list.dispatchEvent(new Event("scroll"))));
  }
  const rows = lintPane.contentEl.querySelectorAll(".kc-lint-row").length;
  const findings = plugin.lint.findings().length;

  const routeMs: number[] = [];
  let found = 0;
  for (const q of questions) {
    const t = performance.now();
    const r = plugin.router.route(q.question, 6000);
    routeMs.push(performance.now() - t);
    if (q.needs.every((n) => r.loaded.some((l) => l.path === n))) found++;
  }
  const tFull = performance.now();
  engine.run();
  const fullSync = performance.now() - tFull;
  // The stand-in's register() keeps nothing, so unload's clean-up is done here (as the warm-start bench does): no
  // snapshot save or slice of this vault's plugin runs on into the next vault's measurement.
  (plugin.router as { stop?: () => void }).stop?.();
  (plugin.lint as { stop?: () => void }).stop?.();
  plugin.onunload?.();
  lintPane.containerEl.remove();
  ask.containerEl.remove();
  for (const id of stand.intervals) clearInterval(id as unknown as ReturnType<typeof setInterval>);
  rmSync(root, { recursive: true, force: true });

  const reLint = median(updates);
  const n = (x: number) => x.toLocaleString("en");
  return {
    startup: `| ${shape.label} | ${n(texts.size)} | ${n(shape.articles)} | ${ms(onloadMs)} | ${ms(marks.askUsable!)} ("${marks.status?.replace(/:.*/, "")}") | ${ms(marks.askComplete)} | ${ms(marks.lintReady)} | ${ms(Math.min(longest.wall, longest.cpu))} (wall ${ms(longestWall)}) | ${over50} | ${n(findings)} |`,
    after: `| ${shape.label} | ${ms(reLint)} (${median(visited)} notes) | ${((reLint / fullSync) * 100).toFixed(3)}% of ${ms(fullSync)} | ${ms(Math.min(editLongest.wall, editLongest.cpu))} | ${ms(indexEdit.handler)} / ${ms(indexEdit.update)} / ${ms(indexEdit.step)} | ${ms(percentile(routeMs, 95))}, ${found}/${questions.length} | ${n(findings)}: ${rows} rows drawn | ${ms(readyRender)} / ${ms(Math.max(0, ...progressRenders))} | ${ms(editRender)} | ${ms(median(frames))} / ${ms(Math.max(...frames))} |`,
  };
}

/** Runs the start-up benchmark on each generated vault and prints two tables. */
/** One vault's start-up in this process, which a parent started for it (KC_BENCH=startup-child, KC_STARTUP_SHAPE=label). */
export async function startupChild(): Promise<void> {
  const shape = SHAPES.find((s) => s.label === process.env.KC_STARTUP_SHAPE);
  if (!shape) throw new Error(`no vault shape ${process.env.KC_STARTUP_SHAPE}`);
  installWindow();
  installDom();
  const figures = await benchOne(shape, join(process.cwd(), "main.js"));
  printChildResult(figures);
}

export async function benchPluginStartup(): Promise<void> {
  print("\n## Plugin start-up (built main.js, stand-in Obsidian API, generated vaults)\n");
  const mainJs = join(process.cwd(), "main.js");
  if (!existsSync(mainJs)) {
    print("main.js is missing: run `npm run build` (npm run bench builds it).");
    return;
  }
  const only = process.env.KC_STARTUP_SHAPES?.split(";").map((s) => s.trim());
  const figures: Figures[] = [];
  // Each vault in a Node process of its own: one process's heap grew with every vault (to 428 MB by the fourth, 83 MB
  // for that vault alone), and its collections were counted as the next vault's long tasks.
  for (const shape of SHAPES)
    if (!only || only.some((o) => shape.label.startsWith(o))) figures.push(runInChild<Figures>("startup-child", { KC_STARTUP_SHAPE: shape.label }));
  print("| vault | notes | articles | onload | Ask answers (partial index) | Ask index complete | lint ready | longest task | tasks > 50 ms | findings |");
  print("|---|---|---|---|---|---|---|---|---|---|");
  for (const f of figures) print(f.startup);
  print(
    `\nTimes from layout-ready, with the lint report and the Ask panel open. Tasks are measured with a ${BEAT_MS} ms heartbeat timer until lint and Ask are ready (a late beat is a task that held the thread); a gap counts only as long as the CPU time the main thread used in it, so time the machine gave to other processes or the engine's helper threads is not blamed on the plugin (the longest gap in wall time is shown too). Notes are read from disk asynchronously, as Obsidian's desktop adapter does.\n`,
  );
  print(
    "| vault | re-lint 1 edit (median of 5) | re-lint ÷ full run | longest task around the edits | edit of index.md: changed handler / lint update in slices / its longest step | route p95, needed article routed | lint pane | pane work when lint is ready (longest piece) / on progress | pane work after an edit (longest piece) | scroll frame median / max |",
  );
  print("|---|---|---|---|---|---|---|---|---|---|");
  for (const f of figures) print(f.after);
  print(
    "\nThe full run for the ratio is the engine's synchronous run on the same notes. Pane figures are in jsdom (a slower DOM than Obsidian's), each the lesser of wall and process CPU time, and the longest piece of the pane's work: a render, a slice of going through the findings, showing them, drawing the rows' margin.",
  );
}
