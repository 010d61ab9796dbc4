// `npm run screenshots`: renders each view in headless Chromium (Debian's chromium + playwright-core) and saves
// PNGs under docs/images/. The views are the real classes; Obsidian's CSS variables are set to its dark theme.
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

const root = process.cwd();
const out = join(root, "docs", "images");
mkdirSync(out, { recursive: true });

const THEME = `
body { margin: 0; background: #1e1e1e; color: #dadada; font-family: -apple-system, "Segoe UI", Inter, sans-serif;
  --size-4-1: 4px; --size-4-2: 8px; --size-4-3: 12px; --font-ui-small: 13px; --font-ui-smaller: 12px; --font-semibold: 600;
  --text-normal: #dadada; --text-muted: #999; --text-accent: #a88bfa; --text-error: #fb464c; --color-orange: #e9973f;
  --background-modifier-border: #363636; --radius-s: 4px; }
textarea { background: #1e1e1e; color: #dadada; border: 1px solid #444; border-radius: 4px; padding: 6px; box-sizing: border-box; }
.mod-cta { background: #7f6df2; color: white; }
a.internal-link { color: #a88bfa; text-decoration: underline; }
#pane.is-wide { width: 740px; padding: 12px; }
#pane { width: 420px; border-left: 1px solid #363636; min-height: 100vh; background: #262626; }
button { background: #363636; color: #dadada; border: 1px solid #444; border-radius: 4px; padding: 2px 8px; cursor: pointer; }
h4 { font-size: 15px; }`;

async function lintFindings(): Promise<unknown[]> {
  let json = "";
  await runCli(["lint", join(root, "examples", "demo-vault"), "--format", "json"], { out: (t) => (json += t), err: () => undefined, isTTY: false, env: {} });
  // The report uses 1-based positions; the view takes the engine's 0-based ones.
  return (JSON.parse(json) as { findings: { line: number; column: number; fixable: boolean }[] }).findings.map((f) => ({
    ...f, line: f.line - 1, col: f.column - 1, fix: f.fixable ? { kind: "add-backlink", path: "", target: "" } : undefined,
  }));
}

async function page(entry: string, name: string, data: string): Promise<string> {
  const bundle = await build({
    entryPoints: [join(root, "scripts", entry)],
    bundle: true, write: false, format: "iife", platform: "browser",
    alias: { obsidian: join(root, "tests", "fakes", "obsidian-stub.ts") },
  });
  const html = `<!doctype html><html><head><meta charset="utf-8"><style>${THEME}${readFileSync(join(root, "styles.css"), "utf8")}</style></head>
<body><div id="pane"></div><script>${data}</script>
<script>${bundle.outputFiles[0]!.text}</script></body></html>`;
  mkdirSync(join(root, "dist"), { recursive: true });
  const file = join(root, "dist", `${name}.html`);
  writeFileSync(file, html);
  return file;
}

async function demoRoute(question: string): Promise<unknown> {
  let json = "";
  await runCli(["route", join(root, "examples", "demo-vault"), question, "--format", "json"], { out: (t) => (json += t), err: () => undefined, isTTY: false, env: {} });
  return JSON.parse(json);
}

const QUESTION = "How long should the client wait before retrying an upload, and can a retry duplicate a note?";
const ANSWER = "Up to five retries, waiting a random time up to 1, 2, 4, 8 and 16 seconds [[knowledge/concepts/retry-with-backoff]]. Each retry reuses the operation's idempotency key, so a retry after a lost response cannot duplicate the note [[knowledge/concepts/idempotency-keys]] [[knowledge/connections/retries-need-idempotency]].";
/** The review of the compile fixture's log, as the plugin would show it after the scripted reply. */
async function compileReview(): Promise<unknown> {
  const fx = await fixtureCompile({}, fixtureFiles(join(root, "tests", "fixtures", "compile-vault")));
  const v = validateProposal(JSON.stringify(validReply()), fx.plan, { existing: fx.existing.byPath });
  if (!v.ok) throw new Error(v.error.join("; "));
  const proposal = dedupeProposal(v.value, fx.existing, "knowledge");
  const { changes } = buildChanges(proposal, fx.plan, (p) => fx.store.files.get(p));
  return {
    logPath: fx.plan.logPath, summary: proposal.summary, changes, notes: proposal.notes,
    estimateText: "Estimated before the call: about 5,310 input tokens, about $0.0534 (at most $0.1359).",
    spentText: "Spent: 5,188 in + 1,402 out tokens (1 call), $0.0366.",
  };
}

const pages = [
  { name: "lint-view", file: await page("lint-view-page.ts", "lint-view", `window.KC_FINDINGS = ${JSON.stringify(await lintFindings())};`) },
  { name: "ask-view", file: await page("ask-view-page.ts", "ask-view", `window.KC_ROUTE = ${JSON.stringify(await demoRoute(QUESTION))}; window.KC_ANSWER = ${JSON.stringify(ANSWER)};`) },
  { name: "compile-review", width: 760, file: await page("compile-review-page.ts", "compile-review", `window.KC_REVIEW = ${JSON.stringify(await compileReview())};`) },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
for (const p of pages) {
  const tab = await browser.newPage({ viewport: { width: ("width" in p ? p.width : undefined) ?? 420, height: 900 }, deviceScaleFactor: 1 });
  await tab.goto(`file://${p.file}`);
  await tab.waitForTimeout(200);
  await tab.screenshot({ path: join(out, `${p.name}.png`), fullPage: false });
  console.log(`wrote ${join(out, `${p.name}.png`)}`);
}
await browser.close();
