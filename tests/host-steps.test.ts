import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// The hosts (plugin, CLI, MCP server) build the host bundle, call a workflow and format its result. A core step that
// a workflow already strings together must not be called from a host as well, or the operation has two copies.
// Types and constants of these modules stay importable (a host formats their data); routeQuestion and selectArticles
// are not listed: `kc route`, `kc eval-route` and the router service are the router itself, not a copy of Ask.
const WRAPPED_STEPS = [
  "planCompile",
  "proposeCompile",
  "stageCompile",
  "commitWrites",
  "undoCompile",
  "selectChangedLogs",
  "proposeRevalidation",
  "planContradictions",
  "runContradictions",
  "recordRun",
  "checkPair",
  "contradictionPairs",
  "runClaimDrift",
  "recordClaimDrift",
  "buildAnswerRequest",
  "planFileBack",
  "writeFileBack",
  "writeRevalidationReviewed",
  "writeHeadersReviewed",
  "buildPrimeContext",
  "applyLintFix",
  "distillSession",
  "batchNeedsConfirmation",
  "skipUnchanged",
  "findChangedLogs",
  "LintEngine",
  "createLintContext",
  "lintFactsOfTexts",
];
const HOSTS = ["src/cli", "src/node", "src/obsidian", "src/ui", "src/mcp", "src/commands", "src/desktop", "src/main.ts"];
const ROOT = join(import.meta.dirname, "..");

function files(path: string): string[] {
  const abs = join(ROOT, path);
  if (!statSync(abs).isDirectory()) return [path];
  return readdirSync(abs).flatMap((name) => files(join(path, name)));
}

/** The names a file imports as values (not `import type`, not `type X` inside braces) from src/core. */
function coreValueImports(text: string): string[] {
  const names: string[] = [];
  for (const m of text.matchAll(/^import\s+(?!type\b)\{([^}]*)\}\s+from\s+"[^"]*core\/[^"]*";/gm)) {
    for (const part of m[1]!.split(",")) {
      const name = part.trim();
      if (name !== "" && !name.startsWith("type ")) names.push(name.split(/\s+as\s+/)[0]!);
    }
  }
  return names;
}

describe("hosts call workflows, not the steps workflows wrap", () => {
  it("finds a wrapped step imported as a value, and not one imported as a type", () => {
    expect(coreValueImports('import { planCompile, type CompilePlan } from "../core/compile/plan-compile";')).toEqual(["planCompile"]);
    expect(coreValueImports('import type { CompileOutcome } from "../core/compile/propose-compile";')).toEqual([]);
  });

  it("no host file imports a step that a core workflow already wraps", () => {
    const offenders = HOSTS.flatMap(files)
      .filter((f) => f.endsWith(".ts"))
      .flatMap((f) => {
        const used = coreValueImports(readFileSync(join(ROOT, f), "utf8")).filter((n) => WRAPPED_STEPS.includes(n));
        return used.map((n) => `${relative(ROOT, join(ROOT, f))}: ${n}`);
      });
    expect(offenders).toEqual([]);
  });
});
