// Plugin start-up on generated vaults: loads the BUILT main.js (npm run bench builds it) with a stand-in `obsidian`
// module over notes written to a temporary folder, fires layout-ready and measures what a person would feel: time in
// onload, until Ask answers (from a partial index) and until its index is complete, until lint is ready, the longest
// main-thread task and how many exceeded 50 ms (a 5 ms heartbeat timer: a late beat is a blocked thread), a re-lint
// after one edit, and routing on the plugin's own index.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import v8 from "node:v8";
import { runInNewContext } from "node:vm";
import { clearImmediate, clearInterval, clearTimeout, setImmediate, setInterval, setTimeout } from "node:timers";
import { generateKnowledgeBase, seededRandom } from "./generate-knowledge-base";
import { createStandIn } from "./obsidian-stand-in";
import { median, ms, percentile } from "./stats";

interface VaultShape {
  label: string;
  articles: number;
  daily: number;
  others: number;
}

const SHAPES: VaultShape[] = [
  { label: "2,000 notes", articles: 160, daily: 240, others: 1598 },
  { label: "10,000 notes", articles: 800, daily: 1200, others: 7998 },
  { label: "10,000 articles", articles: 10000, daily: 0, others: 0 },
];

const BEAT_MS = 5;

/** A vault like a working one: CKP articles with index and log, daily logs that link articles, and ordinary notes. */
function generateVault(shape: VaultShape) {
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
    texts.set(`daily/${day(i)}.md`, `# Daily Log: ${day(i)}\n\n### Session (10:02) - Work\n${para(40)} See [[${a}]].\n\n### Session (15:40) - More\n${para(60)}\n`);
  }
  for (let i = 0; i < shape.others; i++) {
    const link = (k: number) => `[[note-${k % shape.others}]]`;
    const broken = i % 25 === 0 ? " and [[never-written]]" : "";
    texts.set(
      `notes/area-${i % 40}/note-${i}.md`,
      `---\ntags: [area-${i % 40}]\n---\n# Note ${i}\n\n${para(50)} ${link(i + 1)} ${link(i * 7 + 3)}${broken}.\n\n## Details\n${para(80)}\n\n- ${para(12)} ^b${i}\n`,
    );
  }
  return { texts, questions: kb.questions };
}

