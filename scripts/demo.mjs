// `npm run demo` (after the build): the Knowledge Compiler's story on the demo vault in under a minute, offline.
// Lint's summary, three questions routed (one the base does not cover), the graph, a compile dry run with its token
// and cost estimate, then how to do it for real. With --live and ANTHROPIC_API_KEY it compiles and asks on a copy.
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const cli = join(root, "dist", "kc.cjs");
const vault = join(root, "examples", "demo-vault");
const shown = relative(process.cwd(), vault) || ".";

/** Runs kc and returns its stdout (lint exits 1 on the demo's deliberate errors: that is expected here). */
function kc(...args) {
  const r = spawnSync(process.execPath, [cli, ...args], { encoding: "utf8" });
  if (r.status !== 0 && r.status !== 1) throw new Error(`kc ${args[0]} failed (exit ${r.status}): ${r.stderr.trim()}`);
  return r.stdout;
}

function step(title, command) {
  console.log(`\n\x1b[1m${title}\x1b[0m`);
  console.log(`$ kc ${command}`);
}

const started = Date.now();
console.log("Knowledge Compiler demo: a small knowledge base compiled from ten daily logs of work on a note-taking app's sync.");

step("1. Lint: is the knowledge base healthy?", `lint ${shown}`);
const lint = JSON.parse(kc("lint", vault, "--format", "json"));
const { error = 0, warning = 0, suggestion = 0 } = lint.counts;
console.log(`${lint.noteCount} notes: ${error} errors, ${warning} warnings, ${suggestion} suggestions (deliberate faults, listed in ${shown}/FAULTS.md)`);
for (const severity of ["error", "warning", "suggestion"]) {
  const byCheck = new Map();
  for (const f of lint.findings.filter((x) => x.severity === severity)) byCheck.set(f.check, (byCheck.get(f.check) ?? 0) + 1);
  const counts = [...byCheck].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  if (counts.length > 0) console.log(`  ${`${severity}s:`.padEnd(12)} ${counts.map(([c, n]) => `${c} ${n}`).join(", ")}`);
}
const first = lint.findings.find((f) => f.severity === "error") ?? lint.findings[0];
if (first) console.log(`  for example  ${first.path}:${first.line}  ${first.message}`);

const questions = [
  "How long should an upload wait before it is retried?",
  "Two phones changed the same field while offline. Which change is kept?",
  "How do I bake sourdough bread?",
];
for (const [i, q] of questions.entries()) {
  step(`${i === 0 ? "2. Route: which articles would answer a question, and why (no model call)" : "   …another question"}`, `route ${shown} "${q}"`);
  const trace = kc("route", vault, q).trimEnd().split("\n");
  const skippedAt = trace.indexOf("Skipped:");
  const loaded = (skippedAt === -1 ? trace : trace.slice(0, skippedAt)).slice(1);
  // A long reason is cut after the last matched term or field that fits, so the demo stays a few lines.
  const fit = (line) => (line.length <= 140 ? line : `${line.slice(0, Math.max(line.lastIndexOf("; ", 136), line.lastIndexOf(", ", 136)))} …`);
  for (const line of loaded) console.log(fit(line));
  if (skippedAt !== -1) console.log(`  (${trace.length - skippedAt - 1} more considered and left out; kc route shows why)`);
}

step("3. Graph: how the articles relate (CKP tiers)", `graph ${shown}`);
const graph = JSON.parse(kc("graph", vault));
const stale = graph.edges.filter((e) => e.stale).length;
const high = graph.edges.filter((e) => e.tier === "high").length;
console.log(
  `${graph.nodes.length} articles, ${graph.edges.length} relationships (${high} SIMILAR_HIGH), ${stale} stale — as JSON, DOT or Mermaid (--format mermaid)`,
);

step("4. Compile: what the model would be shown for the changed and new daily logs (dry run: no model call)", `compile ${shown} --all --dry-run`);
console.log(kc("compile", vault, "--all", "--dry-run").trimEnd());

const copy = "/tmp/demo-vault";
console.log(`\nFor real, on a copy with a key (compile asks before it writes; \`kc undo\` puts it back; or \`npm run demo -- --live\`):`);
console.log(
  `  cp -r ${shown} ${copy} && export ANTHROPIC_API_KEY=… && node dist/kc.cjs compile ${copy} --all && node dist/kc.cjs ask ${copy} "${questions[1]}"`,
);

if (process.argv.includes("--live")) {
  if (!process.env.ANTHROPIC_API_KEY && !process.env.ANTHROPIC_BASE_URL) {
    console.log("\n--live needs ANTHROPIC_API_KEY (or ANTHROPIC_BASE_URL); nothing was called.");
  } else {
    const live = mkdtempSync(join(tmpdir(), "kc-demo-"));
    cpSync(vault, live, { recursive: true });
    console.log(`\n5. Live, on a copy at ${live}:`);
    // kc prints its own message when a call fails; the demo stops there, without a stack trace, and removes its copy.
    for (const args of [
      ["compile", live, "--all", "--yes"],
      ["ask", live, questions[1]],
    ]) {
      const r = spawnSync(process.execPath, [cli, ...args], { stdio: "inherit" });
      if (r.status !== 0) {
        rmSync(live, { recursive: true, force: true });
        console.log(`\nkc ${args[0]} did not succeed (exit ${r.status ?? r.signal}), so the live demo stopped; its copy was removed.`);
        process.exit(1);
      }
    }
    console.log(`\nThe compiled copy stays at ${live} to look at (remove it with rm -r when done).`);
  }
}
console.log(`\n(demo took ${((Date.now() - started) / 1000).toFixed(1)} s, offline)`);
