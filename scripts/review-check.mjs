// The community directory's automated review, checked the way the project holds itself to it (issue 25): the
// recommended configuration of eslint-plugin-obsidianmd, unmodified (eslint.review.config.mjs), over every .ts file,
// must report no error and no warning except `no-nodejs-modules` in the Node-only code ADR 0002 lists. The list is
// read from the ADR's table, so the decision and the check cannot drift apart.
// `node scripts/review-check.mjs` runs the review and checks it; `--report <eslint-json>` checks a saved report instead.
import { readFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";

const ROOT = resolve(fileURLToPath(import.meta.url), "..", "..");
const ADR = "docs/adr/0002-node-only-code.md";
const NODE_ONLY_RULE = "obsidianmd/no-nodejs-modules";

/** The Node-only places in the ADR's table: each quoted path of a row's first cell, a folder (ending in "/") or a file. */
export function nodeOnlyPaths(adrText) {
  return [...adrText.matchAll(/^\| (`[^|]+`) \|/gm)].flatMap((m) => [...m[1].matchAll(/`([^`]+)`/g)].map((q) => q[1]));
}

/** True when `path` (repository-relative, forward slashes) is one of the listed places or inside a listed folder. */
export function isNodeOnly(path, places) {
  return places.some((p) => (p.endsWith("/") ? path.startsWith(p) : path === p));
}

/**
 * What the review reports that the project does not accept, as "path:line:column rule: message" lines: every error, and
 * every warning but `no-nodejs-modules` in a listed Node-only place. `results` is ESLint's JSON report.
 */
export function reviewProblems(results, places, root = ROOT) {
  const problems = [];
  for (const file of results) {
    const path = relative(root, file.filePath).split("\\").join("/");
    for (const m of file.messages) {
      if (m.severity === 1 && m.ruleId === NODE_ONLY_RULE && isNodeOnly(path, places)) continue;
      problems.push(`${path}:${m.line ?? 0}:${m.column ?? 0} ${m.severity === 2 ? "error" : "warning"} ${m.ruleId ?? "(parse)"}: ${m.message}`);
    }
  }
  return problems;
}

/** Runs the review configuration over every .ts file of the repository and returns ESLint's results. */
async function runReview() {
  const { ESLint } = await import("eslint");
  const eslint = new ESLint({ cwd: ROOT, overrideConfigFile: resolve(ROOT, "eslint.review.config.mjs") });
  return eslint.lintFiles(["**/*.ts"]);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf("--report");
  const results = at > 0 ? JSON.parse(readFileSync(process.argv[at + 1], "utf8")) : await runReview();
  const places = nodeOnlyPaths(readFileSync(resolve(ROOT, ADR), "utf8"));
  const problems = reviewProblems(results, places);
  const allowed = results.reduce((n, f) => n + f.messages.length, 0) - problems.length;
  if (problems.length > 0) {
    process.stderr.write(
      `review: ${problems.length} finding(s) the directory's review would count (only ${NODE_ONLY_RULE} in ${ADR}'s places is accepted):\n${problems.join("\n")}\n`,
    );
    process.exit(1);
  }
  process.stdout.write(`review: ${results.length} files, 0 errors, ${allowed} ${NODE_ONLY_RULE} warnings, all in Node-only code (${ADR})\n`);
}