/** Timers the way a browser runs them: a 0 ms timeout is a new task right away (setImmediate), not a 1 ms wait. */
function installWindow(): () => void {
  const g = globalThis as Record<string, unknown>;
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

type PluginInstance = {
  onload(): Promise<void>;
  onunload?(): void;
  lint: { ready: boolean; engine: { update(c: string[], r?: string[]): unknown; run(): unknown; lastVisited: number } | null; findings(): unknown[] };
  router: { ready: boolean; indexing(): { done: number; total: number } | null; route(q: string, budget: number): { loaded: { path: string }[]; status: string } };
};

function loadPlugin(mainJs: string, obsidian: unknown): new (app: unknown, manifest: unknown) => PluginInstance {
  const nodeRequire = createRequire(join(process.cwd(), "package.json"));
  const module = { exports: {} as Record<string, unknown> };
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the bench runs the built bundle as Obsidian does
  const run = new Function("require", "module", "exports", readFileSync(mainJs, "utf8")) as (r: (id: string) => unknown, m: unknown, e: unknown) => void;
  run((id) => (id === "obsidian" ? obsidian : nodeRequire(id)), module, module.exports);
  return (module.exports.default ?? module.exports) as new (app: unknown, manifest: unknown) => PluginInstance;
}

/** A 5 ms heartbeat: every gap beyond the interval is time the thread was busy with one task. */
function heartbeat(onBeat: () => void) {
  let last = performance.now();
  let gaps: number[] = [];
  const id = setInterval(() => {
    const now = performance.now();
    gaps.push(now - last - BEAT_MS);
    last = now;
    onBeat();
  }, BEAT_MS);
  return {
    reset: () => ((gaps = []), (last = performance.now())),
    stop: () => clearInterval(id),
    longest: () => Math.max(0, ...gaps),
    over50: () => gaps.filter((g) => g > 50).length,
  };
}

const collectGarbage = (() => {
  v8.setFlagsFromString("--expose-gc");
  return runInNewContext("gc") as () => void;
})();

const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

async function benchOne(shape: VaultShape, mainJs: string): Promise<string> {
  const { texts, questions } = generateVault(shape);
  const root = mkdtempSync(join(tmpdir(), "kc-startup-"));
  for (const [p, t] of texts) {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    writeFileSync(join(root, p), t);
  }
  const stand = createStandIn(root, texts);
  const Plugin = loadPlugin(mainJs, stand.obsidian);
  const plugin = new Plugin(stand.app, { id: "ckp-knowledge-compiler", dir: ".obsidian/plugins/ckp-knowledge-compiler" });
  const marks: { askUsable?: number; askComplete?: number; lintReady?: number } = {};
  let t0 = 0;
  const beat = heartbeat(() => {
    const now = performance.now() - t0;
    const idx = plugin.router.indexing();
    if (marks.askUsable === undefined && (plugin.router.ready || (idx !== null && idx.done > 0))) marks.askUsable = now;
    if (marks.askComplete === undefined && plugin.router.ready) marks.askComplete = now;
    if (marks.lintReady === undefined && plugin.lint.ready) marks.lintReady = now;
  });
  const tLoad = performance.now();
  await plugin.onload();
  const onloadMs = performance.now() - tLoad;
  // The bench's own garbage (generating the vault) is collected first, so a pause for it is not blamed on the plugin.
  collectGarbage();
  await sleep(20);
  beat.reset();
  t0 = performance.now();
  stand.fireLayoutReady();
  while (marks.lintReady === undefined || marks.askComplete === undefined) await sleep(20);
  await sleep(50);
  const longest = beat.longest();
  const over50 = beat.over50();

  // Re-lint after one edit: Obsidian's "changed" handler runs at once, the lint update after its 300 ms batch.
  const engine = plugin.lint.engine!;
  const update = engine.update.bind(engine);
  const updates: number[] = [];
  const visited: number[] = [];
  engine.update = (c, r) => {
    const t = performance.now();
    const out = update(c, r);
    updates.push(performance.now() - t);
    visited.push(engine.lastVisited);
    return out;
  };
  const articles = [...texts.keys()].filter((p) => p.startsWith("knowledge/concepts/"));
  beat.reset();
  const handler: number[] = [];
  for (let k = 0; k < 5; k++) {
    const p = articles[(k * 7919) % articles.length]!;
    const other = articles[(k * 31 + 1) % articles.length]!.slice(0, -3);
    const t = performance.now();
    stand.edit(p, `${texts.get(p)!}\nEdited: see [[${other.slice(other.lastIndexOf("/") + 1)}]].\n`);
    handler.push(performance.now() - t);
    await sleep(400);
  }
  const editLongest = beat.longest();
  beat.stop();

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
  plugin.onunload?.();
  for (const id of stand.intervals) clearInterval(id as unknown as ReturnType<typeof setInterval>);
  rmSync(root, { recursive: true, force: true });

  const notes = texts.size;
  const reLint = median(updates);
  return [
    `| ${shape.label} | ${notes.toLocaleString("en")} | ${shape.articles.toLocaleString("en")} | ${ms(onloadMs)} | ${ms(marks.askUsable!)} | ${ms(marks.askComplete)}`,
    `${ms(marks.lintReady)} | ${ms(longest)} | ${over50} | ${ms(reLint)} (${median(visited)} notes) | ${((reLint / fullSync) * 100).toFixed(3)}% of ${ms(fullSync)}`,
    `${ms(Math.max(...handler))} / ${ms(editLongest)} | ${ms(percentile(routeMs, 95))} | ${found}/${questions.length} |`,
  ].join(" | ");
}

/** Runs the start-up benchmark on each generated vault and prints one table. */
export async function benchPluginStartup(): Promise<void> {
  console.log("\n## Plugin start-up (built main.js, stand-in Obsidian API, generated vaults)\n");
  const mainJs = join(process.cwd(), "main.js");
  if (!existsSync(mainJs)) {
    console.log("main.js is missing: run `npm run build` (npm run bench builds it).");
    return;
  }
  const only = process.env.KC_STARTUP_SHAPES?.split(",").map((s) => s.trim());
  const restore = installWindow();
  console.log("| vault | notes | articles | onload | Ask answers (partial index) | Ask index complete | lint ready | longest task | tasks > 50 ms | re-lint 1 edit | re-lint ÷ full run | edit handler / longest task after edits | route p95 | routed to the needed article |");
  console.log("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
  try {
    for (const shape of SHAPES) if (!only || only.some((o) => shape.label.startsWith(o))) console.log(await benchOne(shape, mainJs));
  } finally {
    restore();
  }
  console.log(`\nTimes after layout-ready. Tasks are measured with a ${BEAT_MS} ms heartbeat timer from layout-ready until lint and Ask are ready (a late beat is a task that held the thread); "re-lint" is the engine's update after one edit (median of 5), against the engine's full run done synchronously once for comparison. Notes are read from disk asynchronously, as Obsidian's desktop adapter does.`);
}
