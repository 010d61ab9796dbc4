import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isNodeOnly, nodeOnlyPaths, reviewProblems } from "../../scripts/review-check.mjs";

// CI's review step: the directory's rules may warn `no-nodejs-modules` only in the Node-only code ADR 0002 lists.
const ROOT = join(import.meta.dirname, "..", "..");
const places = nodeOnlyPaths(readFileSync(join(ROOT, "docs", "adr", "0002-node-only-code.md"), "utf8"));
const file = (path: string, ...messages: { ruleId: string | null; severity: number }[]) => ({
  filePath: join(ROOT, path),
  messages: messages.map((m) => ({ ...m, message: "m", line: 1, column: 1 })),
});
const NODE = { ruleId: "obsidianmd/no-nodejs-modules", severity: 1 };

describe("the review check", () => {
  it("reads the Node-only places from the ADR's table: the command line, desktop-only code, tests, benchmarks, scripts; no plugin code", () => {
    expect(places).toEqual(expect.arrayContaining(["src/cli/", "src/mcp/", "src/desktop/", "tests/", "bench/", "scripts/"]));
    for (const plugin of [
      "src/main.ts",
      "src/ui/settings-tab.ts",
      "src/obsidian/create-model.ts",
      "src/core/result.ts",
      "src/llm/anthropic-client.ts",
      "src/commands/x.ts",
    ]) {
      expect(isNodeOnly(plugin, places)).toBe(false);
    }
    expect(isNodeOnly("src/cli/main.ts", places)).toBe(true);
    expect(isNodeOnly("src/clix/main.ts", places)).toBe(false);
  });

  it("reads every quoted path of a row's first cell, not only the first", () => {
    expect(nodeOnlyPaths("| `a.config.ts`, `b.config.ts` | why | what |\n| `c/` | why | what |\n")).toEqual(["a.config.ts", "b.config.ts", "c/"]);
    expect(places).toEqual(expect.arrayContaining(["vitest.config.ts", "vitest.mutation.config.ts"]));
  });

  it("accepts no-nodejs-modules in Node-only code and reports it in plugin code, and every other warning and error anywhere", () => {
    expect(reviewProblems([file("src/cli/main.ts", NODE), file("tests/a.test.ts", NODE, NODE)], places, ROOT)).toEqual([]);
    expect(
      reviewProblems(
        [
          file("src/ui/view.ts", NODE),
          file("tests/a.test.ts", { ruleId: "no-undef", severity: 1 }),
          file("bench/b.ts", { ruleId: "obsidianmd/rule-custom-message", severity: 2 }),
          file("src/cli/c.ts", { ruleId: null, severity: 2 }),
        ],
        places,
        ROOT,
      ),
    ).toEqual([
      "src/ui/view.ts:1:1 warning obsidianmd/no-nodejs-modules: m",
      "tests/a.test.ts:1:1 warning no-undef: m",
      "bench/b.ts:1:1 error obsidianmd/rule-custom-message: m",
      "src/cli/c.ts:1:1 error (parse): m",
    ]);
  });
});
